// What the speed work must not change: the session hash is the same SHA-256 digest and hex as @oslojs/crypto's (stored
// sessions still work), the prepared session statements slide and store expiry correctly, and the body limit answers
// 413 on both doors from Content-Length or while streaming, without touching the body of a GET.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { sha256 } from '@oslojs/crypto/sha2';
import { encodeHexLowerCase } from '@oslojs/encoding';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema';
import { hashToken } from '../../src/server/auth/tokens';
import { dataVersion, dataVersionForArrivals } from '../../src/server/db/watch';
import { findUserByEmail } from '../../src/server/services/users';
import { DAY } from '../support/clock';
import { ADMIN, APP_HOST, createTestApp, USER, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const TOO_LARGE = { message: 'The request body is larger than 1 MiB', error: 'The request body is larger than 1 MiB', code: 'PAYLOAD_TOO_LARGE' };

describe('the session token hash (node:crypto)', () => {
  it('is the SHA-256 hex of the token, as the pure-JS hash computed it', () => {
    expect(hashToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    for (const token of ['aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa', 'z7q2m4k6j8h3g5f7d9s2a4p6o8i3u5y7']) {
      expect(hashToken(token)).toBe(encodeHexLowerCase(sha256(new TextEncoder().encode(token))));
    }
  });

  it('validates a session stored before the change (its id made by the old hash)', async () => {
    const token = 'k3m5n7p2q4r6s3t3v5w7x2y4z6a3b5c7';
    const user = findUserByEmail(t.db, USER.email)!;
    const now = t.clock.now();
    t.db
      .insert(sessions)
      .values({
        id: encodeHexLowerCase(sha256(new TextEncoder().encode(token))),
        userId: user.id,
        createdAt: now,
        expiresAt: new Date(now.getTime() + DAY),
      })
      .run();
    const client = t.client();
    client.cookie = `session=${token}`;
    const res = await client.get('/api/user');
    expect(res.status).toBe(200);
    expect(res.body.email).toBe(USER.email);
  });
});

describe('the prepared session statements', () => {
  it('slide the expiry and store it as epoch milliseconds, on every database they are used with', async () => {
    const other = await createTestApp();
    try {
      for (const app of [t, other]) {
        const client = await app.login(USER.email, USER.password);
        app.clock.advance(2 * DAY);
        expect((await client.get('/api/auth/check')).body).toEqual({ authenticated: true, isAdmin: false, registration: 'open' });
        const id = hashToken(client.cookie!.split('=')[1]!);
        const stored = app.db.$client.prepare('SELECT expires_at FROM sessions WHERE id = ?').pluck().get(id);
        expect(stored).toBe(app.clock.now().getTime() + 30 * DAY);
        // Logout removes it through the prepared delete: the cookie no longer signs in.
        expect((await client.post('/api/logout')).status).toBe(200);
        expect(app.db.$client.prepare('SELECT count(*) FROM sessions WHERE id = ?').pluck().get(id)).toBe(0);
      }
    } finally {
      other.close();
    }
  });
});

describe('the session check cache', () => {
  it('sees a session ended or a user changed by another connection (another process) at the next request', async () => {
    const client = await t.login(USER.email, USER.password);
    expect((await client.get('/api/auth/check')).body).toEqual({ authenticated: true, isAdmin: false, registration: 'open' });
    const other = new Database(t.config.databasePath);
    try {
      other.prepare('UPDATE users SET is_admin = 1 WHERE email = ?').run(USER.email);
      expect((await client.get('/api/auth/check')).body).toEqual({ authenticated: true, isAdmin: true, registration: 'open' });
      other.prepare('UPDATE users SET is_admin = 0 WHERE email = ?').run(USER.email);
      expect((await client.get('/api/auth/check')).body).toEqual({ authenticated: true, isAdmin: false, registration: 'open' });
      other.prepare('DELETE FROM sessions WHERE id = ?').run(hashToken(client.cookie!.split('=')[1]!));
    } finally {
      other.close();
    }
    expect((await client.get('/api/user')).status).toBe(401);
  });

  it('sees writes through the server’s own connection, whatever their path', async () => {
    const client = await t.login(USER.email, USER.password);
    expect((await client.get('/api/user')).status).toBe(200);
    t.db.$client.prepare("UPDATE users SET firstname = 'Renamed' WHERE email = ?").run(USER.email);
    expect((await client.get('/api/user')).body.firstname).toBe('Renamed');
    t.db.$client.prepare('DELETE FROM sessions WHERE id = ?').run(hashToken(client.cookie!.split('=')[1]!));
    expect((await client.get('/api/user')).status).toBe(401);
  });

  it('still judges expiry by the clock on every request', async () => {
    const client = await t.login(USER.email, USER.password);
    expect((await client.get('/api/user')).status).toBe(200);
    expect((await client.get('/api/user')).status).toBe(200);
    t.clock.advance(30 * DAY);
    expect((await client.get('/api/user')).status).toBe(401);
  });
});

describe('the data_version reading the requests of one turn share', () => {
  it('is taken once the turn is over, so a commit made by another connection later in that turn is in it', async () => {
    const other = new Database(t.config.databasePath);
    try {
      const asked = dataVersionForArrivals(t.db);
      other.prepare("UPDATE users SET firstname = 'Turn' WHERE email = ?").run(USER.email);
      expect(dataVersionForArrivals(t.db)).toBe(asked);
      // A fresh reading sees the commit; the shared one must equal it, not the value before the commit.
      expect(await asked).toBe(dataVersion(t.db));
    } finally {
      other.close();
    }
  });

  it('is taken afresh in the next turn', async () => {
    const other = new Database(t.config.databasePath);
    try {
      const before = await dataVersionForArrivals(t.db);
      other.prepare("UPDATE users SET firstname = 'Next' WHERE email = ?").run(USER.email);
      expect(await dataVersionForArrivals(t.db)).not.toBe(before);
    } finally {
      other.close();
    }
  });

  it('serves requests of one turn from two users, each with their own session', async () => {
    const user = await t.login(USER.email, USER.password);
    const admin = await t.login(ADMIN.email, ADMIN.password);
    const answers = await Promise.all([user, admin, user, admin].map((client) => client.get('/api/auth/check')));
    expect(answers.map((a) => a.body.isAdmin)).toEqual([false, true, false, true]);
  });
});

const big = JSON.stringify({ username: 'x'.repeat(1024 * 1024 + 10), password: 'p' });
const quoteJson = JSON.stringify({
  packageId: 1,
  pricingModel: 'sqm',
  squareMeters: 500,
  locations: 1,
  contractDuration: 12,
  paymentFrequency: 'monthly',
});

/** A body the fetch API sends without Content-Length (as a chunked upload arrives). */
function streamOf(text: string, chunk = 64 * 1024): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  let offset = 0;
  return new ReadableStream({
    pull(controller) {
      if (offset >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(offset, offset + chunk));
      offset += chunk;
    },
  });
}

describe('the body limit, in process', () => {
  it.each(['/api/login', '/trpc/auth.login'])('%s: over 1 MiB with Content-Length → 413 JSON', async (url) => {
    const res = await t.app.request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(big)) },
      body: big,
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual(TOO_LARGE);
  });

  it.each(['/api/login', '/trpc/auth.login'])('%s: over 1 MiB without Content-Length (streamed) → 413 JSON', async (url) => {
    const res = await t.app.request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: streamOf(big),
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual(TOO_LARGE);
  });

  it.each(['/api/login', '/trpc/auth.login'])('%s: a streamed body under the limit is read as usual', async (url) => {
    const body = JSON.stringify({ username: USER.email, password: USER.password });
    const res = await t.app.request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: streamOf(body, 7),
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(200);
  });

  it('a Content-Length at exactly 1 MiB passes the limit (the route then judges the body)', async () => {
    const exact = JSON.stringify({ username: 'x'.repeat(1024 * 1024 - 30), password: 'p' });
    const res = await t.app.request('/api/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(exact)) },
      body: exact,
    });
    expect(Buffer.byteLength(exact)).toBeLessThanOrEqual(1024 * 1024);
    expect(res.status).not.toBe(413);
  });

  it.each(['/api/packages', '/api/auth/check', `/trpc/catalog.packages`, '/api/nothing-here'])(
    'GET %s never touches the request body',
    async (url) => {
      const user = await t.login(USER.email, USER.password);
      const trap = new Request(`http://localhost${url}`, { headers: { cookie: user.cookie! } });
      Object.defineProperty(trap, 'body', {
        get() {
          throw new Error('the body of a GET was touched');
        },
      });
      const res = await t.app.request(trap);
      expect(res.status).toBeLessThan(500);
    },
  );
});

