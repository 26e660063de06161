// A PDF render thread (piscina worker, ./render-pool.ts): lays out one quote document and hands its bytes back
// without a copy. pdfkit's layout is synchronous and a maximal quote takes hundreds of milliseconds: here it holds
// this thread, never the request thread.
import { move } from 'piscina';
import { renderQuotePdfBuffer, type QuoteDocumentData } from './quote-document';

export default async function renderInWorker(data: QuoteDocumentData): Promise<Uint8Array> {
  const pdf = await renderQuotePdfBuffer(data);
  // The buffer is transferred, not copied: it must own its whole ArrayBuffer (a small Buffer may share a pool).
  const own = pdf.byteOffset === 0 && pdf.byteLength === pdf.buffer.byteLength ? pdf : Uint8Array.prototype.slice.call(pdf);
  return move(new Uint8Array(own.buffer, 0, own.byteLength)) as Uint8Array;
}
