// The documented /api paths, every one a row of ./routes.ts, registered here by one adapter over the tRPC procedures.
// Unknown paths and stray errors are answered by the app (src/server/app.ts), so they look the same everywhere. The
// services come from the envelope (src/server/http/envelope.ts), which every /api request passes first.
import { Hono, type Context as HonoContext } from 'hono';
import { renderQuotePdfOffThread } from '../pdf/render-pool';
import type { QuotePdfData } from '../services/quote-pdf';
import { inputKeysOf, procedureDef } from '../trpc/procedure-defs';
import { appRouter } from '../trpc/root';
import { callerFor, errorResponse, inputOf, inputPlan, run, runStream, runText, type Caller, type RestEnv } from './kit';
import { REST_ROUTES, type RestRoute } from './routes';

type Call = (caller: Caller, c: HonoContext<RestEnv>) => Promise<unknown>;

/** The PDFs: rendered off the request thread (pdf/render-pool.ts); every failure, a full queue (429) too, as JSON. */
async function pdfAnswer(c: HonoContext<RestEnv>, call: Call): Promise<Response> {
  const setCookies: string[] = [];
  try {
    const data = (await call(await callerFor(c, setCookies), c)) as QuotePdfData;
    const pdf = await renderQuotePdfOffThread(data.document);
    c.header('Content-Type', 'application/pdf');
    c.header('Content-Disposition', data.contentDisposition);
    c.header('Cache-Control', 'no-store');
    for (const v of setCookies) c.header('Set-Cookie', v, { append: true });
    return c.body(pdf as Uint8Array<ArrayBuffer>, 200);
  } catch (error) {
    return errorResponse(c, error, setCookies);
  }
}

/** The CSV export, streamed in the chunks the procedure produces. */
const csvAnswer = (c: HonoContext<RestEnv>, call: Call) =>
  runStream(c, async (caller) => {
    const csv = (await call(caller, c)) as { fileName: string; contentType: string; chunks: () => AsyncIterator<string> };
    return { chunks: csv.chunks(), headers: { 'content-type': csv.contentType, 'content-disposition': `attachment; filename="${csv.fileName}"` } };
  });

/** The description (its JSON text as made) and its reference page. */
const textAnswer = (c: HonoContext<RestEnv>, call: Call, type: string, field: 'json' | 'html') =>
  runText(c, async (caller) => ({ body: ((await call(caller, c)) as Record<typeof field, string>)[field], headers: { 'content-type': type } }));

/** A JSON answer: the output, or its `items` with the list's `total` (and `truncated`) as headers. */
const jsonAnswer = (c: HonoContext<RestEnv>, call: Call, route: RestRoute) =>
  run(
    c,
    async (caller, headers) => {
      const out = await call(caller, c);
      if (route.answerIs !== 'items') return out;
      const list = out as { items: unknown[]; total: number; truncated?: boolean };
      headers['x-total-count'] = String(list.total);
      if (list.truncated) headers['x-truncated'] = 'true';
      return list.items;
    },
    route.status,
  );

function register(api: Hono<RestEnv>, route: RestRoute): void {
  const def = procedureDef(appRouter, route.procedure);
  if (!def) throw new Error(`${route.method} ${route.path}: no procedure ${route.procedure}`);
  const plan = inputPlan(route, def.input && inputKeysOf(def.input));
  const path = route.procedure.split('.');
  const call: Call = async (caller, c) => {
    const input = await inputOf(c, plan);
    const fn = path.reduce<unknown>((at, key) => (at as Record<string, unknown>)[key], caller) as (input: unknown) => Promise<unknown>;
    return fn(input);
  };
  api.on(route.method, route.path, (c) => {
    switch (route.produces) {
      case 'application/pdf':
        return pdfAnswer(c, call);
      case 'text/csv':
        return csvAnswer(c, call);
      case 'application/json':
        return textAnswer(c, call, 'application/json', 'json');
      case 'text/html':
        return textAnswer(c, call, 'text/html; charset=utf-8', 'html');
      default:
        return jsonAnswer(c, call, route);
    }
  });
}

export function createRestApi(): Hono<RestEnv> {
  const api = new Hono<RestEnv>();
  for (const route of REST_ROUTES) register(api, route);
  return api;
}
