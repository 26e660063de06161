import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, APP_URL, createTestApp, USER, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const credentials = { username: USER.email, password: USER.password };

describe('the origin check on state-changing requests', () => {
  it.each([
    ['Origin of another site', { origin: 'https://evil.example' }],
    ['Origin of another port', { origin: 'http://localhost:4000' }],
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['Sec-Fetch-Site: same-site', { 'sec-fetch-site': 'same-site' }],
  ])('refuses a POST with %s (403) and signs nobody in', async (_name, headers) => {
    const res = await t.client().post('/api/login', credentials, headers);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: 'Cross-site request refused', error: 'Cross-site request refused', code: 'FORBIDDEN' });
    expect(res.headers.get('set-cookie')).toBeNull();
  });

  it('refuses a cross-site PATCH and DELETE with a valid session cookie', async () => {
    const admin = await t.login(ADMIN.email, ADMIN.password);
    const patch = await admin.patch('/api/user/profile', { firstname: 'Pwned' }, { origin: 'https://evil.example' });
    expect(patch.status).toBe(403);
    const del = await admin.delete('/api/admin/users/2', { origin: 'https://evil.example' });
    expect(del.status).toBe(403);
    expect((await admin.get('/api/user')).body.firstname).toBe('Ada');
    expect((await admin.get('/api/admin/users')).body).toHaveLength(2);
  });

  it('refuses a cross-site tRPC mutation too', async () => {
    const res = await t.client().post('/trpc/auth.login', credentials, { origin: 'https://evil.example' });
    expect(res.status).toBe(403);
  });

  it.each([
    ['no Origin header (a script)', {}],
    ['its own Origin', { origin: APP_URL }],
    ['Sec-Fetch-Site: same-origin', { 'sec-fetch-site': 'same-origin', origin: APP_URL }],
    ['Sec-Fetch-Site: none (typed by the user)', { 'sec-fetch-site': 'none' }],
  ])('serves a POST with %s', async (_name, headers) => {
    const res = await t.client().post('/api/login', credentials, headers);
    expect(res.status).toBe(200);
  });

  it('lets cross-site GETs through (they change nothing) but they carry no session data for another site', async () => {
    const res = await t.client().get('/api/auth/check', { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('security headers', () => {
  it.each(['/api/auth/check', '/', '/calculator'])('are set on %s', async (path) => {
    const res = await t.client().get(path);
    const csp = res.headers.get('content-security-policy') ?? '';
    const scriptSrc = csp
      .split(';')
      .map((d) => d.trim())
      .find((d) => d.startsWith('script-src'));
    expect(scriptSrc).toBe("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });
});

describe('malformed input never produces a 500', () => {
  it.each([
    ['/api/login', '{"username":'],
    ['/api/login', '[1,2]'],
    ['/api/register', 'null'],
    ['/api/password-reset/request', '"x"'],
    ['/api/password-reset/reset', '{"token":{"$gt":""},"newPassword":["A"]}'],
  ])('POST %s with %s → 400', async (path, body) => {
    const res = await t.client().post(path, body);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('BAD_REQUEST');
  });

  it('answers 413 for a body over 1 MiB', async () => {
    const res = await t.client().post('/api/register', { username: 'x'.repeat(1024 * 1024 + 10) });
    expect(res.status).toBe(413);
  });
});
