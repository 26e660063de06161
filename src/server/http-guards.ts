// Guards in front of /api and /trpc (issue 15; docs/DECISIONS.md "Hardening"). Each is its own middleware, answering
// the contract's JSON error shape before any procedure runs.
import type { Context, MiddlewareHandler } from 'hono';
import type { AppConfig } from './config';
import { errorJson } from './trpc/errors';

/** Every /api and /trpc answer, errors included: authenticated data must not sit in a shared or browser cache. */
export const noStore = (): MiddlewareHandler => async (c, next) => {
  await next();
  c.res.headers.set('Cache-Control', 'no-store');
};

/**
 * The most calls one tRPC batch may hold. The client's httpBatchLink uses maxItems 10; a screen needs a handful. A
 * longer batch is one request doing the work of hundreds (issue 15: 1,000 quotes froze the server for 1.5 s).
 */
export const TRPC_MAX_BATCH = 10;
export const BATCH_TOO_LARGE = `A batch may hold at most ${TRPC_MAX_BATCH} calls`;

/** Counts the comma-separated procedure paths of /trpc/a,b,c: a batch over the cap is a 413, before any call runs. */
export const trpcBatchCap =
  (max = TRPC_MAX_BATCH): MiddlewareHandler =>
  async (c, next) => {
    const paths = c.req.path.slice(c.req.path.indexOf('/trpc/') + '/trpc/'.length);
    let calls = 1;
    for (let i = paths.indexOf(','); i !== -1 && calls <= max; i = paths.indexOf(',', i + 1)) calls += 1;
    if (calls > max) return c.json(errorJson(BATCH_TOO_LARGE, 'PAYLOAD_TOO_LARGE'), 413);
    await next();
  };

export const JSON_REQUIRED = 'Send the request body as JSON (Content-Type: application/json)';

export function isJsonContentType(value: string | undefined): boolean {
  if (value === undefined) return false;
  const type = value.split(';')[0]!.trim().toLowerCase();
  return type === 'application/json';
}

/**
 * Writes (POST / PUT / PATCH) that say what they carry must say JSON: a form or text/plain body, the kind a foreign
 * page can send without a preflight, is a 415. A write with no Content-Type at all is served only when it has no
 * body (POST /api/logout, the reset-link action); a body without one is refused by the body reader (rest/kit.ts).
 * DELETE carries no body here and is not checked.
 */
export const jsonWritesOnly = (): MiddlewareHandler => async (c, next) => {
  const m = c.req.method;
  if (m === 'POST' || m === 'PUT' || m === 'PATCH') {
    const type = c.req.header('content-type');
    if (type !== undefined && !isJsonContentType(type)) {
      return c.json(errorJson(JSON_REQUIRED, 'UNSUPPORTED_MEDIA_TYPE'), 415);
    }
  }
  await next();
};

/** The host a request was addressed to: the Host header (or X-Forwarded-Host's last entry behind a trusted proxy). */
function requestHost(c: Context, config: Pick<AppConfig, 'trustProxy'>): string | undefined {
  const forwarded = config.trustProxy ? c.req.header('x-forwarded-host') : undefined;
  const raw = forwarded ? forwarded.split(',').at(-1)!.trim() : c.req.header('host');
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

/**
 * With APP_URL set, the API answers only requests addressed to APP_URL's host (or an ALLOWED_ORIGINS host): a page on
 * another name that resolves to this server (DNS rebinding) gets a 403. The health check is exempt (load balancers
 * and containers probe by address). Requests with no Host at all (HTTP/1.0, in-process) are not judged by it.
 */
export const knownHostOnly =
  (config: Pick<AppConfig, 'allowedHosts' | 'trustProxy' | 'appUrl'>): MiddlewareHandler =>
  async (c, next) => {
    if (config.allowedHosts !== null && c.req.path !== '/api/health') {
      const host = requestHost(c, config);
      if (host !== undefined) {
        const protocol = new URL(config.appUrl).protocol;
        const normalised = normaliseHost(host, protocol);
        if (normalised === null || !config.allowedHosts.includes(normalised)) {
          return c.json(errorJson(UNKNOWN_HOST, 'FORBIDDEN'), 403);
        }
      }
    }
    await next();
  };

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
export const CROSS_SITE_REFUSED = 'Cross-site request refused';

/**
 * Refuses state-changing requests from another site (CSRF, CONTRACT §4): a Sec-Fetch-Site of cross-site / same-site,
 * or an Origin that is not one of the configured ones (APP_URL's, ALLOWED_ORIGINS, and loopback when APP_URL is
 * unset). Never judged against the Host the client sent: a rebinding page would send a matching pair. Scripts that
 * send neither header are served.
 */
export const configuredOriginOnly =
  (config: Pick<AppConfig, 'allowedOrigins'>): MiddlewareHandler =>
  async (c, next) => {
    if (!SAFE_METHODS.has(c.req.method)) {
      const origin = c.req.header('origin');
      const fetchSite = c.req.header('sec-fetch-site');
      const crossOrigin = origin !== undefined && !config.allowedOrigins.includes(origin);
      const crossSite = fetchSite !== undefined && fetchSite !== 'same-origin' && fetchSite !== 'none';
      if (crossOrigin || crossSite) return c.json(errorJson(CROSS_SITE_REFUSED, 'FORBIDDEN'), 403);
    }
    await next();
  };
