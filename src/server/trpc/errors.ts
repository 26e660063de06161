// The one place that turns a failure into the JSON error shape and status of docs/PRODUCT.md "The API's conventions".
import { TRPCError } from '@trpc/server';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';
import { DomainError, RetryLaterError, type DomainErrorKind } from '../errors';
import { errorJson, type ErrorBody, type InputIssue } from '../http/error-body';
import { loggedPath, logger as processLogger, type Logger } from '../logging';

/** The domain's failures as tRPC codes: the one mapping, used by the procedures' middleware (init.ts) and by both doors. */
const trpcCodeByKind: Record<DomainErrorKind, TRPC_ERROR_CODE_KEY> = {
  invalidInput: 'BAD_REQUEST',
  unauthorized: 'UNAUTHORIZED',
  forbidden: 'FORBIDDEN',
  notFound: 'NOT_FOUND',
  conflict: 'CONFLICT',
  retryLater: 'TOO_MANY_REQUESTS',
};

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

/** The Retry-After seconds of an error, if it carries one. */
export function retryAfterOf(error: unknown): number | undefined {
  const cause = error instanceof TRPCError ? error.cause : error;
  return cause instanceof RetryLaterError ? cause.retryAfterSeconds : undefined;
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

/** A domain error as the tRPC error of its kind (the domain error stays its cause); undefined for anything else. */
export function domainTRPCError(error: unknown): TRPCError | undefined {
  const domain = error instanceof TRPCError ? error.cause : error;
  if (!(domain instanceof DomainError)) return undefined;
  return new TRPCError({ code: trpcCodeByKind[domain.kind], message: domain.message, cause: domain });
}

/**
 * For anything thrown: domain errors become their kind's code, TRPCErrors keep their meaning, everything else becomes
 * an internal error (logged, not shown).
 */
export function toTRPCError(error: unknown): TRPCError {
  const domain = domainTRPCError(error);
  if (domain) return domain;
  if (error instanceof TRPCError) return error;
  return new TRPCError({ code: 'INTERNAL_SERVER_ERROR', cause: error });
}

/**
 * The error line of an internal error: where (a procedure, or a method and path written as the request line writes
 * it) and the error, which the logger writes scrubbed of secrets (logging.ts createLogger, loggableError).
 */
export function logIfInternal(error: TRPCError, where: string, log: Logger = processLogger): void {
  if (error.code === 'INTERNAL_SERVER_ERROR') log.error({ err: error.cause ?? error, where: loggedWhere(where) }, 'internal error');
}

/** `GET /api/shared/<token>` as `GET /api/shared/:token`. */
function loggedWhere(where: string): string {
  const space = where.indexOf(' ');
  return space === -1 ? where : `${where.slice(0, space)} ${loggedPath(where.slice(space + 1))}`;
}
