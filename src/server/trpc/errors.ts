// The one place that turns a failure into the JSON error shape and status of docs/PRODUCT.md "The API's conventions".
import { TRPCError } from '@trpc/server';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';
import { loggableError, loggedPath, logger as processLogger, type Logger } from '../logging';

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

/** The JSON error body of every failure, whoever answers it (docs/PRODUCT.md "The API's conventions": the same text in message and error). */
export function errorJson(message: string, code: string): ErrorBody {
  return { message, error: message, code };
}

export const NOT_FOUND_BODY = errorJson('Not found', 'NOT_FOUND');

const statusByCode: Partial<Record<TRPC_ERROR_CODE_KEY, number>> = {
  BAD_REQUEST: 400,
  PARSE_ERROR: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_SUPPORTED: 405,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE_CONTENT: 422,
  TOO_MANY_REQUESTS: 429,
};

/**
 * A 429 that says when to come back: answered with a `Retry-After` header (seconds) on both doors — REST through
 * errorResponse (rest/kit.ts), tRPC through the endpoint's responseMeta (app.ts).
 */
export class RetryLaterError extends TRPCError {
  readonly retryAfterSeconds: number;
  constructor(message: string, retryAfterSeconds: number) {
    super({ code: 'TOO_MANY_REQUESTS', message });
    this.retryAfterSeconds = Math.max(1, Math.ceil(retryAfterSeconds));
  }
}

/** The Retry-After seconds of an error, if it carries one. */
export function retryAfterOf(error: unknown): number | undefined {
  return error instanceof RetryLaterError ? error.retryAfterSeconds : undefined;
}

/** The largest Retry-After among a response's errors (a tRPC batch may hold several), as a header value. */
export function retryAfterHeader(errors: readonly unknown[]): string | undefined {
  let most: number | undefined;
  for (const e of errors) {
    const s = retryAfterOf(e);
    if (s !== undefined && (most === undefined || s > most)) most = s;
  }
  return most === undefined ? undefined : String(most);
}

export function httpStatusOf(code: TRPC_ERROR_CODE_KEY): number {
  return statusByCode[code] ?? 500;
}

type PathSegment = PropertyKey | { key: PropertyKey };

/** Issues of a failed zod / Standard Schema validation, if that is what caused the error. */
export function inputIssuesOf(error: unknown): InputIssue[] | undefined {
  const cause = error instanceof TRPCError ? error.cause : error;
  const issues = (cause as { issues?: unknown } | undefined)?.issues;
  if (!Array.isArray(issues) || issues.length === 0) return undefined;
  return issues.map((i: { path?: PathSegment[]; message?: string }) => ({
    path: (i.path ?? []).map((p) => String(typeof p === 'object' && p !== null && 'key' in p ? p.key : p)).join('.'),
    message: String(i.message ?? 'Invalid input'),
  }));
}

export const INTERNAL_MESSAGE = 'Something went wrong on our side. Please try again.';

/** Message a user may see: the first validation message for bad input, never an internal error's text. */
export function publicMessageOf(error: TRPCError): string {
  if (error.code === 'INTERNAL_SERVER_ERROR') return INTERNAL_MESSAGE;
  return inputIssuesOf(error)?.[0]?.message ?? error.message;
}

export function errorBodyOf(error: TRPCError): ErrorBody {
  const issues = inputIssuesOf(error);
  return { ...errorJson(publicMessageOf(error), error.code), ...(issues ? { issues } : {}) };
}

/** For anything thrown: TRPCErrors keep their meaning; everything else becomes an internal error (logged, not shown). */
export function toTRPCError(error: unknown): TRPCError {
  if (error instanceof TRPCError) return error;
  return new TRPCError({ code: 'INTERNAL_SERVER_ERROR', cause: error });
}

/**
 * The error line of an internal error: where (a procedure, or a method and path written as the request line writes
 * it) and the error scrubbed of secrets (logging.ts loggableError).
 */
export function logIfInternal(error: TRPCError, where: string, log: Logger = processLogger): void {
  if (error.code === 'INTERNAL_SERVER_ERROR') log.error({ err: loggableError(error.cause ?? error), where: loggedWhere(where) }, 'internal error');
}

/** `GET /api/shared/<token>` as `GET /api/shared/:token`. */
function loggedWhere(where: string): string {
  const space = where.indexOf(' ');
  return space === -1 ? where : `${where.slice(0, space)} ${loggedPath(where.slice(space + 1))}`;
}
