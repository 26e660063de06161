// Nobody can lock a real user out of their own browser (OWASP device cookies, docs/PRODUCT.md "Accounts and sessions"). A
// browser that signed in before holds a signed device cookie and keeps its own count; untrusted clients share the
// account's lock; a flood of logins for unknown accounts costs a real user nothing.
import { Agent, request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_COOKIE } from '../../src/server/auth/device-cookie';
import { DAY, MINUTE } from '../support/clock';
import { createServers, type Servers } from '../support/real-http';
import { trpcCall } from '../support/trpc-http';
import { ADMIN, APP_HOST, createTestApp, type TestApp } from '../support/test-app';
import { registration } from '../support/accounts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let n = 0;
async function newAccount() {
  const account = registration({ email: `owner${++n}@device.test`, username: `owner${n}@device.test` });
  const res = await t.client().post('/api/register', account);
  expect(res.status).toBe(201);
  return { email: account.email as string, password: account.password as string };
}

/** Signs in through REST with these cookies; answers the status and the device cookie handed back (if any). */
async function login(username: string, password: string, cookie?: string) {
  const res = await t.app.request('/api/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify({ username, password }),
  });
  const device = res.headers.getSetCookie().find((c) => c.startsWith(`${DEVICE_COOKIE}=`));
  return { status: res.status, retryAfter: res.headers.get('retry-after'), device: device?.split(';')[0], setCookie: device };
}

async function lockFromElsewhere(email: string) {
  for (let i = 0; i < 10; i++) expect((await login(email, 'Wrong-password-1')).status).toBe(401);
  expect((await login(email, 'Wrong-password-1')).status).toBe(429);
}

describe('a browser that signed in before is never locked out by failures from elsewhere', () => {
  it('hands out a signed, httpOnly, long-lived device cookie at sign-in', async () => {
    const a = await newAccount();
    const first = await login(a.email, a.password);
    expect(first.status).toBe(200);
    expect(first.setCookie).toMatch(/HttpOnly/i);
    expect(first.setCookie).toMatch(/Max-Age=15552000/);
    expect(first.setCookie).toMatch(/SameSite=Lax/);
  });

  it('signs the owner in from their browser after ten wrong passwords from anywhere else (REST)', async () => {
    const a = await newAccount();
    const { device } = await login(a.email, a.password);
    await lockFromElsewhere(a.email);
    // an untrusted client with the right password is still locked out ...
    const untrusted = await login(a.email, a.password);
    expect(untrusted.status).toBe(429);
    expect(untrusted.retryAfter).toBe('900');
    // ... the owner's browser is not
    expect((await login(a.email, a.password, device)).status).toBe(200);
  });

  it('does the same on the tRPC door', async () => {
    const a = await newAccount();
    const { device } = await login(a.email, a.password);
    const client = t.client();
    for (let i = 0; i < 10; i++) await trpcCall(client, 'mutation', 'auth.login', { username: a.email, password: 'Wrong-password-1' });
    expect((await trpcCall(client, 'mutation', 'auth.login', { username: a.email, password: a.password })).status).toBe(429);
    const owner = await trpcCall(t.client(), 'mutation', 'auth.login', { username: a.email, password: a.password }, { cookie: device! });
    expect(owner.status).toBe(200);
  });

  it('keeps the device’s own count: ten failures from it lock that browser alone, for 15 minutes', async () => {
    const a = await newAccount();
    const { device } = await login(a.email, a.password);
    for (let i = 0; i < 10; i++) expect((await login(a.email, 'Wrong-password-1', device)).status).toBe(401);
    expect((await login(a.email, a.password, device)).status).toBe(429);
    // the device's failures did not lock the account for anyone else
    const elsewhere = await login(a.email, a.password);
    expect(elsewhere.status).toBe(200);
    t.clock.advance(15 * MINUTE);
    expect((await login(a.email, a.password, device)).status).toBe(200);
  });

  it('trusts no forged, altered or other account’s cookie', async () => {
    const a = await newAccount();
    const b = await newAccount();
    const { device } = await login(b.email, b.password);
    await lockFromElsewhere(a.email);
    const [name, value] = device!.split('=');
    const parts = value!.split('.');
    const swap = (i: number, value: string) => `${name}=${parts.map((p, k) => (k === i ? value : p)).join('.')}`;
    const forged = [
      device!, // b's cookie for a's account
      swap(0, String(Number(parts[0]) - 1)), // another account id, same signature
      swap(1, String(Number(parts[1]) + 1)), // another issue time, same signature
      swap(
        parts.length - 1,
        parts.at(-1)!.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')),
      ),
      `${name}=garbage`,
    ];
    for (const cookie of forged) expect((await login(a.email, a.password, cookie)).status).toBe(429);
    t.clock.advance(15 * MINUTE);
  });

  it('gives the cookie no session power', async () => {
    const a = await newAccount();
    const { device } = await login(a.email, a.password);
    const res = await t.app.request('/api/user', { headers: { cookie: device! } });
    expect(res.status).toBe(401);
  });
});

