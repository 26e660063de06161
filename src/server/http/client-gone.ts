// A client that closes its connection mid-request (an aborted upload, a closed tab) is not a server error: its
// request is logged as one quiet line with status 499 ("client closed request", nginx's name for it), no error-level
// line and no stack trace, and nothing is answered (there is nobody to read it).
import type { IncomingMessage } from 'node:http';

/** The status the log line of such a request carries; never sent, the connection is gone. */
export const CLIENT_CLOSED_REQUEST = 499;

/**
 * Whether the client went away before its whole request arrived. Behind @hono/node-server the Node request says so
 * (incomplete, and aborted, errored or destroyed), which costs nothing to ask on every request. Without the Node
 * request at hand (tRPC's onError before its context exists) the adapter's abort signal tells; an in-process
 * request's signal never aborts.
 */
export function clientGone(req: Request, env?: unknown): boolean {
  const incoming = (env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (incoming !== undefined) return !incoming.complete && (incoming.readableAborted || incoming.errored !== null || incoming.destroyed);
  return req.signal?.aborted === true;
}

/** What the envelope hands back for such a request: an empty answer nobody will read. */
export function clientGoneResponse(): Response {
  return new Response(null, { status: CLIENT_CLOSED_REQUEST });
}
