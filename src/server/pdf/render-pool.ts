// Quote PDFs render off the request thread (docs/PRODUCT.md "The API's conventions" "Expensive work is bounded"): a piscina pool of at most
// PDF_CONCURRENCY threads, at most PDF_QUEUE_LIMIT documents waiting; beyond that a PDF request is answered at once
// with 429 + Retry-After instead of joining a queue that would keep its client waiting for many seconds. Why these
// numbers: docs/DECISIONS.md "Expensive work and lockouts".
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { RetryLaterError } from '../errors';
import type { QuoteDocumentData } from './quote-document';

/** One core is always left to the event loop; never more than 2 at once (a maximal quote is ~0.65 s of a core). */
export const PDF_CONCURRENCY = Math.max(1, Math.min(2, os.availableParallelism() - 1));
/** Waiting documents per render thread: the last in line of maximal quotes starts within about 4 × 0.65 s. */
export const PDF_QUEUE_LIMIT = 4 * PDF_CONCURRENCY;
export const PDF_RETRY_AFTER_S = 2;
export const PDF_BUSY = 'The server is busy creating other PDFs. Please try again in a moment.';

export class PdfBusyError extends RetryLaterError {
  constructor() {
    super(PDF_BUSY, PDF_RETRY_AFTER_S);
  }
}

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * The worker's file. The bundle (scripts/build.mjs, which sets SERVER_BUNDLE at build time) has its own entry point
 * for it, dist/server/pdf-worker.js; under tsx (dev, tests, scripts) the worker is this folder's TypeScript file,
 * loaded through tsx like the server itself.
 */
function workerFile(): { filename: string; execArgv: string[] } {
  if (process.env.SERVER_BUNDLE === '1') {
    return { filename: path.resolve(here, '../../../dist/server/pdf-worker.js'), execArgv: [] };
  }
  return { filename: path.join(here, 'render-worker.ts'), execArgv: ['--import', 'tsx'] };
}

let pool: Piscina<QuoteDocumentData, Uint8Array> | undefined;
let inFlight = 0;

function renderPool(): Piscina<QuoteDocumentData, Uint8Array> {
  pool ??= new Piscina({
    ...workerFile(),
    minThreads: 0,
    maxThreads: PDF_CONCURRENCY,
    maxQueue: PDF_QUEUE_LIMIT,
    // a thread (pdfkit and two parsed fonts, ~40 MB) is kept for a while after the last PDF, then let go
    idleTimeout: 60_000,
  });
  return pool;
}

/** The quote document's bytes, rendered on a pool thread; PdfBusyError (429) at once when the queue is full. */
export async function renderQuotePdfOffThread(data: QuoteDocumentData): Promise<Uint8Array> {
  if (inFlight >= PDF_CONCURRENCY + PDF_QUEUE_LIMIT) throw new PdfBusyError();
  inFlight += 1;
  try {
    return await renderPool().run(data);
  } finally {
    inFlight -= 1;
  }
}
