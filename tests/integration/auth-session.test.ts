import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
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

describe('the session cookie', () => {
  it('is HttpOnly, SameSite=Lax, Path=/, not Secure on http, and expires with the session in 30 days', async () => {
    const res = await t.client().post('/api/login', { username: USER.email, password: USER.password });
    const { value, attributes } = cookieParts(res.headers.get('set-cookie'));
    expect(value).toMatch(/^[a-z2-7]{32}$/);
    expect(attributes).toContain('HttpOnly');
    expect(attributes).toContain('SameSite=Lax');
    expect(attributes).toContain('Path=/');
    expect(attributes).not.toContain('Secure');
    const expires = attributes.find((a) => a.startsWith('Expires='));
    expect(new Date(expires!.slice('Expires='.length)).getTime()).toBe(Math.floor((t.clock.now().getTime() + 30 * DAY) / 1000) * 1000);
  });

  it('stores only the SHA-256 of the token, never the token', async () => {
    const res = await t.client().post('/api/login', { username: USER.email, password: USER.password });
    const { value } = cookieParts(res.headers.get('set-cookie'));
    expect(t.db.select().from(sessions).where(eq(sessions.id, value)).get()).toBeUndefined();
    expect(
      t.db
        .select()
        .from(sessions)
        .where(eq(sessions.id, hashToken(value)))
        .get(),
    ).toBeDefined();
  });

  it('is a fresh token at every login, and the old session of that browser ends', async () => {
    const client = await t.login(USER.email, USER.password);
    const first = client.cookie;
    await client.post('/api/login', { username: USER.email, password: USER.password });
    expect(client.cookie).not.toBe(first);
    const replay = t.client();
    replay.cookie = first;
    expect((await replay.get('/api/user')).status).toBe(401);
  });
});

describe('GET /api/user and /api/auth/check', () => {
  it('answers the current user without any password field', async () => {
    const client = await t.login(ADMIN.email, ADMIN.password);
    const res = await client.get('/api/user');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(
      ['companyName', 'createdAt', 'email', 'emailVerified', 'firstname', 'id', 'isAdmin', 'lastLogin', 'lastname', 'username'].sort(),
    );
    expect(res.text).not.toMatch(/password|argon2/i);
    expect((await client.get('/api/auth/check')).body).toEqual({ authenticated: true, isAdmin: true, registration: 'open' });
  });

  it('answers 401 "Not authenticated" when signed out; the check answers 200 unauthenticated', async () => {
    const res = await t.client().get('/api/user');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'Not authenticated', error: 'Not authenticated', code: 'UNAUTHORIZED' });
    const check = await t.client().get('/api/auth/check');
    expect(check.status).toBe(200);
    expect(check.body).toEqual({ authenticated: false, isAdmin: false, registration: 'open' });
  });

  it('treats a forged or malformed cookie as signed out and clears it', async () => {
    const client = t.client();
    client.cookie = 'session=aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa';
    const res = await client.get('/api/user');
    expect(res.status).toBe(401);
    expect(res.headers.get('set-cookie')).toMatch(/^session=;/);
  });
});

describe('POST /api/logout', () => {
  it('ends the session on the server: the replayed cookie is 401', async () => {
    const client = await t.login(USER.email, USER.password);
    const cookie = client.cookie;
    const res = await client.post('/api/logout');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    expect(res.headers.get('set-cookie')).toMatch(/^session=;.*Max-Age=0/);
    const replay = t.client();
    replay.cookie = cookie;
    expect((await replay.get('/api/user')).status).toBe(401);
    expect((await replay.get('/api/auth/check')).body).toEqual({ authenticated: false, isAdmin: false, registration: 'open' });
  });

  it('answers 200 when already signed out', async () => {
    expect((await t.client().post('/api/logout')).status).toBe(200);
  });
});

describe('session expiry', () => {
  // These tests move the clock by weeks; each signs in afresh.
  afterEach(() => t.db.delete(sessions).run());

  it('ends after 30 days without use', async () => {
    const client = await t.login(USER.email, USER.password);
    t.clock.advance(30 * DAY - HOUR);
    expect((await client.get('/api/user')).status).toBe(200);
    const idle = await t.login(USER.email, USER.password);
    t.clock.advance(30 * DAY);
    expect((await idle.get('/api/user')).status).toBe(401);
  });

  it('slides: a session used every 20 days lives past 30 days, and the cookie is renewed', async () => {
    const client = await t.login(USER.email, USER.password);
    const token = client.cookie;
    t.clock.advance(20 * DAY);
    const res = await client.get('/api/user');
    expect(res.status).toBe(200);
    // Same token, later expiry.
    expect(client.cookie).toBe(token);
    const { attributes } = cookieParts(res.headers.get('set-cookie'));
    const expires = new Date(attributes.find((a) => a.startsWith('Expires='))!.slice(8)).getTime();
    expect(expires).toBe(Math.floor((t.clock.now().getTime() + 30 * DAY) / 1000) * 1000);
    t.clock.advance(20 * DAY);
    expect((await client.get('/api/user')).status).toBe(200);
  });

  it('ends 90 days after login however often it is used', async () => {
    const client = await t.login(USER.email, USER.password);
    for (let day = 10; day < 90; day += 10) {
      t.clock.advance(10 * DAY);
      expect((await client.get('/api/user')).status, `day ${day}`).toBe(200);
    }
    t.clock.advance(10 * DAY - 1);
    expect((await client.get('/api/user')).status).toBe(200);
    t.clock.advance(1);
    expect((await client.get('/api/user')).status).toBe(401);
  });
});

describe('with an https APP_URL', () => {
  let s: TestApp;
  const origin = 'https://quotes.example.com';
  beforeAll(async () => {
    s = await createTestApp({ env: { APP_URL: origin } });
  });
  afterAll(() => s.close());

  it('marks the cookie Secure', async () => {
    const res = await s.client().post('/api/login', { username: USER.email, password: USER.password }, { origin });
    expect(res.status).toBe(200);
    const { attributes } = cookieParts(res.headers.get('set-cookie'));
    expect(attributes).toEqual(expect.arrayContaining(['Secure', 'HttpOnly', 'SameSite=Lax', 'Path=/']));
  });

  it('refuses a login posted from the http origin', async () => {
    const res = await s.client().post('/api/login', { username: USER.email, password: USER.password }, { origin: 'http://quotes.example.com' });
    expect(res.status).toBe(403);
  });
});
