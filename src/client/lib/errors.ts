// What a failed call says to the user: the server's message (docs/PRODUCT.md "The API's conventions" error body, or a tRPC error's message), and
// what kind of failure it is, so an outage is never mistaken for being signed out.
import { TRPCClientError } from '@trpc/client';

export interface InputIssue {
  path: string;
  message: string;
}

/** The HTTP status a tRPC error came with (undefined: the server was not reached, or answered no JSON). */
export function httpStatusOf(error: unknown): number | undefined {
  if (!(error instanceof TRPCClientError)) return undefined;
  const data = (error as TRPCClientError<never>).data as { httpStatus?: unknown } | undefined;
  return typeof data?.httpStatus === 'number' ? data.httpStatus : undefined;
}

/** The server's validation issues of a refused input, first one first. */
export function inputIssuesOf(error: unknown): InputIssue[] {
  if (!(error instanceof TRPCClientError)) return [];
  const data = (error as TRPCClientError<never>).data as { issues?: unknown } | undefined;
  const issues = data?.issues;
  if (!Array.isArray(issues)) return [];
  return issues.filter((i): i is InputIssue => typeof i?.path === 'string' && typeof i?.message === 'string');
}

/**
 * - `signedOut`: 401, the session is gone;
 * - `refused`: any other 4xx, the server understood and said no (its message is for the user);
 * - `unavailable`: no answer, no JSON, or a 5xx: the network or the server failed, a Retry may help.
 */
export type FailureKind = 'signedOut' | 'refused' | 'unavailable';

export function failureKind(error: unknown): FailureKind {
  const status = httpStatusOf(error);
  if (status === 401) return 'signedOut';
  if (status !== undefined && status >= 400 && status < 500) return 'refused';
  return 'unavailable';
}

export const UNAVAILABLE_MESSAGE = 'The server could not be reached. Check your connection and try again.';

export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof TRPCClientError && failureKind(error) === 'unavailable') {
    return httpStatusOf(error) !== undefined && error.message.trim() ? error.message.trim() : fallback;
  }
  if (error instanceof TRPCClientError || error instanceof Error) {
    const m = error.message.trim();
    // a network failure or an HTML error page is no message for a person
    if (m && !m.startsWith('<') && m !== 'Failed to fetch' && !m.startsWith('Unexpected token') && !/JSON/.test(m)) return m;
  }
  return fallback;
}

/**
 * What an outage says: no answer at all is the connection (the user can act on it); a 5xx is the server's failure,
 * said as such. Null for anything else (a refusal has the server's own words).
 */
export function outageText(error: unknown): string | null {
  if (failureKind(error) !== 'unavailable') return null;
  const status = httpStatusOf(error);
  return status === undefined ? UNAVAILABLE_MESSAGE : `The server could not complete this (error ${status}). Please try again.`;
}

/** A fetch that fails with the connection's words when no answer comes (offline, DNS, a dropped connection). */
export async function fetchOrOffline(input: string, init?: RequestInit): Promise<Response> {
  try {
    return await fetch(input, init);
  } catch {
    throw new Error(UNAVAILABLE_MESSAGE);
  }
}
