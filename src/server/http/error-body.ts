// The JSON error body of every failure, whoever answers it (docs/PRODUCT.md "The API's conventions": the same text in message and error).

export interface InputIssue {
  path: string;
  message: string;
}
export interface ErrorBody {
  message: string;
  error: string;
  code: string;
  issues?: InputIssue[];
}

export function errorJson(message: string, code: string): ErrorBody {
  return { message, error: message, code };
}

export const NOT_FOUND_BODY = errorJson('Not found', 'NOT_FOUND');
