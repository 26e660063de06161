// Guards in front of /api and /trpc (docs/DECISIONS.md "Hardening"). Each is a check that answers the contract's JSON
// error shape, or undefined to let the request through; src/server/http/envelope.ts runs them in order before any
// procedure, in one middleware (one async layer per guard would cost every request).
import type { Context } from 'hono';
import type { AppConfig } from '../config';
import { bearerKeyOf, headerReaderOf, requestHeader, type HeaderReader } from './request-header';
import { errorJson } from './error-body';

/**
 * The most calls one tRPC batch may hold. The client's httpBatchLink uses maxItems 10; a screen needs a handful. A
 * longer batch is one request doing the work of hundreds, holding the event loop while everyone else waits.
 */
export const TRPC_MAX_BATCH = 10;
export const BATCH_TOO_LARGE = `A batch may hold at most ${TRPC_MAX_BATCH} calls`;

export const BAD_PATH = 'The request path is not valid';

/**
 * The procedure paths of /trpc/a,b,c counted the way tRPC will see them: its fetch adapter takes the URL's pathname,
 * decodes it once with decodeURIComponent and splits on commas, so `%2C` (or `%2c`) is a comma like any other. A batch
 * over the cap is a 413 and a path that does not decode (`%C0%AC`, `%ZZ`: tRPC would throw outside its error
 * handling, a 500) is a 400, both before any call runs. A path with no `%` is counted as it stands.
 */
export function batchTooLong(c: Context, max = TRPC_MAX_BATCH): Response | undefined {
  if (!c.req.path.startsWith('/trpc/')) return undefined;
  let paths = trpcPathOf(c.req.url);
  if (paths.includes('%')) {
    try {
      paths = decodeURIComponent(paths);
    } catch {
      return c.json(errorJson(BAD_PATH, 'BAD_REQUEST'), 400);
    }
  }
  let calls = 1;
  for (let i = paths.indexOf(','); i !== -1 && calls <= max; i = paths.indexOf(',', i + 1)) calls += 1;
  return calls > max ? c.json(errorJson(BATCH_TOO_LARGE, 'PAYLOAD_TOO_LARGE'), 413) : undefined;
}

const trimSlashes = (s: string) => s.replace(/^\/+|\/+$/g, '');

/**
 * What tRPC's fetch adapter reads as the procedure path: the URL's pathname, slashes trimmed, less the endpoint. The
 * request's URL is already normalised (scheme://host/path?query), so the pathname is cut out of it without a parse.
 */
function trpcPathOf(url: string): string {
  const start = url.indexOf('/', url.indexOf('//') + 2);
  const query = url.indexOf('?', start);
  const pathname = url.slice(start, query === -1 ? undefined : query);
  return trimSlashes(trimSlashes(pathname).slice('trpc'.length));
}

export const JSON_REQUIRED = 'Send the request body as JSON (Content-Type: application/json)';

export function isJsonContentType(value: string | undefined): boolean {
  if (value === undefined) return false;
  // what every JSON client sends, decided without building a string (a split costs a runtime call on the hot path)
  if (value === 'application/json') return true;
  const end = value.indexOf(';');
  return (end === -1 ? value : value.slice(0, end)).trim().toLowerCase() === 'application/json';
}

/**
 * Writes (POST / PUT / PATCH) that say what they carry must say JSON: a form or text/plain body, the kind a foreign
 * page can send without a preflight, is a 415. A write with no Content-Type at all is served only when it has no
 * body (POST /api/logout, the reset-link action); a body without one is refused by the body reader (rest/kit.ts).
 * DELETE carries no body here and is not checked.
 */
export function notJson(c: Context): Response | undefined {
  const m = c.req.method;
  if (m === 'POST' || m === 'PUT' || m === 'PATCH') {
    const type = requestHeader(c, 'content-type');
    if (type !== undefined && !isJsonContentType(type)) return c.json(errorJson(JSON_REQUIRED, 'UNSUPPORTED_MEDIA_TYPE'), 415);
  }
  return undefined;
}

/**
 * tRPC's fetch adapter takes a body as JSON only when its Content-Type starts with `application/json` spelled so;
 * HTTP media types are case-insensitive and REST accepts `Application/JSON`. Such a /trpc request is handed on with
 * the type spelled tRPC's way (only then: copying a request costs, and browsers send the lower-case spelling).
 */
