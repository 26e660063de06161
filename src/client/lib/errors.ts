// What a failed call says to the user: the server's message (CONTRACT §3 error body, or a tRPC error's message).
import { TRPCClientError } from '@trpc/client';

export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof TRPCClientError || error instanceof Error) {
    const m = error.message.trim();
    // a network failure or an HTML error page is no message for a person
    if (m && !m.startsWith('<') && m !== 'Failed to fetch' && !m.startsWith('Unexpected token')) return m;
  }
  return fallback;
}
