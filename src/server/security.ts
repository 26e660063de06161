import type { Context, MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { errorJson } from './trpc/errors';

/** CSP with no inline or foreign script; styles may be inline because Chakra (Emotion) injects them at run time. */
export const securityHeaders = (): MiddlewareHandler =>
  secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
    xFrameOptions: 'DENY',
    xContentTypeOptions: 'nosniff',
    referrerPolicy: 'strict-origin-when-cross-origin',
    crossOriginResourcePolicy: 'same-origin',
  });

export const MAX_BODY_BYTES = 1024 * 1024;

const tooLarge = (c: Context): Response => c.json(errorJson('The request body is larger than 1 MiB', 'PAYLOAD_TOO_LARGE'), 413);

/** Methods whose requests the app never reads a body of: the limit does not look at theirs at all. */
const BODYLESS_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * At most 1 MiB of request body (413 JSON on both doors), without touching the body of a request that has none to
 * read: on GET/HEAD/OPTIONS it reads nothing, and with a Content-Length it decides from the header alone (Node's
 * HTTP parser delivers exactly that many bytes), so the Node adapter never builds a full `Request` for them (about
 * 60 µs each, which hono's bodyLimit cost every GET by asking for `c.req.raw.body`). A body of unknown length
 * (chunked) is read here while counting, stopping at the first byte over the limit, and handed on as bytes.
 */
export const limitBody = (): MiddlewareHandler => async (c, next) => {
  if (BODYLESS_METHODS.has(c.req.method)) return next();
  const length = c.req.header('content-length');
  if (length !== undefined && /^\d{1,16}$/.test(length)) {
    if (Number(length) > MAX_BODY_BYTES) return tooLarge(c);
    return next();
  }
  const body = c.req.raw.body;
  if (!body) return next();
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel().catch(() => {});
      return tooLarge(c);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  c.req.raw = new Request(c.req.raw, { body: bytes });
  return next();
};
