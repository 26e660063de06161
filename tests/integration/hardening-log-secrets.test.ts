// No secret in any log line: a whole share (share, view, PDF, accept) and a whole password reset run through an app
// whose log lines are kept, and every secret value that passed — share token, reset tokens, session tokens, device
// cookies, and the hashes stored for them — is looked for in every line, 500 lines included. Share paths are written
// with a placeholder; a PDF line names the signed-in user.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_COOKIE } from '../../src/server/auth/device-cookie';
import { hashToken } from '../../src/server/auth/tokens';
import { loggableError, loggedPath } from '../../src/server/logging';
import { tokenMailedTo } from '../support/accounts';
import { demoIds } from '../support/configurations';
import { createLoggedApp, type LoggedApp, type RequestLine } from '../support/log-capture';
import { ADMIN, createTestApp, TestClient, USER, type TestApp } from '../support/test-app';

let t: TestApp;
let logged: LoggedApp;
/** Every secret value seen during the flows, to be looked for in the log. */
const secrets = new Set<string>();

beforeAll(async () => {
  t = await createTestApp();
  logged = await createLoggedApp(t);
});
afterAll(() => t.closeWhenMailed());

const client = () => new TestClient(logged.app);
const lines = () => logged.lines.map((l) => JSON.parse(l) as RequestLine & { err?: unknown; where?: string });
const userIdOf = (email: string) => (t.db.$client.prepare('select id from users where email = ?').get(email) as { id: number }).id;

/** Signs in through the logged app, keeping the session token and the device cookie as secrets. */
async function signIn(email: string, password: string): Promise<TestClient> {
  const c = client();
  const res = await c.post('/api/login', { username: email, password });
  expect(res.status).toBe(200);
  const session = c.cookie!.split('=')[1]!;
  secrets.add(session).add(hashToken(session));
  const device = res.headers.getSetCookie().find((v) => v.startsWith(`${DEVICE_COOKIE}=`))!;
  secrets.add(device.split(';')[0]!.slice(DEVICE_COOKIE.length + 1));
  return c;
}

function expectNoSecretLogged(): void {
  const all = logged.lines.join('\n');
  expect(secrets.size).toBeGreaterThan(3);
  for (const secret of secrets) expect(all).not.toContain(secret);
}

