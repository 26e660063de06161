// A client that closes its connection mid-request (an aborted upload, a closed tab) is not a server error: its
// request is logged as one quiet line with status 499 ("client closed request", nginx's name for it), no error-level
// line and no stack trace, and nothing is answered (there is nobody to read it).
import type { IncomingMessage } from 'node:http';

/** The status the log line of such a request carries; never sent, the connection is gone. */
export const CLIENT_CLOSED_REQUEST = 499;

/**
 * Whether the client went away before its request was answered. @hono/node-server aborts the request's signal when
 * the connection closes early; the Node request says so itself a moment before (a body read fails as the socket
 * closes, before the response's close event), so both are asked. In-process requests have neither and never count.
 */
export function clientGone(req: Request, env?: unknown): boolean {
  if (req.signal?.aborted) return true;
  const incoming = (env as { incoming?: IncomingMessage } | undefined)?.incoming;
  return incoming !== undefined && !incoming.complete && (incoming.readableAborted || incoming.errored !== null || incoming.destroyed);
}

/** What the envelope hands back for such a request: an empty answer nobody will read. */
export function clientGoneResponse(): Response {
  return new Response(null, { status: CLIENT_CLOSED_REQUEST });
}
