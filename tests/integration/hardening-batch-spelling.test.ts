// The batch cap counts the calls tRPC will see, however the commas are spelled, and an
// escape that does not decode is a 400, never a 500. In process and on the wire, on both doors.
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServers, readWire, type Servers } from '../support/real-http';
import { trpcCall } from '../support/trpc-http';
import { APP_HOST, createTestApp, USER, type TestApp, type TestClient } from '../support/test-app';

let t: TestApp;
let user: TestClient;
let servers: Servers;
let port: number;
beforeAll(async () => {
  t = await createTestApp();
  user = await t.login(USER.email, USER.password);
  servers = createServers();
  port = await servers.listenApp(t.app);
});
afterAll(async () => {
  await servers.close();
  t.close();
});

/** A GET exactly as written (no client re-encodes the path), read off the wire. */
function rawGet(path: string, headers: Record<string, string> = {}) {
  return new Promise<Awaited<ReturnType<typeof readWire>>>((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, method: 'GET', headers: { host: APP_HOST, ...headers } }, (res) =>
      resolve(readWire(res)),
    );
    req.on('error', reject);
    req.end();
  });
}

const inputs = (n: number) => encodeURIComponent(JSON.stringify(Object.fromEntries(Array.from({ length: n }, (_, i) => [i, {}]))));

describe('the batch cap holds however the commas are spelled (finding 1)', () => {
  it.each([
    ['%2C', '%2C'],
    ['%2c', '%2c'],
    ['a mix of , and %2C', (i: number) => (i % 2 ? ',' : '%2C')],
  ])('refuses 900 calls joined by %s with a 413 before any call runs', async (_name, sep) => {
    const joiner = typeof sep === 'string' ? () => sep : sep;
    const path = Array.from({ length: 900 }, (_, i) => (i === 0 ? '' : joiner(i)) + 'auth.demoHint').join('');
    const res = await rawGet(`/trpc/${path}?batch=1&input=%7B%7D`);
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: 'A batch may hold at most 10 calls' });
  });

  it('stores nothing when a signed-in batch of 300 saves spells its commas %2C (in process)', async () => {
    const paths = Array.from({ length: 300 }, () => 'configurations.create').join('%2C');
    const body = Object.fromEntries(Array.from({ length: 300 }, (_, i) => [i, { name: `Spelled ${i}`, packageId: 1 }]));
    const res = await user.post(`/trpc/${paths}?batch=1`, body);
    expect(res.status).toBe(413);
    const saved = await trpcCall(user, 'query', 'configurations.all', { scope: 'mine' });
    expect(saved.body.result.data.filter((c: { name: string }) => c.name.startsWith('Spelled '))).toHaveLength(0);
  });

  it('still serves a batch of 10 spelled with %2C', async () => {
    const path = Array.from({ length: 10 }, () => 'auth.check').join('%2C');
    const res = await rawGet(`/trpc/${path}?batch=1&input=${inputs(10)}`);
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toHaveLength(10);
  });
});

describe('an escape that does not decode is a 400, never a 500 (finding 5)', () => {
  it.each(['/trpc/auth.check%C0%AC', '/trpc/%C0%AC', '/trpc/auth.check%E0%A4%A', '/trpc/auth.check%ZZ,auth.check?batch=1&input=%7B%7D', '/trpc/%FF'])(
    'GET %s answers 400 JSON on the wire',
    async (path) => {
      const res = await rawGet(path);
      expect(res.status).toBe(400);
      expect(JSON.parse(res.body)).toMatchObject({ code: 'BAD_REQUEST', message: 'The request path is not valid' });
    },
  );

  it.each(['/api/configurations/%C0%AC', '/api/configurations/%C0%AC/pdf', '/api/%C0%AC', '/api/user%FF'])(
    'GET %s is a 4xx JSON answer',
    async (path) => {
      const res = await rawGet(path, { cookie: user.cookie! });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(JSON.parse(res.body).code).toBeTypeOf('string');
    },
  );

  it('answers 400 in process too', async () => {
    const res = await user.get('/trpc/auth.check%C0%AC');
    expect(res.status).toBe(400);
  });
});