describe('a flood of logins for unknown accounts costs a real user nothing (over real HTTP)', () => {
  let servers: Servers;
  let port: number;
  const agent = new Agent({ keepAlive: true, maxSockets: 80 });
  beforeAll(async () => {
    servers = createServers();
    port = await servers.listenApp(t.app);
  });
  afterAll(() => {
    agent.destroy();
    return servers.close();
  });

  const post = (body: unknown, cookie?: string) =>
    new Promise<number>((resolve, reject) => {
      const payload = JSON.stringify(body);
      const headers = {
        host: APP_HOST,
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(payload),
        ...(cookie ? { cookie } : {}),
      };
      const req = httpRequest({ host: '127.0.0.1', port, path: '/api/login', method: 'POST', headers, agent }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode!));
      });
      req.on('error', reject);
      req.end(payload);
    });

  it('signs the owner in from a trusted browser while 64 clients flood wrong logins (the time it takes: npm run load:hardening)', async () => {
    const a = await newAccount();
    const device = (await login(a.email, a.password)).device!;
    let stop = false;
    let flooded = 0;
    const flood = Array.from({ length: 64 }, async (_, w) => {
      for (let i = 0; !stop; i++) {
        await post({ username: `nobody-${w}-${i}@flood.test`, password: 'Wrong-password-1' });
        flooded++;
      }
    });
    // the flood is under way: every client has been answered at least once
    await expect.poll(() => flooded, { timeout: 20_000 }).toBeGreaterThan(64);
    const status = await post({ username: a.email, password: a.password }, device);
    stop = true;
    await Promise.all(flood);
    expect(status).toBe(200);
  });
});

describe('registration signs in, so it trusts the browser too', () => {
  it('the browser that registered signs in after ten wrong passwords from elsewhere', async () => {
    const account = registration({ email: 'fresh@device.test', username: 'fresh@device.test' });
    const res = await t.app.request('/api/register', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(account),
    });
    expect(res.status).toBe(201);
    const device = res.headers
      .getSetCookie()
      .find((c) => c.startsWith(`${DEVICE_COOKIE}=`))!
      .split(';')[0];
    await lockFromElsewhere(account.email as string);
    expect((await login(account.email as string, account.password as string, device)).status).toBe(200);
  });
});

describe('a device cookie carries its issue time, expires after 180 days, and dies with a password change', () => {
  it('names the time it was issued, signed with the rest', async () => {
    const a = await newAccount();
    const { device } = await login(a.email, a.password);
    const parts = device!.slice(DEVICE_COOKIE.length + 1).split('.');
    expect(parts).toHaveLength(5);
    expect(Number(parts[1])).toBe(Math.floor(t.clock.now().getTime() / 1000));
  });

  it('trusts the browser for 180 days, not a moment longer', async () => {
    const a = await newAccount();
    const { device } = await login(a.email, a.password);
    t.clock.advance(180 * DAY - 20 * MINUTE);
    await lockFromElsewhere(a.email);
    expect((await login(a.email, a.password, device)).status).toBe(200);
    t.clock.advance(20 * MINUTE);
    // 180 days old: the failures from elsewhere have left the window, new ones lock the account again
    await lockFromElsewhere(a.email);
    expect((await login(a.email, a.password, device)).status).toBe(429);
    t.clock.advance(15 * MINUTE);
  });

  it('trusts no browser that signed in before the password changed (a reset or an admin), only those after', async () => {
    const a = await newAccount();
    const { device: before } = await login(a.email, a.password);
    const admin = await t.login(ADMIN.email, ADMIN.password);
    const id = (await admin.get('/api/admin/users')).body.find((u: { email: string }) => u.email === a.email).id;
    expect((await admin.patch(`/api/admin/users/${id}`, { password: 'Changed-Pa55word' })).status).toBe(200);
    const { device: after } = await login(a.email, 'Changed-Pa55word');
    await lockFromElsewhere(a.email);
    expect((await login(a.email, 'Changed-Pa55word', before)).status).toBe(429);
    expect((await login(a.email, 'Changed-Pa55word', after)).status).toBe(200);
    t.clock.advance(15 * MINUTE);
  });
});
