// The HTTP guards on the wire, on both doors: the batch cap, no-store, and the configured origin, host check and JSON
// content type.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRPC_MAX_BATCH } from '../../src/server/http/guards';
import { trpcBatch, trpcCall } from '../support/trpc-http';
import { appWithUser, ADMIN, APP_URL, createTestApp, USER, type TestApp, type TestClient } from '../support/test-app';

let t: TestApp;
let user: TestClient;
beforeAll(async () => ({ t, user } = await appWithUser()));
afterAll(() => t.close());

const quote = (i: number) => ({ path: 'quote.calculate', input: { packageId: 1, squareMeters: 100 + i } });

describe('a tRPC batch holds at most a small fixed number of calls (point 1)', () => {
  it('is 10, the client link’s maxItems', () => {
    expect(TRPC_MAX_BATCH).toBe(10);
  });

  it('serves a batch of 10 calls', async () => {
    const res = await trpcBatch(
      user,
      'mutation',
      Array.from({ length: 10 }, (_, i) => quote(i)),
    );
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(10);
  });

  it('refuses a batch of 11 (or 1,000) calls with a 413 JSON error before any call runs', async () => {
    for (const n of [11, 1000]) {
      const calls = Array.from({ length: n }, (_, i) => ({ path: 'configurations.create', input: { name: `Batch ${i}`, packageId: 1 } }));
      const res = await trpcBatch(user, 'mutation', calls);
      expect(res.status).toBe(413);
      expect(res.body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: 'A batch may hold at most 10 calls' });
    }
    const saved = await trpcCall(user, 'query', 'configurations.all', { scope: 'mine' });
    expect(saved.body.result.data.filter((c: { name: string }) => c.name.startsWith('Batch '))).toHaveLength(0);
  });

  it('counts queries in the URL too', async () => {
    const calls = Array.from({ length: 11 }, () => ({ path: 'auth.check' }));
    expect((await trpcBatch(user, 'query', calls)).status).toBe(413);
  });
});

