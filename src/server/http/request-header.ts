// Reading a request header without building a WHATWG `Headers` for it. Behind @hono/node-server, the first
// `c.req.header()` makes undici copy and validate every header of the request (tens of microseconds on a hot path);
// Node's own `incoming.headers` is already parsed. In-process requests (app.request in tests) have no Node request and
// read the WHATWG headers as before.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Context } from 'hono';

/** Reads headers by lower-case name, as Node joins repeated headers; undefined when absent. */
export type HeaderReader = (name: string) => string | undefined;

/** A handler of Node's own request and response (what @hono/node-server's adapter is). */
export type NodeListener = (req: IncomingMessage, res: ServerResponse) => void;

/** The reader for a Node request. */
export function nodeHeaderReader(incoming: IncomingMessage): HeaderReader {
  return (name) => {
    const value = incoming.headers[name];
    return Array.isArray(value) ? value.join(', ') : value;
  };
}

/** The reader for a request and its adapter bindings (`env`: @hono/node-server's `{ incoming, outgoing }`). */
export function headerReaderOf(req: Request, env: unknown): HeaderReader {
  const incoming = (env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (incoming === undefined) return (name) => req.headers.get(name) ?? undefined;
  return nodeHeaderReader(incoming);
}

/** The value of header `name` (lower case) of a Hono request. */
export function requestHeader(c: Context, name: string): string | undefined {
  return headerReaderOf(c.req.raw, c.env)(name);
}

/** A request's path and query string (without the `?`), from its absolute URL. */
export function pathAndQuery(url: string): { path: string; query: string } | undefined {
  const pathStart = url.indexOf('/', url.indexOf('//') + 2);
  if (pathStart === -1) return undefined;
  const queryStart = url.indexOf('?', pathStart);
  return queryStart === -1
    ? { path: url.slice(pathStart), query: '' }
    : { path: url.slice(pathStart, queryStart), query: url.slice(queryStart + 1) };
}

/**
 * The key of an `Authorization: Bearer <key>` header (the scheme in any letter case), or undefined when the request
 * carries no bearer credential. Any other Authorization scheme is ignored, as it always was.
 */
export function bearerKeyOf(authorization: string | undefined): string | undefined {
  if (authorization === undefined || authorization.length < 6) return undefined;
  const scheme = authorization.slice(0, 6).toLowerCase();
  if (scheme !== 'bearer' || (authorization.length > 6 && authorization[6] !== ' ')) return undefined;
  // "Bearer" with no key (HTTP drops the trailing space) names a key all the same: an empty, unknown one.
  return authorization.slice(7).trim();
}
