import type { Context, MiddlewareHandler } from 'hono';
import { SHARED_API_PREFIX } from '../logging';
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
 * The fixed headers of every answer (the set hono's secureHeaders wrote, with our CSP), kept as frozen objects so a
 * hot answer is built with them in one go instead of twelve `Headers.set` calls after the fact. HSTS only when the
 * app is served over https (APP_URL): sent over plain http it would tell a browser to insist on TLS the server does
 * not offer.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'DENY',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
});

const HSTS = 'max-age=15552000; includeSubDomains';

/**
 * What a page or answer reached through a share link says about referrers: nothing. Its address holds the link's
 * token, and a browser would otherwise send it to whatever the customer opens from there.
 */
export const NO_REFERRER = 'no-referrer';

/** Whether a path belongs to a share link (the customer's page `/q/<token>`, its data `/api/shared/<token>…`). */
export function isSharePath(path: string): boolean {
  return path.startsWith('/q/') || path === '/q' || SHARED_API_PREFIX.test(path);
}

export interface FixedHeaders {
  /** Every answer. */
  plain: Readonly<Record<string, string>>;
  /** /api and /trpc answers: the same with no-store. */
  api: Readonly<Record<string, string>>;
  /** A JSON /api answer. */
  apiJson: Readonly<Record<string, string>>;
}

function fixedSet(tls: boolean, noReferrer: boolean): FixedHeaders {
  const plain = Object.freeze({
    ...SECURITY_HEADERS,
    ...(noReferrer ? { 'referrer-policy': NO_REFERRER } : {}),
    ...(tls ? { 'strict-transport-security': HSTS } : {}),
  });
  const api = Object.freeze({ 'cache-control': 'no-store', ...plain });
  return { plain, api, apiJson: Object.freeze({ ...api, 'content-type': 'application/json' }) };
}

const FIXED_SETS = [fixedSet(false, false), fixedSet(false, true), fixedSet(true, false), fixedSet(true, true)] as const;

/** The fixed headers for an app served over https or not, on a share-link path or not (made once, frozen). */
export function fixedHeadersFor(tls: boolean, path: string): FixedHeaders {
  return FIXED_SETS[(tls ? 2 : 0) + (isSharePath(path) ? 1 : 0)]!;
}

/** Answers built with their fixed headers already in them (rest/kit.ts apiAnswer): the envelope leaves them alone. */
const completeAnswers = new WeakSet<Response>();

/**
 * A JSON (or empty) answer of /api with every fixed header, built in one go: a plain header object is what
 * @hono/node-server writes without converting it, where thirteen `Headers.set` calls after the fact each validate and
 * sort. `extra` headers (X-Total-Count, Retry-After) and Set-Cookie lines join them. `fixed`: the request's set
 * (http/envelope.ts chooses it).
 */
export function apiAnswer(
  body: string | null,
  status: number,
  extra?: Record<string, string>,
  setCookies?: readonly string[],
  fixed: FixedHeaders = FIXED_SETS[0],
): Response {
  const base = body === null ? fixed.api : fixed.apiJson;
  const all = extra === undefined ? base : { ...base, ...extra };
  const headers: HeadersInit =
    setCookies === undefined || setCookies.length === 0
      ? (all as Record<string, string>)
      : [...Object.entries(all), ...setCookies.map((v): [string, string] => ['set-cookie', v])];
  const res = new Response(body, { status, headers });
  completeAnswers.add(res);
  return res;
}

/** Adds `headers` to a response that was not built with them (set, so they win over a handler's own). */
export function completeHeaders(res: Response, headers: Readonly<Record<string, string>>): void {
  if (completeAnswers.has(res)) return;
  const target = res.headers;
  for (const name in headers) target.set(name, headers[name]!);
}

/** The security headers on everything outside /api and /trpc (the app's page and its assets). */
export const securityHeaders =
  (tls: boolean): MiddlewareHandler =>
  async (c, next) => {
    await next();
    completeHeaders(c.res, fixedHeadersFor(tls, c.req.path).plain);
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
