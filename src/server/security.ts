import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { secureHeaders } from 'hono/secure-headers';
import type { AppConfig } from './config';
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

export const limitBody = (): MiddlewareHandler =>
  bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: (c) => c.json(errorJson('The request body is larger than 1 MiB', 'PAYLOAD_TOO_LARGE'), 413),
  });

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing requests from another site (CSRF): a Sec-Fetch-Site of cross-site / same-site, or an Origin
 * that is neither APP_URL's nor the origin the request was addressed to (a browser on http://127.0.0.1:3000 is as
 * same-origin as one on http://localhost:3000; an attacker's page sends its own origin). Scripts that send neither
 * header are served (CONTRACT §4).
 */
export const sameOriginOnly =
  (config: AppConfig): MiddlewareHandler =>
  async (c, next) => {
    if (!SAFE_METHODS.has(c.req.method)) {
      const origin = c.req.header('origin');
      const fetchSite = c.req.header('sec-fetch-site');
      const crossOrigin = origin !== undefined && origin !== config.appOrigin && origin !== new URL(c.req.url).origin;
      const crossSite = fetchSite !== undefined && fetchSite !== 'same-origin' && fetchSite !== 'none';
      if (crossOrigin || crossSite) {
        return c.json(errorJson('Cross-site request refused', 'FORBIDDEN'), 403);
      }
    }
    await next();
  };