describe('the body limit over real HTTP (Node adapter)', () => {
  let server: ServerType;
  let port: number;
  let cookie: string;
  beforeAll(async () => {
    cookie = (await t.login(USER.email, USER.password)).cookie!;
    server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((resolve) => server.once('listening', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  function post(path: string, body: string, chunked: boolean): Promise<{ status: number; body: unknown }> {
    return new Promise((resolve, reject) => {
      const headers: Record<string, string> = { 'content-type': 'application/json', cookie, host: APP_HOST };
      if (!chunked) headers['content-length'] = String(Buffer.byteLength(body));
      const req = http.request({ host: '127.0.0.1', port, path, method: 'POST', headers }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode!, body: text ? JSON.parse(text) : null }));
      });
      req.on('error', (e) =>
        (e as NodeJS.ErrnoException).code === 'EPIPE' || (e as NodeJS.ErrnoException).code === 'ECONNRESET' ? undefined : reject(e),
      );
      // Chunked: several writes with no Content-Length make Node send Transfer-Encoding: chunked.
      for (let i = 0; i < body.length; i += 256 * 1024) req.write(body.slice(i, i + 256 * 1024));
      req.end();
    });
  }

  it.each([
    ['REST', '/api/quote'],
    ['tRPC', '/trpc/quote.calculate'],
  ])('%s: 413 JSON over 1 MiB, with Content-Length and chunked; a chunked body under it is served', async (_door, path) => {
    const huge = JSON.stringify({ ...JSON.parse(quoteJson), customItems: [{ id: 'a', name: 'x'.repeat(1024 * 1024), isOneTime: true, price: 1 }] });
    for (const chunked of [false, true]) {
      const res = await post(path, huge, chunked);
      expect(res.status, `chunked: ${chunked}`).toBe(413);
      expect(res.body).toEqual(TOO_LARGE);
    }
    const ok = await post(path, quoteJson, true);
    expect(ok.status).toBe(200);
  });
});
