// What every /api and /trpc request goes through, in one middleware: the guards (src/server/http/guards.ts and the
// body limit), the fixed headers (http/headers.ts fixedHeadersFor, no-store included), the request's log line, and the
// services the REST adapters use. One layer rather than one per concern: each async middleware layer, and each header
// set after the fact, is a measurable share of a signed-in read that should cost tens of microseconds
// (docs/DECISIONS.md "Speed inside the one door").
import type { Context, MiddlewareHandler } from 'hono';
import { batchTooLong, crossSite, normaliseTrpcJsonType, notJson, unknownHost } from './guards';
import { logRequest, logger as processLogger, type Logger } from '../logging';
import { bodyTooLarge, completeHeaders, fixedHeadersFor } from './headers';
import type { Services } from '../trpc/context';
import { clientGone, clientGoneResponse, CLIENT_CLOSED_REQUEST } from './client-gone';

type Refusal = Response | undefined;

export function apiEnvelope(services: Services, log: Logger = processLogger): MiddlewareHandler {
  const config = services.config;
  const tls = config.secureCookies;
  const hostRefusal = unknownHost(config);
  // The order the separate middlewares had: host, body size, origin, content type, batch length.
  const refusalOf = (c: Context): Refusal | Promise<Refusal> => {
    const host = hostRefusal(c);
    if (host) return host;
    const size = bodyTooLarge(c);
    if (size instanceof Promise) return size.then((refused) => refused ?? afterBody(c));
    return size ?? afterBody(c);
  };
  const afterBody = (c: Context): Refusal => crossSite(c, config) ?? notJson(c) ?? batchTooLong(c);

  return async (c, next) => {
    const startedAt = performance.now();
    let status = 500;
    // The REST adapters find the services here (rest/kit.ts RestEnv), and where their error lines go.
    c.set('services' as never, services as never);
    c.set('log' as never, log as never);
    const fixed = fixedHeadersFor(tls, c.req.path);
    c.set('fixedHeaders' as never, fixed as never);
    try {
      try {
        let refused = refusalOf(c);
        if (refused instanceof Promise) refused = await refused;
        if (refused) c.res = refused;
        else {
          normaliseTrpcJsonType(c);
          await next();
        }
      } catch (error) {
        // A body that stopped arriving (read here for a chunked upload) fails because the client left: not ours.
        if (!clientGone(c.req.raw, c.env)) throw error;
      }
      if (clientGone(c.req.raw, c.env)) {
        // Whatever the handler made of a half-received request, nobody is there to read it (http/client-gone.ts).
        c.res = clientGoneResponse();
        status = CLIENT_CLOSED_REQUEST;
        return;
      }
      completeHeaders(c.res, fixed.api);
      status = c.res.status;
    } finally {
      logRequest(log, c, status, startedAt);
    }
  };
}
