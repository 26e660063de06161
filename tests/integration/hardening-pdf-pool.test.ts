// PDFs render off the request thread, a bounded number at once with a short queue; beyond it a
// PDF request is a 429 with Retry-After (docs/PRODUCT.md "The API's conventions"). While clients loop the largest quote the caps allow, another
// user's requests are answered meanwhile. Over real HTTP (the event loop's latency is what a user notices) and in process.
import { Agent, request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDF_CONCURRENCY, PDF_QUEUE_LIMIT } from '../../src/server/pdf/render-pool';
import { largestQuote } from '../support/quote-forms';
import { createServers, type Servers } from '../support/real-http';
import { ADMIN, APP_HOST, createTestApp, USER, type TestApp, type TestClient } from '../support/test-app';

let t: TestApp;
let user: TestClient;
let admin: TestClient;
let savedId: number;
let servers: Servers;
let port: number;
beforeAll(async () => {
  t = await createTestApp();
  user = await t.login(USER.email, USER.password);
  admin = await t.login(ADMIN.email, ADMIN.password);
  const saved = await user.post('/api/configurations', { name: 'Largest quote', ...largestQuote });
  expect(saved.status).toBe(201);
  savedId = saved.body.id;
  servers = createServers();
  port = await servers.listenApp(t.app);
});
afterAll(async () => {
  agent.destroy();
  await servers.close();
  t.close();
});

const agent = new Agent({ keepAlive: true, maxSockets: 32 });

function send(method: string, path: string, cookie: string, body?: unknown) {
  return new Promise<{ status: number; headers: Record<string, unknown>; bytes: Buffer }>((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const headers: Record<string, string | number> = { host: APP_HOST, cookie };
    if (payload !== undefined) Object.assign(headers, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) });
    const req = httpRequest({ host: '127.0.0.1', port, path, method, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (d: Buffer) => chunks.push(d));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, bytes: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end(payload);
  });
}

describe('while clients render maximal PDFs, another user’s requests are answered', () => {
  it.each([
    ['POST /api/quote/pdf', () => send('POST', '/api/quote/pdf', user.cookie!, largestQuote)],
    ['GET /api/configurations/{id}/pdf', () => send('GET', `/api/configurations/${savedId}/pdf`, user.cookie!)],
  ])('%s: GET /api/auth/check is not held behind the renders', async (_name, pdf) => {
    let firstDocument = false;
    const renders = Array.from({ length: 4 }, async () => {
      const res = await pdf();
      if (res.status === 200) firstDocument = true;
      return res;
    });
    // One check after another until the first document is out. Rendered on the request thread, a document (0.65 s of a
    // core) would hold every check behind it; off the thread, checks keep being answered meanwhile. How fast they are
    // is what npm run load:hardening prints.
    let answeredMeanwhile = 0;
    while (!firstDocument) {
      const res = await send('GET', '/api/auth/check', admin.cookie!);
      expect(res.status).toBe(200);
      if (!firstDocument) answeredMeanwhile++;
    }
    const results = await Promise.all(renders);
    for (const res of results) {
      if (res.status === 200) expect(res.bytes.subarray(0, 5).toString()).toBe('%PDF-');
      else expect(res.status).toBe(429);
    }
    expect(answeredMeanwhile).toBeGreaterThanOrEqual(3);
  }, 30_000);
});

describe('beyond the queue a PDF request is a 429 with Retry-After', () => {
  const burst = PDF_CONCURRENCY + PDF_QUEUE_LIMIT + 4;

  it.each([
    ['POST /api/quote/pdf (in process)', () => user.post('/api/quote/pdf', largestQuote)],
    ['GET /api/configurations/{id}/pdf (in process)', () => user.get(`/api/configurations/${savedId}/pdf`)],
  ])('%s', async (_name, pdf) => {
    const results = await Promise.all(Array.from({ length: burst }, pdf));
    const busy = results.filter((r) => r.status === 429);
    expect(results.filter((r) => r.status === 200)).toHaveLength(PDF_CONCURRENCY + PDF_QUEUE_LIMIT);
    expect(busy).toHaveLength(4);
    expect(busy[0]!.headers.get('retry-after')).toBe('2');
    expect(busy[0]!.body).toEqual({
      message: 'The server is busy creating other PDFs. Please try again in a moment.',
      error: 'The server is busy creating other PDFs. Please try again in a moment.',
      code: 'TOO_MANY_REQUESTS',
    });
    // and once the queue has drained, a PDF is served again
    expect((await pdf()).status).toBe(200);
  }, 60_000);
});
