// The quote PDFs (CONTRACT §3): the procedure decides access and what is shown (configurations.pdfData,
// quote.pdfData); this adapter only renders and streams it. Every failure before the first byte is the usual JSON error.
import { Readable } from 'node:stream';
import type { Context as HonoContext } from 'hono';
import { renderQuotePdf } from '../pdf/quote-document';
import type { QuotePdfData } from '../services/quote-pdf';
import { createRequestContext } from '../trpc/context';
import { createCaller } from '../trpc/root';
import { errorResponse, idParam, jsonBody, type Caller, type RestApp, type RestEnv } from './kit';

async function pdfResponse(c: HonoContext<RestEnv>, fn: (caller: Caller) => Promise<QuotePdfData>): Promise<Response> {
  try {
    const caller = createCaller(createRequestContext(c.get('services'), c));
    const data = await fn(caller);
    // Laid out in full here, so a failure is still a JSON error; the bytes then stream to the client.
    const doc = renderQuotePdf(data.document);
    c.header('Content-Type', 'application/pdf');
    c.header('Content-Disposition', data.contentDisposition);
    c.header('Cache-Control', 'no-store');
    return c.body(Readable.toWeb(doc) as ReadableStream<Uint8Array>, 200);
  } catch (error) {
    return errorResponse(c, error);
  }
}

export function registerQuotePdfRoutes(api: RestApp): void {
  api.get('/configurations/:id/pdf', (c) => pdfResponse(c, (caller) => caller.configurations.pdfData({ id: idParam(c) })));
  api.get('/shared/:token/pdf', (c) => pdfResponse(c, (caller) => caller.shared.pdfData({ token: c.req.param('token') ?? '' })));
  api.post('/quote/pdf', (c) => pdfResponse(c, async (caller) => caller.quote.pdfData(await jsonBody(c))));
}
