import fs from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { trpcServer } from '@hono/trpc-server';
import { Hono, type MiddlewareHandler } from 'hono';
import { apiEnvelope } from './http/envelope';
import { TRPC_MAX_BATCH } from './http/guards';
import { clientGone } from './http/client-gone';
import { logger as processLogger, noteRequestUser, type Logger } from './logging';
import { createRestApi } from './rest';
import { errorResponse } from './rest/kit';
import { securityHeaders } from './http/headers';
import { docsAsset } from './openapi/docs-page';
import { createRequestContext, type Services } from './trpc/context';
import { NOT_FOUND_BODY } from './http/error-body';
import { logIfInternal, retryAfterHeader } from './trpc/errors';
import { appRouter } from './trpc/root';

export interface AppOptions {
  /** Folder of the built client (index.html and assets). */
  clientDir: string;
  /** Where request lines go (default: the process logger of src/server/logging.ts). */
  logger?: Logger;
}

/** A year, and never revalidated: an asset's name changes with its content. */
const IMMUTABLE_ASSET = 'public, max-age=31536000, immutable';

/** `serveFile`'s answer with this Cache-Control (its own onFound hook sets headers after the answer is made). */
function cachedFor(value: string, serveFile: MiddlewareHandler): MiddlewareHandler {
  return async (c, next) => {
    const res = await serveFile(c, next);
    if (res instanceof Response) res.headers.set('Cache-Control', value);
    return res;
  };
}

/** Composes the whole HTTP surface: /api (REST), /trpc, and the built React app with its index.html fallback. */
export function createApp(services: Services, options: AppOptions): Hono {
  const app = new Hono();
  // Guards, fixed headers and log line of /api and /trpc (src/server/http/envelope.ts, docs/DECISIONS.md "Hardening").
  const log = options.logger ?? processLogger;
  const envelope = apiEnvelope(services, log);
  app.use('/api/*', envelope);
  app.use('/trpc/*', envelope);
  app.route('/api', createRestApi());
  // Unknown /api paths answer JSON, never the app's index.html.
  app.all('/api/*', (c) => c.json(NOT_FOUND_BODY, 404));
  app.use(
    '/trpc/*',
    trpcServer({
      endpoint: '/trpc',
      router: appRouter,
      // Second line behind the envelope's count (http/guards.ts batchTooLong), which answers first and with a 413.
      maxBatchSize: TRPC_MAX_BATCH,
      createContext: async (opts, c) => {
        const ctx = await createRequestContext(services, c, (v) => opts.resHeaders.append('Set-Cookie', v));
        noteRequestUser(c, ctx.user?.id);
        return ctx as unknown as Record<string, unknown>;
      },
      // A request whose client left mid-body is not a server error (http/client-gone.ts): the envelope logs it quietly.
      onError: ({ error, path: procedure, req, ctx }) => {
        if (!clientGone(req, (ctx as { env?: unknown } | undefined)?.env)) logIfInternal(error, `trpc ${procedure ?? ''}`, log);
      },
      // A 429 says when to come back, as on the REST door (errors.ts RetryLaterError, mapped in trpc/errors.ts).
      responseMeta: ({ errors }) => {
        const retryAfter = retryAfterHeader(errors);
        return retryAfter === undefined ? {} : { headers: { 'Retry-After': retryAfter } };
      },
    }),
  );

  // Everything else (the page, its assets, the client-route fallback) gets the security headers alone. Registered
  // after the API: every /api and /trpc request ends at its handler above and never reaches this layer.
  app.use('*', securityHeaders(services.config.secureCookies));
  // The API reference page's script and style (src/server/openapi/docs-page.ts), from the app itself.
  app.get('/docs-assets/:file', (c) => {
    const asset = docsAsset(c.req.param('file'));
    if (!asset) return c.json(NOT_FOUND_BODY, 404);
    c.header('Content-Type', asset.type);
    c.header('Cache-Control', 'public, max-age=3600');
    return c.body(asset.body);
  });
  // Files are sent as the Brotli or gzip copy the build wrote beside them when the browser accepts it. The assets'
  // names carry a hash of their content, so a browser keeps them for good; the page itself is checked every time, so
  // after an upgrade nobody is sent a stale page pointing at assets that are gone.
  const clientDir = path.resolve(options.clientDir);
  app.use('/assets/*', cachedFor(IMMUTABLE_ASSET, serveStatic({ root: clientDir, precompressed: true })));
  // a missing asset is a 404, not the app's page (which a browser would try to run as a script)
  app.get('/assets/*', (c) => c.json(NOT_FOUND_BODY, 404));
  app.use(
    '*',
    cachedFor('no-cache', serveStatic({ root: clientDir, precompressed: true, rewriteRequestPath: (p) => (p === '/' ? '/index.html' : p) })),
  );

  // Client routes (/calculator/12, /admin/users, ...) all load the app, which shows its own not-found page.
  const indexFile = path.join(clientDir, 'index.html');
  app.get('*', (c) => {
    if (!fs.existsSync(indexFile)) return c.text('The client is not built. Run `npm run build`.', 503);
    c.header('Cache-Control', 'no-cache');
    return c.html(fs.readFileSync(indexFile, 'utf8'));
  });
  app.notFound((c) => c.json(NOT_FOUND_BODY, 404));
  // Whatever escapes a handler is answered like a procedure's error: logged, no stack trace, the contract's shape.
  app.onError((error, c) => errorResponse(c, error));

  return app;
}