describe('no secret in a log line', () => {
  it('a whole share: the token is never written; share paths have a placeholder; PDF lines name the user', async () => {
    const owner = await signIn(USER.email, USER.password);
    const ownerId = userIdOf(USER.email);
    const saved = await owner.post('/api/configurations', {
      name: 'Logged quote',
      packageId: demoIds(t).pkg('Advanced'),
      squareMeters: 300,
      customerEmail: 'ada@acme.test',
    });
    expect(saved.status).toBe(201);
    const id = saved.body.id as number;
    const shared = await owner.post(`/api/configurations/${id}/share`);
    expect(shared.status).toBe(201);
    const token = (shared.body.url as string).split('/q/')[1]!;
    secrets.add(token).add(hashToken(token));

    // The link copied again and the quote sent by mail (which may share again): their tokens are secrets too.
    const again = await owner.get(`/api/configurations/${id}/share`);
    expect(again.status).toBe(200);
    expect((await owner.post(`/api/configurations/${id}/send`, { message: 'Here it is' })).status).toBe(200);
    const live = await owner.get(`/api/configurations/${id}/share`);
    for (const url of [again.body.url, live.body.url] as string[]) {
      const t2 = url.split('/q/')[1]!;
      secrets.add(t2).add(hashToken(t2));
    }

    const customer = client();
    expect((await customer.get(`/api/shared/${token}`)).status).toBe(200);
    expect((await customer.get(`/trpc/shared.view?input=${encodeURIComponent(JSON.stringify({ token }))}`)).status).toBe(200);
    expect((await customer.get(`/api/shared/${token}/pdf`)).status).toBe(200);
    expect((await owner.get(`/api/shared/${token}/pdf`)).status).toBe(200);
    expect((await owner.get(`/api/configurations/${id}/pdf`)).status).toBe(200);
    expect((await customer.post(`/api/shared/${token}/accept`, { name: 'Ada', email: 'ada@acme.test', consent: true })).status).toBe(200);
    // a guess, spelled oddly, is written with the placeholder too
    expect((await customer.get(`/api//Shared/${token.toUpperCase()}/pdf`)).status).toBe(404);
    secrets.add(token.toUpperCase());

    // An API key in an Authorization header, real or made up, is never read by the logger either.
    const made = await owner.post('/api/account/api-keys', { name: 'Script', scope: 'read' });
    expect(made.status).toBe(201);
    const apiKey = made.body.key as string;
    const madeUp = `${apiKey.slice(0, -4)}aaaa`;
    secrets.add(apiKey).add(hashToken(apiKey)).add(madeUp);
    for (const key of [apiKey, madeUp]) {
      for (const path of ['/api/configurations', '/trpc/auth.me', `/api/shared/${token}`, '/api/no-such-path']) {
        await customer.get(path, { authorization: `Bearer ${key}` });
      }
    }
    expect(lines().some((l) => l.path === '/api/configurations' && l.status === 200 && l.userId === ownerId)).toBe(true);

    const seen = lines().map((l) => `${l.method} ${l.path} ${l.status} ${l.userId}`);
    expect(seen).toContain('GET /api/shared/:token 200 null');
    expect(seen).toContain('GET /api/shared/:token/pdf 200 null');
    expect(seen).toContain(`GET /api/shared/:token/pdf 200 ${ownerId}`);
    expect(seen).toContain(`GET /api/configurations/${id}/pdf 200 ${ownerId}`);
    expect(seen).toContain('POST /api/shared/:token/accept 200 null');
    expect(seen).toContain('GET /trpc/shared.view 200 null');
    expect(seen).toContain('GET /api/shared/:token/pdf 404 null');
    expectNoSecretLogged();
  });

  it('a whole password reset (mail and admin link), and the sign-ins after it: no token, session or device cookie', async () => {
    expect((await client().post('/api/password-reset/request', { email: USER.email })).status).toBe(200);
    const mailed = await tokenMailedTo(t, USER.email);
    secrets.add(mailed).add(hashToken(mailed));
    expect((await client().post('/api/password-reset/reset', { token: mailed, newPassword: 'Reset-Pa55word' })).status).toBe(200);

    const admin = await signIn(ADMIN.email, ADMIN.password);
    const link = await admin.post(`/api/admin/users/${userIdOf(USER.email)}/reset-link`);
    expect(link.status).toBe(200);
    const linkToken = new URL(link.body.resetUrl as string).searchParams.get('token')!;
    secrets.add(linkToken).add(hashToken(linkToken));
    expect((await client().post('/api/password-reset/reset', { token: linkToken, newPassword: 'Again-Pa55word' })).status).toBe(200);
    const again = await signIn(USER.email, 'Again-Pa55word');
    expect((await again.post('/api/logout')).status).toBe(200);
    expect(lines().some((l) => l.path === '/api/password-reset/reset' && l.status === 200)).toBe(true);
    expectNoSecretLogged();
  });

  it('a 500 on a share path or a reset writes its error line with the placeholder and without any token or hash', async () => {
    const owner = await signIn(USER.email, 'Again-Pa55word');
    const saved = await owner.post('/api/configurations', { name: 'Broken share', packageId: demoIds(t).pkg('Entry'), squareMeters: 100 });
    const shared = await owner.post(`/api/configurations/${saved.body.id}/share`);
    const token = (shared.body.url as string).split('/q/')[1]!;
    secrets.add(token).add(hashToken(token));
    const admin = await signIn(ADMIN.email, ADMIN.password);
    const link = await admin.post(`/api/admin/users/${userIdOf(USER.email)}/reset-link`);
    const resetToken = new URL(link.body.resetUrl as string).searchParams.get('token')!;
    secrets.add(resetToken).add(hashToken(resetToken));

    logged.lines.length = 0;
    // The tables the two lookups read are away for a moment: each lookup fails inside the database driver.
    t.db.$client.exec('ALTER TABLE quote_shares RENAME TO quote_shares_away; ALTER TABLE password_reset_tokens RENAME TO reset_away');
    try {
      expect((await client().get(`/api/shared/${token}`)).status).toBe(500);
      expect((await client().get(`/api/shared/${token}/pdf`)).status).toBe(500);
      expect((await client().post('/api/password-reset/reset', { token: resetToken, newPassword: 'Third-Pa55word' })).status).toBe(500);
    } finally {
      t.db.$client.exec('ALTER TABLE quote_shares_away RENAME TO quote_shares; ALTER TABLE reset_away RENAME TO password_reset_tokens');
    }
    const errors = lines().filter((l) => l.msg === 'internal error');
    expect(errors.map((l) => l.where)).toEqual(['GET /api/shared/:token', 'GET /api/shared/:token/pdf', 'POST /api/password-reset/reset']);
    expect(JSON.stringify(errors)).toMatch(/no such table/);
    expect(
      lines()
        .filter((l) => l.msg === 'request')
        .map((l) => `${l.path} ${l.status}`),
    ).toEqual(['/api/shared/:token 500', '/api/shared/:token/pdf 500', '/api/password-reset/reset 500']);
    expectNoSecretLogged();
  });
});

describe('the pieces', () => {
  it('loggedPath hides whatever follows /api/shared/, keeping only the known endings', () => {
    expect(loggedPath('/api/shared/abc')).toBe('/api/shared/:token');
    expect(loggedPath('/api/shared/abc/pdf')).toBe('/api/shared/:token/pdf');
    expect(loggedPath('/api/shared/abc/accept')).toBe('/api/shared/:token/accept');
    expect(loggedPath('/api/shared/abc/decline')).toBe('/api/shared/:token/decline');
    expect(loggedPath('/api/shared/abc/def/ghi')).toBe('/api/shared/:token/…');
    expect(loggedPath('/api/SHARED//abc')).toBe('/api/shared/:token');
    expect(loggedPath('/api/configurations/12/pdf')).toBe('/api/configurations/12/pdf');
    expect(loggedPath('/api/sharedthing')).toBe('/api/sharedthing');
  });

  it('an error is written as its type, message and stack, scrubbed, and nothing else of it', () => {
    const token = 'abcdefghijklmnopqrstuvwxyz234567';
    expect(JSON.stringify(loggableError(new Error(`key qc_${token} refused`)))).not.toContain(token);
    const error = Object.assign(new Error(`Failed query: select * from t where id = ?\nparams: ${hashToken(token)}`), {
      params: [token],
      cause: new Error(`token ${token} refused`),
    });
    const text = JSON.stringify(loggableError(error));
    expect(text).not.toContain(token);
    expect(text).not.toContain(hashToken(token));
    expect(text).toContain('Failed query');
    expect(Object.keys(loggableError(error)).sort()).toEqual(['cause', 'message', 'stack', 'type']);
  });
});
