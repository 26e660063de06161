// The quote PDFs: the procedure decides access and what is shown (configurations.pdfData,
// quote.pdfData); this adapter has it rendered off the request thread (pdf/render-pool.ts) and sends it. Every
// failure, a full render queue (429) included, is the usual JSON error.
import type { Context as HonoContext } from 'hono';
import { renderQuotePdfOffThread } from '../pdf/render-pool';
import type { QuotePdfData } from '../services/quote-pdf';
import { callerFor, errorResponse, idParam, jsonBody, type Caller, type RestApp, type RestEnv } from './kit';

async function pdfResponse(c: HonoContext<RestEnv>, fn: (caller: Caller) => Promise<QuotePdfData>): Promise<Response> {
  const setCookies: string[] = [];
  try {
    const data = await fn(await callerFor(c, setCookies));
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

export function registerQuotePdfRoutes(api: RestApp): void {
  api.get('/configurations/:id/pdf', (c) => pdfResponse(c, (caller) => caller.configurations.pdfData({ id: idParam(c) })));
  api.get('/shared/:token/pdf', (c) => pdfResponse(c, (caller) => caller.shared.pdfData({ token: c.req.param('token') ?? '' })));
  api.post('/quote/pdf', (c) => pdfResponse(c, async (caller) => caller.quote.pdfData(await jsonBody(c))));
}
