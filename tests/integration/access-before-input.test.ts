// Access is checked before input: every user-only path answers 401 to anyone signed out and every admin path 403 to a
// user, whatever id or body they send, on REST and tRPC; signed in, the input is judged as before.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRestApi } from '../../src/server/rest';
import { appWithAdminAndUser, type TestApp, type TestClient } from '../support/test-app';

let t: TestApp;
let user: TestClient;

beforeAll(async () => ({ t, user } = await appWithAdminAndUser()));
afterAll(() => t.close());

describe('access before input', () => {
  /** Paths anyone may call (everything else needs a session). */
  const PUBLIC = new Set([
    'GET /health',
    'GET /openapi.json',
    'GET /docs',
    'GET /auth/check',
    'POST /login',
    'POST /logout',
    'POST /register',
    'POST /password-reset/request',
    'POST /password-reset/reset',
    'POST /verify-email',
    'GET /shared',
    'GET /shared/:token',
    'GET /shared/:token/pdf',
    'POST /shared/:token/accept',
    'POST /shared/:token/decline',
  ]);
  const routes = createRestApi()
    .routes.filter((r) => r.method !== 'ALL')
    .map((r) => `${r.method} ${r.path}`)
    .filter((r, i, all) => all.indexOf(r) === i);
  const signedIn = routes.filter((r) => !PUBLIC.has(r));
  const adminOnly = signedIn.filter(
    (r) =>
      / \/(admin|packages|addons|addon-categories|discounts)\b/.test(r) &&
      !r.startsWith('GET /packages') &&
      !r.startsWith('GET /addons') &&
      !r.startsWith('GET /addon-categories') &&
      !r.startsWith('GET /discounts'),
  );
  const GARBAGE_IDS = ['abc', '0', '-1', '1e3', '99999999999999999999', '%C0%AC'];
  const GARBAGE_BODIES = ['[1]', 'not json', '"text"', 'null', '{"id":'];
  const url = (route: string, id: string) => `/api${route.split(' ')[1]!.replace(/:\w+/g, id)}`;

  it('the list of user-only routes is what the REST door registers', () => {
    expect(signedIn.length).toBeGreaterThan(40);
    expect(signedIn).toContain('GET /configurations/:id');
    expect(signedIn).toContain('POST /configurations');
    expect(signedIn).toContain('GET /configurations/:id/activity');
    for (const p of PUBLIC) expect(routes, p).toContain(p);
  });

  it('an unreadable id or body is still a 401 signed out: GET /api/configurations/abc and POST /api/configurations with [1] are 401 signed out', async () => {
    expect((await t.client().get('/api/configurations/abc')).status).toBe(401);
    const post = await t.client().post('/api/configurations', '[1]');
    expect(post.status).toBe(401);
    expect(post.body).toMatchObject({ code: 'UNAUTHORIZED', message: 'Not authenticated' });
  });

  it('every user-only route answers 401 signed out, whatever id or body', async () => {
    for (const route of signedIn) {
      const method = route.split(' ')[0]!;
      for (const id of GARBAGE_IDS) {
        for (const body of method === 'GET' || method === 'DELETE' ? [undefined] : GARBAGE_BODIES) {
          const res = await t.client().request(method, url(route, id), body);
          expect(res.status, `${route} ${id} ${body}`).toBe(401);
        }
      }
      // a body without a Content-Type (bytes: a string body would be typed text/plain) is judged after access too
      if (method !== 'GET' && method !== 'DELETE') {
        const res = await t.app.request(url(route, '1'), { method, body: new TextEncoder().encode('[1]') });
        expect(res.status, `${route} untyped`).toBe(401);
      }
    }
  });

  it('every admin route answers 403 to a signed-in user, whatever id or body', async () => {
    expect(adminOnly.length).toBeGreaterThan(20);
    for (const route of adminOnly) {
      const method = route.split(' ')[0]!;
      const res = await user.request(method, url(route, 'abc'), method === 'GET' || method === 'DELETE' ? undefined : '[1]');
      expect(res.status, route).toBe(403);
    }
  });

  it('the tRPC door too: a user procedure answers 401 signed out whatever its input', async () => {
    for (const body of ['[1', '[1]', '"x"', 'null']) {
      expect((await t.client().post('/trpc/configurations.create', body)).status, body).toBe(401);
      expect((await t.client().post('/trpc/configurations.create,configurations.update?batch=1', body)).status, body).toBe(401);
      expect((await t.client().get(`/trpc/configurations.get?input=${encodeURIComponent(body)}`)).status, body).toBe(401);
    }
  });

  it('signed in, the input is judged as before: an unknown id is a 404, a body that is not an object a 400', async () => {
    expect((await user.get('/api/configurations/abc')).status).toBe(404);
    const post = await user.post('/api/configurations', '[1]');
    expect(post.status).toBe(400);
    expect(post.body.message).toBe('The request body must be a JSON object');
    expect((await user.post('/api/configurations', 'not json')).body.message).toBe('The request body is not valid JSON');
  });
});