describe('Cache-Control: no-store on every /api and /trpc answer (point 5)', () => {
  it.each([
    ['GET /api/user (signed in)', () => user.get('/api/user')],
    ['GET /api/user (401)', () => t.client().get('/api/user')],
    ['GET /api/packages', () => user.get('/api/packages')],
    ['GET /api/nope (404)', () => user.get('/api/nope')],
    ['POST /api/login (400)', () => t.client().post('/api/login', { username: 'x' })],
    ['POST /api/register (413)', () => t.client().post('/api/register', { username: 'x'.repeat(1024 * 1024 + 10) })],
    ['GET /trpc/auth.me', () => trpcCall(user, 'query', 'auth.me')],
    ['GET /trpc/auth.me (401)', () => trpcCall(t.client(), 'query', 'auth.me')],
    ['POST /trpc/quote.calculate batch', () => trpcBatch(user, 'mutation', [quote(1), quote(2)])],
    ['GET /trpc/nope (404)', () => trpcCall(user, 'query', 'nope')],
    [
      'a refused batch (413)',
      () =>
        trpcBatch(
          user,
          'query',
          Array.from({ length: 11 }, () => ({ path: 'auth.check' })),
        ),
    ],
    ['a cross-site refusal (403)', () => t.client().post('/api/login', {}, { origin: 'https://evil.example' })],
  ])('%s', async (_name, call) => {
    const res = await call();
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('is not forced on the app’s pages', async () => {
    expect((await t.client().get('/calculator')).headers.get('cache-control')).not.toBe('no-store');
  });
});

describe('the cross-site check trusts only the configured origin (point 6)', () => {
  const login = { username: USER.email, password: USER.password };

  it('refuses an Origin equal to the Host the client sent, when that is not APP_URL', async () => {
    const res = await t.client().post('/api/login', login, { origin: 'http://rebind.example:3000', host: 'localhost:3000' });
    expect(res.status).toBe(403);
    const viaUrl = await t.app.request('http://127.0.0.1:3000/api/login', {
      method: 'POST',
      headers: { origin: 'http://127.0.0.1:3000', 'content-type': 'application/json' },
      body: JSON.stringify(login),
    });
    expect(viaUrl.status).toBe(403);
  });

  it('refuses a request whose Host is not APP_URL’s (DNS rebinding), on both doors, with 403 JSON', async () => {
    for (const res of [
      await t.client().get('/api/packages', { host: 'rebind.example:3000', cookie: user.cookie! }),
      await t.client().post('/api/login', login, { host: 'rebind.example:3000', origin: 'http://rebind.example:3000' }),
      await trpcCall(user, 'query', 'auth.me', undefined, { host: 'rebind.example:3000' }),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ code: 'FORBIDDEN', message: 'Unknown host' });
    }
  });

  it('serves APP_URL’s own Host and Origin', async () => {
    const res = await t.client().post('/api/login', login, { host: 'localhost:3000', origin: APP_URL });
    expect(res.status).toBe(200);
  });

  it('serves the health check whatever the Host (load balancers, containers)', async () => {
    expect((await t.client().get('/api/health', { host: '10.0.0.7:3000' })).status).toBe(200);
  });

  it('accepts the origins listed in ALLOWED_ORIGINS, and their hosts', async () => {
    const t2 = await createTestApp({ env: { ALLOWED_ORIGINS: 'https://quotes.example.com, http://127.0.0.1:3000' } });
    try {
      const a = await t2.client().post('/api/login', login, { origin: 'http://127.0.0.1:3000', host: '127.0.0.1:3000' });
      expect(a.status).toBe(200);
      const b = await t2.client().post('/api/login', login, { origin: 'https://quotes.example.com', host: 'quotes.example.com' });
      expect(b.status).toBe(200);
      expect((await t2.client().post('/api/login', login, { origin: 'https://evil.example' })).status).toBe(403);
    } finally {
      t2.close();
    }
  });
});

describe('REST writes take Content-Type: application/json (point 6)', () => {
  it.each([
    ['text/plain', 'POST', '/api/login'],
    ['application/x-www-form-urlencoded', 'POST', '/api/register'],
    ['multipart/form-data; boundary=x', 'POST', '/api/password-reset/request'],
    ['text/plain', 'PATCH', '/api/profile'],
    ['text/plain', 'PUT', '/api/packages/1/pricetiers'],
  ])('refuses %s on %s %s with 415 JSON', async (type, method, url) => {
    const admin = await t.login(ADMIN.email, ADMIN.password);
    const res = await admin.request(method, url, JSON.stringify({ username: USER.email, password: USER.password }), { 'content-type': type });
    expect(res.status).toBe(415);
    expect(res.body).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Send the request body as JSON (Content-Type: application/json)' });
  });

  it('refuses a body sent with no Content-Type at all', async () => {
    const res = await t.app.request('/api/login', { method: 'POST', body: JSON.stringify({ username: USER.email, password: USER.password }) });
    expect(res.status).toBe(415);
  });

  it('accepts application/json with a charset, and bodiless POSTs and DELETEs without one', async () => {
    const res = await t
      .client()
      .post('/api/login', { username: USER.email, password: USER.password }, { 'content-type': 'application/json; charset=utf-8' });
    expect(res.status).toBe(200);
    const c = await t.login(USER.email, USER.password);
    const logout = await t.app.request('/api/logout', { method: 'POST', headers: { cookie: c.cookie! } });
    expect(logout.status).toBe(200);
    const admin = await t.login(ADMIN.email, ADMIN.password);
    const link = await t.app.request('/api/admin/users/2/reset-link', { method: 'POST', headers: { cookie: admin.cookie! } });
    expect(link.status).toBe(200);
    const del = await t.app.request('/api/configurations/999999', { method: 'DELETE', headers: { cookie: admin.cookie! } });
    expect(del.status).toBe(404);
  });

  it('tRPC already refuses a non-JSON mutation', async () => {
    const res = await user.request('POST', '/trpc/quote.calculate', '{"packageId":1}', { 'content-type': 'text/plain' });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });
});
