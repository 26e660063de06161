// Request logs: one JSON line per /api and /trpc request with method, path, status, duration and user id — and never a
// password, cookie, session token, reset token or reset link, whatever the request carried.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenMailedTo } from '../support/accounts';
import { createLoggedApp, type LoggedApp, type RequestLine } from '../support/log-capture';
import { ADMIN, createTestApp, TestClient, USER, type TestApp } from '../support/test-app';

let t: TestApp;
let lines: string[];
let app: LoggedApp['app'];
const client = () => new TestClient(app);

beforeAll(async () => {
  t = await createTestApp();
  ({ app, lines } = await createLoggedApp(t));
});
afterAll(() => t.closeWhenMailed());

const parsed = () => lines.map((l) => JSON.parse(l) as RequestLine);
const userId = (email: string) => (t.db.$client.prepare('select id from users where email = ?').get(email) as { id: number }).id;

describe('request logs', () => {
  it('log a sign-in with method, path, status and duration, and neither the password nor the session cookie', async () => {
    lines.length = 0;
    const c = client();
    const res = await c.post('/api/login', { username: USER.email, password: USER.password });
    expect(res.status).toBe(200);
    const token = c.cookie!.split('=')[1]!;
    expect(token.length).toBeGreaterThan(10);

    const me = await c.get('/api/user');
    expect(me.status).toBe(200);
    const trpc = await c.request('GET', '/trpc/auth.me', undefined, { cookie: c.cookie! });
    expect(trpc.status).toBe(200);
    const wrong = await client().post('/api/login', { username: USER.email, password: 'Wrong-Pa55word' });
    expect(wrong.status).toBe(401);

    const [login, user, trpcLine, refused] = parsed();
    expect(login).toMatchObject({ msg: 'request', method: 'POST', path: '/api/login', status: 200, userId: null });
    expect(typeof login!.ms).toBe('number');
    expect(login!.ms).toBeGreaterThanOrEqual(0);
    // The next requests carry the session: the line names the user, not the cookie.
    expect(user).toMatchObject({ method: 'GET', path: '/api/user', status: 200, userId: userId(USER.email) });
    expect(trpcLine).toMatchObject({ method: 'GET', path: '/trpc/auth.me', status: 200, userId: userId(USER.email) });
    expect(refused).toMatchObject({ method: 'POST', path: '/api/login', status: 401, userId: null });
    expect(Object.keys(login!).sort()).toEqual(['level', 'method', 'ms', 'msg', 'path', 'status', 'time', 'userId']);

    const all = lines.join('\n');
    for (const secret of [USER.password, 'Wrong-Pa55word', token, 'cookie', 'Cookie', 'password']) expect(all).not.toContain(secret);
  });

  it('log a reset-password path without its query, and never a reset token or link', async () => {
    const request = await client().post('/api/password-reset/request', { email: USER.email });
    expect(request.status).toBe(200);
    const token = await tokenMailedTo(t, USER.email); // the email log only holds it masked
    lines.length = 0;

    // The page of the link, the tRPC check of the token in the query, the reset itself with the token in the body,
    // and an admin's reset link (its answer holds the link).
    await client().get(`/api/reset-password?token=${token}`);
    await client().get(`/trpc/auth.me?input=${encodeURIComponent(JSON.stringify({ token }))}`);
    await client().get(`/trpc/auth.resetTokenStatus?input=${encodeURIComponent(JSON.stringify({ token }))}`);
    const reset = await client().post('/api/password-reset/reset', { token, newPassword: 'Brand-new-9' });
    expect(reset.status).toBe(200);
    const admin = await (async () => {
      const a = client();
      await a.post('/api/login', { username: ADMIN.email, password: ADMIN.password });
      return a;
    })();
    const link = await admin.post(`/api/admin/users/${userId(USER.email)}/reset-link`, {});
    expect(link.status).toBe(200);
    const linkText = JSON.stringify(link.body);
    const linkToken = /token=([A-Za-z0-9_-]+)/.exec(linkText)?.[1];

    const paths = parsed().map((l) => `${l.method} ${l.path} ${l.status}`);
    expect(paths).toContain('GET /api/reset-password 404');
    expect(paths).toContain('GET /trpc/auth.me 401');
    expect(paths).toContain('GET /trpc/auth.resetTokenStatus 200');
    expect(paths).toContain('POST /api/password-reset/reset 200');
    expect(paths).toContain(`POST /api/admin/users/${userId(USER.email)}/reset-link 200`);
    const all = lines.join('\n');
    expect(all).not.toContain(token);
    expect(all).not.toContain('token');
    expect(all).not.toContain('Brand-new-9');
    if (linkToken) expect(all).not.toContain(linkToken);
    expect(all).not.toContain('reset-password?');
  });

  it('write nothing when the level is above info', async () => {
    const { app: quietApp, lines: quiet } = await createLoggedApp(t, { level: 'warn' });
    expect((await quietApp.request('/api/health')).status).toBe(200);
    expect(quiet).toEqual([]);
  });
});
