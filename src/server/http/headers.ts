import type { Context, MiddlewareHandler } from 'hono';
import { requestHeader } from './request-header';
import { errorJson } from './error-body';

/** CSP with no inline or foreign script; styles may be inline because Chakra (Emotion) injects them at run time. */
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * The fixed headers of every answer (the set hono's secureHeaders wrote, with our CSP), kept as one frozen object so
 * a hot answer is built with them in one go instead of twelve `Headers.set` calls after the fact.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'strict-transport-security': 'max-age=15552000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'DENY',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
});

/** Every /api and /trpc answer, errors included: authenticated data must not sit in a shared or browser cache. */
export const API_HEADERS: Readonly<Record<string, string>> = Object.freeze({ 'cache-control': 'no-store', ...SECURITY_HEADERS });

/** Answers built with API_HEADERS already in them (rest/kit.ts apiAnswer): the envelope leaves their headers alone. */
const completeAnswers = new WeakSet<Response>();

/**
 * A JSON (or empty) answer of /api with every fixed header, built in one go: a plain header object is what
 * @hono/node-server writes without converting it, where thirteen `Headers.set` calls after the fact each validate and
 * sort. `extra` headers (X-Total-Count, Retry-After) and Set-Cookie lines join them.
 */
export function apiAnswer(body: string | null, status: number, extra?: Record<string, string>, setCookies?: readonly string[]): Response {
  const base = body === null ? API_HEADERS : API_JSON_HEADERS;
  const fixed = extra === undefined ? base : { ...base, ...extra };
  const headers: HeadersInit =
    setCookies === undefined || setCookies.length === 0
      ? (fixed as Record<string, string>)
      : [...Object.entries(fixed), ...setCookies.map((v): [string, string] => ['set-cookie', v])];
  const res = new Response(body, { status, headers });
  completeAnswers.add(res);
  return res;
}

const API_JSON_HEADERS: Readonly<Record<string, string>> = Object.freeze({ ...API_HEADERS, 'content-type': 'application/json' });

/** Adds `headers` to a response that was not built with them (set, so they win over a handler's own). */
export function completeHeaders(res: Response, headers: Readonly<Record<string, string>>): void {
  if (completeAnswers.has(res)) return;
  const target = res.headers;
  for (const name in headers) target.set(name, headers[name]!);
}

/** The security headers on everything outside /api and /trpc (the app's page and its assets). */
export const securityHeaders = (): MiddlewareHandler => async (c, next) => {
  await next();
  completeHeaders(c.res, SECURITY_HEADERS);
};

export const MAX_BODY_BYTES = 1024 * 1024;

const tooLarge = (c: Context): Response => c.json(errorJson('The request body is larger than 1 MiB', 'PAYLOAD_TOO_LARGE'), 413);

/** Methods whose requests the app never reads a body of: the limit does not look at theirs at all. */
const BODYLESS_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * At most 1 MiB of request body (413 JSON on both doors), without touching the body of a request that has none to
 * read: on GET/HEAD/OPTIONS it reads nothing, and with a Content-Length it decides from the header alone (Node's
 * HTTP parser delivers exactly that many bytes), so the Node adapter never builds a full `Request` for them (asking
 * for `c.req.raw.body`, as hono's bodyLimit does, builds one for every request, GETs included). A body of unknown
 * length (chunked) is read here while counting, stopping at the first byte over the limit, and handed on as bytes.
 * Answers the refusal, or undefined to go on.
 */
export function bodyTooLarge(c: Context): Response | undefined | Promise<Response | undefined> {
  if (BODYLESS_METHODS.has(c.req.method)) return undefined;
  const length = requestHeader(c, 'content-length');
  if (length !== undefined && /^\d{1,16}$/.test(length)) return Number(length) > MAX_BODY_BYTES ? tooLarge(c) : undefined;
  return readCounting(c);
}

async function readCounting(c: Context): Promise<Response | undefined> {
  const body = c.req.raw.body;
  if (!body) return undefined;
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
  return undefined;
}
