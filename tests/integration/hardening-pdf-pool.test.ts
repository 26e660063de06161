// PDFs render off the request thread, a bounded number at once with a short queue; beyond it a PDF request is a 429
// with Retry-After (docs/PRODUCT.md "The API's conventions"). For each PDF route, one burst of the largest quote the caps
// allow, in process: it fills the render threads and the queue, and the rest of it is refused. While its documents
// render, another user's requests are answered, over real HTTP (the event loop's latency is what a user notices).
// The burst is of maximal quotes so that all of it is in before its first document is out; once it has drained, a PDF
// is served again, a small one (any render shows the pool takes work again).
import { Agent, request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDF_CONCURRENCY, PDF_QUEUE_LIMIT } from '../../src/server/pdf/render-pool';
import { advancedQuote, largestQuote } from '../support/quote-forms';
import { createServers, type Servers } from '../support/real-http';
import { ADMIN, APP_HOST, createTestApp, USER, type TestApp, type TestClient } from '../support/test-app';

let t: TestApp;
let user: TestClient;
let admin: TestClient;
let savedId: number;
let smallId: number;
let servers: Servers;
let port: number;
beforeAll(async () => {
  t = await createTestApp();
  user = await t.login(USER.email, USER.password);
  admin = await t.login(ADMIN.email, ADMIN.password);
  const saved = await user.post('/api/configurations', { name: 'Largest quote', ...largestQuote });
  expect(saved.status).toBe(201);
  savedId = saved.body.id;
  const small = await user.post('/api/configurations', { name: 'Small quote', ...advancedQuote });
  expect(small.status).toBe(201);
  smallId = small.body.id;
  servers = createServers();
  port = await servers.listenApp(t.app);
});
afterAll(async () => {
  agent.destroy();
  await servers.close();
  t.close();
});

const agent = new Agent({ keepAlive: true, maxSockets: 32 });

type Answer = { status: number; headers: Record<string, unknown>; bytes: Buffer };
function send(method: string, path: string, cookie: string, body?: unknown): Promise<Answer> {
  return new Promise<Answer>((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const headers: Record<string, string | number> = { host: APP_HOST, cookie };
    if (payload !== undefined) Object.assign(headers, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) });
    const req = httpRequest({ host: '127.0.0.1', port, path, method, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (d: Buffer) => chunks.push(d));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, bytes: Buffer.concat(chunks) }));
    });
    // A kept-alive socket the server closed as idle just as it was reused: Node's documented case for sending again.
    req.on('error', (error: NodeJS.ErrnoException) =>
      req.reusedSocket && error.code === 'ECONNRESET' ? send(method, path, cookie, body).then(resolve, reject) : reject(error),
    );
    req.end(payload);
  });
}

describe('a burst of maximal PDFs: another user’s requests answered meanwhile, a 429 with Retry-After beyond the queue', () => {
  const burst = PDF_CONCURRENCY + PDF_QUEUE_LIMIT + 4;

  it.each([
    ['POST /api/quote/pdf', () => user.post('/api/quote/pdf', largestQuote), () => user.post('/api/quote/pdf', advancedQuote)],
    ['GET /api/configurations/{id}/pdf', () => user.get(`/api/configurations/${savedId}/pdf`), () => user.get(`/api/configurations/${smallId}/pdf`)],
  ])(
    '%s',
    async (_name, pdf, smallPdf) => {
      let firstDocument = false;
      const renders = Array.from({ length: burst }, async () => {
        const res = await pdf();
        if (res.status === 200) firstDocument = true;
        return res;
      });
      // GET /api/auth/check is not held behind the renders: one check after another until the first document is out.
      // Rendered on the request thread, a document (0.65 s of a core) would hold every check behind it; off the thread,
      // checks keep being answered meanwhile. How fast they are is what npm run load:hardening prints.
      let answeredMeanwhile = 0;
      while (!firstDocument) {
        const res = await send('GET', '/api/auth/check', admin.cookie!);
        expect(res.status).toBe(200);
        if (!firstDocument) answeredMeanwhile++;
      }
      const results = await Promise.all(renders);
      expect(answeredMeanwhile).toBeGreaterThanOrEqual(3);

      const busy = results.filter((r) => r.status === 429);
      const served = results.filter((r) => r.status === 200);
      expect(served).toHaveLength(PDF_CONCURRENCY + PDF_QUEUE_LIMIT);
      for (const res of served) expect(res.text.slice(0, 5)).toBe('%PDF-');
      expect(busy).toHaveLength(4);
      expect(busy[0]!.headers.get('retry-after')).toBe('2');
      expect(busy[0]!.body).toEqual({
        message: 'The server is busy creating other PDFs. Please try again in a moment.',
        error: 'The server is busy creating other PDFs. Please try again in a moment.',
        code: 'TOO_MANY_REQUESTS',
      });
      // and once the queue has drained, a PDF is served again
      const again = await smallPdf();
      expect(again.status).toBe(200);
      expect(again.text.slice(0, 5)).toBe('%PDF-');
    },
    60_000,
  );
});