export function normaliseTrpcJsonType(c: Context): void {
  if (c.req.method === 'GET' || !c.req.path.startsWith('/trpc/')) return;
  const type = requestHeader(c, 'content-type');
  if (type === undefined || type.startsWith('application/json') || !isJsonContentType(type)) return;
  const headers = new Headers(c.req.raw.headers);
  headers.set('content-type', 'application/json');
  c.req.raw = new Request(c.req.raw, { headers, duplex: 'half' } as RequestInit);
}

/** The host a request was addressed to: the Host header (or X-Forwarded-Host's last entry behind a trusted proxy). */
function hostOf(header: HeaderReader, trustProxy: boolean): string | undefined {
  const forwarded = trustProxy ? header('x-forwarded-host') : undefined;
  const raw = forwarded ? forwarded.split(',').at(-1)!.trim() : header('host');
  return raw === undefined || raw === '' ? undefined : raw.toLowerCase();
}

/** `example.com:443` on an https app is `example.com`: compared the way URL.host spells it. */
function normaliseHost(host: string, protocol: string): string | null {
  try {
    return new URL(`${protocol}//${host}`).host;
  } catch {
    return null;
  }
}

export const UNKNOWN_HOST = 'Unknown host';

/** The most distinct Host values whose verdict is remembered (a client chooses them: the memory stays bounded). */
const HOST_VERDICTS_MAX = 256;

/**
 * With APP_URL set, the API answers only requests addressed to APP_URL's host (or an ALLOWED_ORIGINS host): a page on
 * another name that resolves to this server (DNS rebinding) is refused. Requests with no Host at all (HTTP/1.0,
 * in-process) are not judged by it. Answers whether the request's host may be served; the verdicts are remembered
 * (parsing a URL per request is a measurable part of a cheap request, and the same few Host values arrive every time).
 */
export function hostGuard(config: Pick<AppConfig, 'allowedHosts' | 'trustProxy' | 'appUrl'>): (header: HeaderReader) => boolean {
  const allowedHosts = config.allowedHosts;
  if (allowedHosts === null) return () => true;
  const protocol = new URL(config.appUrl).protocol;
  const verdicts = new Map<string, boolean>();
  return (header) => {
    const host = hostOf(header, config.trustProxy);
    if (host === undefined) return true;
    let verdict = verdicts.get(host);
    if (verdict === undefined) {
      const normalised = normaliseHost(host, protocol);
      verdict = normalised !== null && allowedHosts.includes(normalised);
      if (verdicts.size >= HOST_VERDICTS_MAX) verdicts.clear();
      verdicts.set(host, verdict);
    }
    return verdict;
  };
}

/** The host rule as the envelope's check (403); the health check is exempt (load balancers probe by address). */
export function unknownHost(config: Pick<AppConfig, 'allowedHosts' | 'trustProxy' | 'appUrl'>): (c: Context) => Response | undefined {
  const allowed = hostGuard(config);
  return (c) =>
    c.req.path === '/api/health' || allowed(headerReaderOf(c.req.raw, c.env)) ? undefined : c.json(errorJson(UNKNOWN_HOST, 'FORBIDDEN'), 403);
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
export const CROSS_SITE_REFUSED = 'Cross-site request refused';

/**
 * Refuses state-changing requests from another site (CSRF): a Sec-Fetch-Site of cross-site / same-site,
 * or an Origin that is not one of the configured ones (APP_URL's, ALLOWED_ORIGINS, and loopback when APP_URL is
 * unset). Never judged against the Host the client sent: a rebinding page would send a matching pair. Scripts that
 * send neither header are served.
 */
export function crossSite(c: Context, config: Pick<AppConfig, 'allowedOrigins'>): Response | undefined {
  if (SAFE_METHODS.has(c.req.method)) return undefined;
  // A request signed with an API key carries no ambient credential a foreign page could borrow: a browser sends an
  // Authorization header only when a script sets it, and a cross-origin script cannot without a CORS preflight this
  // server never grants. The key is checked by the procedure (an unknown one is a 401 there).
  if (bearerKeyOf(requestHeader(c, 'authorization')) !== undefined) return undefined;
  return isCrossSite(requestHeader(c, 'origin'), requestHeader(c, 'sec-fetch-site'), config)
    ? c.json(errorJson(CROSS_SITE_REFUSED, 'FORBIDDEN'), 403)
    : undefined;
}

/** The rule of crossSite from the two header values. */
export function isCrossSite(origin: string | undefined, fetchSite: string | undefined, config: Pick<AppConfig, 'allowedOrigins'>): boolean {
  const crossOrigin = origin !== undefined && !config.allowedOrigins.includes(origin);
  const otherSite = fetchSite !== undefined && fetchSite !== 'same-origin' && fetchSite !== 'none';
  return crossOrigin || otherSite;
}
