// Admin login's "Remember me" (remember: true / absent → the standard 30-day sliding, 90-day capped session;
// remember: false → a browser-session cookie, 12 h idle, 24 h cap) and the demo credentials hint.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema';
import { hashToken } from '../../src/server/auth/tokens';
import { cookieParts } from '../support/accounts';
import { DAY, HOUR } from '../support/clock';
import { ADMIN, createTestApp, USER, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function login(body: Record<string, unknown>) {
  const client = t.client();
  const res = await client.post('/api/login', { username: USER.email, password: USER.password, ...body });
  return { client, res };
}

describe('login with remember', () => {
  it('remember: true gives the standard session: a cookie that expires with it in 30 days', async () => {
    const { res } = await login({ remember: true });
    expect(res.status).toBe(200);
    const { value, attributes } = cookieParts(res.headers.get('set-cookie'));
    const expires = attributes.find((a) => a.startsWith('Expires='));
    expect(new Date(expires!.slice('Expires='.length)).getTime()).toBe(Math.floor((t.clock.now().getTime() + 30 * DAY) / 1000) * 1000);
    expect(
      t.db
        .select()
        .from(sessions)
        .where(eq(sessions.id, hashToken(value)))
        .get()?.persistent,
    ).toBe(true);
  });

  it('no remember field is the standard session too (the customer login sends none)', async () => {
    const { res } = await login({});
    expect(cookieParts(res.headers.get('set-cookie')).attributes.some((a) => a.startsWith('Expires='))).toBe(true);
  });

  it('remember: false gives a browser-session cookie: no Expires, no Max-Age, still HttpOnly and SameSite=Lax', async () => {
    const { res } = await login({ remember: false });
    expect(res.status).toBe(200);
    // the session cookie (the device cookie that follows it is long-lived on purpose: auth/device-cookie.ts)
    const { value, attributes } = cookieParts(res.headers.getSetCookie()[0]!);
    expect(attributes.filter((a) => /^(Expires|Max-Age)=/i.test(a))).toEqual([]);
    expect(attributes).toContain('HttpOnly');
    expect(attributes).toContain('SameSite=Lax');
    const row = t.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, hashToken(value)))
      .get();
    expect(row?.persistent).toBe(false);
    expect(row!.expiresAt.getTime() - t.clock.now().getTime()).toBe(12 * HOUR);
  });

  it('a short session ends after 12 hours idle', async () => {
    const { client } = await login({ remember: false });
    t.clock.advance(12 * HOUR - 1000);
    expect((await client.get('/api/auth/check')).body).toEqual({ authenticated: true, isAdmin: false, registration: 'open' });
    // that use pushed the idle end 12 h forward; now leave it alone for 12 h
    t.clock.advance(12 * HOUR);
    expect((await client.get('/api/user')).status).toBe(401);
  });

  it('a short session in use slides, but never past 24 hours, and its refreshed cookie stays a browser-session one', async () => {
    const { client } = await login({ remember: false });
    const cookie = client.cookie;
    t.clock.advance(2 * HOUR);
    const res = await client.get('/api/auth/check');
    expect(res.body.authenticated).toBe(true);
    const refreshed = res.headers.get('set-cookie');
    expect(refreshed).not.toBeNull();
    expect(cookieParts(refreshed).attributes.filter((a) => /^(Expires|Max-Age)=/i.test(a))).toEqual([]);
    expect(client.cookie).toBe(cookie);
    for (let i = 0; i < 10; i++) {
      t.clock.advance(2 * HOUR);
      expect((await client.get('/api/auth/check')).body.authenticated).toBe(true); // up to 22 h
    }
    t.clock.advance(2 * HOUR); // 24 h after login
    expect((await client.get('/api/auth/check')).body.authenticated).toBe(false);
  });

  it('a standard session is still there after 12 hours idle', async () => {
    const { client } = await login({ remember: true });
    t.clock.advance(13 * HOUR);
    expect((await client.get('/api/user')).status).toBe(200);
  });

  it('refuses a remember that is not a boolean with 400', async () => {
    const { res } = await login({ remember: 'yes' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Remember must be true or false');
  });

  it('works the same through tRPC', async () => {
    const caller = t.callerAs(null);
    await expect(caller.auth.login({ username: USER.email, password: USER.password, remember: false })).resolves.toMatchObject({
      email: USER.email,
    });
  });
});

describe('auth.demoHint', () => {
  it('answers the demo admin credentials while that account has its demo password, then null', async () => {
    const anonymous = t.callerAs(null);
    expect(await anonymous.auth.demoHint()).toEqual({ email: 'admin@example.com', password: 'Admin1234' });
    // the same again (remembered per hash)
    expect(await anonymous.auth.demoHint()).toEqual({ email: ADMIN.email, password: ADMIN.password });

    const admin = t.callerAs(ADMIN.email);
    const me = await admin.auth.me();
    await admin.admin.users.update({ id: me.id, password: 'Changed-Pass9' });
    expect(await anonymous.auth.demoHint()).toBeNull();

    await admin.admin.users.update({ id: me.id, password: ADMIN.password });
    expect(await anonymous.auth.demoHint()).toEqual({ email: ADMIN.email, password: ADMIN.password });
  });

  it('is null when the demo admin account does not exist', async () => {
    const empty = await createTestApp({ seed: false });
    try {
      expect(await empty.callerAs(null).auth.demoHint()).toBeNull();
    } finally {
      empty.close();
    }
  });
});
