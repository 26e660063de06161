// API keys for scripts (docs/API.md "API keys"): made, listed and revoked on both doors; a key signs any call in as its
// user with no cookie, Origin or CSRF check; read keys only read; unknown and revoked keys are 401; the user's current
// role; gone with the user; stored hashed; audited; never logged.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLoggedApp } from '../support/log-capture';
import { MINUTE } from '../support/clock';
import { appWithAdminAndUser, TestClient, USER, type TestApp } from '../support/test-app';
import { trpcCall } from '../support/trpc-http';

let t: TestApp;
let user: TestClient;
let admin: TestClient;

const saved = { name: 'Keyed', packageId: 2, squareMeters: 800, addOns: [], discountIds: [], contractDuration: 24 };
const bearer = (key: string) => ({ authorization: `Bearer ${key}` });
/** A client with no cookie that sends this key. */
const script = (key: string) => new TestClient(t.app, bearer(key));
const dbText = () =>
  JSON.stringify(t.db.$client.prepare('SELECT * FROM api_keys').all()) + JSON.stringify(t.db.$client.prepare('SELECT * FROM audit_log').all());

beforeAll(async () => ({ t, admin, user } = await appWithAdminAndUser()));
afterAll(() => t.close());

async function newKey(client: TestClient, scope: 'read' | 'write', name = `${scope} key`): Promise<string> {
  const res = await client.post('/api/account/api-keys', { name, scope });
  expect(res.status, res.text).toBe(201);
  return res.body.key;
}

describe('making, listing and revoking keys', () => {
  it('POST answers the key once, as qc_ and 160 random bits; only its SHA-256 is stored; the list never holds it', async () => {
    const res = await user.post('/api/account/api-keys', { name: 'CRM sync', scope: 'write' });
    expect(res.status, res.text).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(['createdAt', 'id', 'key', 'lastUsedAt', 'name', 'prefix', 'scope']);
    expect(res.body).toMatchObject({ name: 'CRM sync', scope: 'write', lastUsedAt: null });
    expect(res.body.key).toMatch(/^qc_[a-z2-7]{32}$/);
    expect(res.body.key.startsWith(res.body.prefix)).toBe(true);
    expect(res.body.prefix.length).toBeLessThan(12);
    expect(dbText()).not.toContain(res.body.key.slice(3));

    const list = await user.get('/api/account/api-keys');
    expect(list.status).toBe(200);
    const mine = list.body.find((k: { id: number }) => k.id === res.body.id);
    expect(mine).toEqual({
      id: res.body.id,
      name: 'CRM sync',
      scope: 'write',
      prefix: res.body.prefix,
      createdAt: res.body.createdAt,
      lastUsedAt: null,
    });
    expect(list.text).not.toContain(res.body.key);
  });

  it('refuses a missing name, an invisible one and an unknown scope (400), and an anonymous caller (401)', async () => {
    expect((await user.post('/api/account/api-keys', { scope: 'read' })).status).toBe(400);
    expect((await user.post('/api/account/api-keys', { name: '   ', scope: 'read' })).status).toBe(400);
    const scope = await user.post('/api/account/api-keys', { name: 'x', scope: 'admin' });
    expect(scope.status).toBe(400);
    expect(scope.body.message).toBe('Scope must be "read" or "write"');
    expect((await t.client().post('/api/account/api-keys', { name: 'x', scope: 'read' })).status).toBe(401);
    expect((await t.client().get('/api/account/api-keys')).status).toBe(401);
  });

  it('the same over tRPC (auth.apiKeys.*)', async () => {
    const made = await trpcCall(user, 'mutation', 'auth.apiKeys.create', { name: 'Via tRPC', scope: 'read' });
    expect(made.status, made.text).toBe(200);
    const key = made.body.result.data;
    expect(key.key).toMatch(/^qc_/);
    const list = await trpcCall(user, 'query', 'auth.apiKeys.list');
    expect(list.body.result.data.map((k: { id: number }) => k.id)).toContain(key.id);
    expect(list.text).not.toContain(key.key);
    expect((await trpcCall(user, 'mutation', 'auth.apiKeys.revoke', { id: key.id })).status).toBe(200);
    expect((await script(key.key).get('/api/user')).status).toBe(401);
  });

  it('a user revokes only their own keys; an admin sees every key with its owner (no secret) and revokes any', async () => {
    const key = await newKey(user, 'read', 'To be revoked');
    const id = (await user.get('/api/account/api-keys')).body.find((k: { name: string }) => k.name === 'To be revoked').id;
    const adminsOwn = await newKey(admin, 'read', 'Admin own');
    const adminsId = (await admin.get('/api/account/api-keys')).body[0].id;
    expect((await user.delete(`/api/account/api-keys/${adminsId}`)).status).toBe(404);
    expect((await script(adminsOwn).get('/api/user')).status).toBe(200);

    const all = await admin.get('/api/admin/api-keys');
    expect(all.status).toBe(200);
    const row = all.body.find((k: { id: number }) => k.id === id);
    expect(row.owner).toEqual({ id: expect.any(Number), username: expect.any(String), email: USER.email });
    expect(all.text).not.toContain(key);
    expect(all.text).not.toMatch(/keyHash|key_hash|"key"/);
    expect((await user.get('/api/admin/api-keys')).status).toBe(403);
    expect((await user.delete(`/api/admin/api-keys/${id}`)).status).toBe(403);

    expect((await admin.delete(`/api/admin/api-keys/${id}`)).status).toBe(204);
    expect((await admin.delete(`/api/admin/api-keys/${id}`)).status).toBe(404);
    expect((await script(key).get('/api/user')).status).toBe(401);
    const viaTrpc = await newKey(user, 'read', 'Admin revokes over tRPC');
    const viaTrpcId = (await user.get('/api/account/api-keys')).body[0].id;
    expect((await trpcCall(admin, 'query', 'admin.apiKeys.list')).status).toBe(200);
    expect((await trpcCall(admin, 'mutation', 'admin.apiKeys.revoke', { id: viaTrpcId })).status).toBe(200);
    expect((await script(viaTrpc).get('/api/user')).status).toBe(401);
  });

  it('making and revoking are audit entries naming the key by name and prefix, never the key', async () => {
    const key = await newKey(user, 'write', 'Audited');
    const id = (await user.get('/api/account/api-keys')).body[0].id;
    expect((await user.delete(`/api/account/api-keys/${id}`)).status).toBe(204);
    const entries = (await admin.get(`/api/admin/audit?entity=api_key`)).body.filter((e: { entityId: number }) => e.entityId === id);
    expect(entries.map((e: { action: string }) => e.action).sort()).toEqual(['create', 'delete']);
    expect(entries[0].actor).toMatch(/\S/);
    expect(JSON.stringify(entries)).toContain('Audited');
    expect(JSON.stringify(entries)).not.toContain(key.slice(3));
  });
});

describe('signing in with a key', () => {
  it('a write key works on both doors with no cookie, and a foreign Origin or cross-site fetch is not refused', async () => {
    const key = await newKey(user, 'write');
    const s = script(key);
    const me = await s.get('/api/user');
    expect(me.status).toBe(200);
    expect(me.body.email).toBe(USER.email);
    expect(me.headers.get('set-cookie')).toBeNull();
    const made = await s.post('/api/configurations', saved, { origin: 'https://crm.example', 'sec-fetch-site': 'cross-site' });
    expect(made.status, made.text).toBe(201);
    const viaTrpc = await trpcCall(s, 'mutation', 'configurations.update', { id: made.body.id, locations: 2 }, { origin: 'https://crm.example' });
    expect(viaTrpc.status, viaTrpc.text).toBe(200);
    expect((await trpcCall(s, 'query', 'auth.me')).body.result.data.email).toBe(USER.email);
    // The same foreign write with the user's cookie instead is refused as before.
    expect((await user.post('/api/configurations', saved, { origin: 'https://crm.example' })).status).toBe(403);
  });

  it('a read key reads, and every change of data is a 403 on both doors, changing nothing', async () => {
    const key = await newKey(user, 'read');
    const s = script(key);
    expect((await s.get('/api/configurations')).status).toBe(200);
    expect((await trpcCall(s, 'query', 'configurations.list', { scope: 'mine' })).status).toBe(200);
    const before = t.db.$client.prepare('SELECT count(*) AS n FROM configurations').get();
    const refused = await s.post('/api/configurations', saved);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('This API key may only read');
    expect((await trpcCall(s, 'mutation', 'configurations.create', saved)).status).toBe(403);
    expect((await s.patch('/api/profile', { firstname: 'Changed' })).status).toBe(403);
    expect((await s.post('/api/account/api-keys', { name: 'more', scope: 'write' })).status).toBe(403);
    expect(t.db.$client.prepare('SELECT count(*) AS n FROM configurations').get()).toEqual(before);
  });

  it('an unknown, malformed or revoked key is a 401 on every path, even with a valid cookie beside it', async () => {
    for (const bad of ['qc_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa', 'nonsense', '']) {
      const s = new TestClient(t.app, { authorization: `Bearer ${bad}` });
      expect((await s.get('/api/packages')).status, bad).toBe(401);
      expect((await s.get('/api/auth/check')).status, bad).toBe(401);
      expect((await trpcCall(s, 'query', 'catalog.all')).status, bad).toBe(401);
    }
    const withCookie = await user.get('/api/user', bearer('qc_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa'));
    expect(withCookie.status).toBe(401);
  });

  it('a key acts with its user’s current role: an admin key loses admin when its user is demoted', async () => {
    const made = await admin.post('/api/admin/users', {
      username: 'keyadmin',
      email: 'keyadmin@example.com',
      firstname: 'Key',
      lastname: 'Admin',
      companyName: 'K',
      password: 'KeyAdmin123',
      isAdmin: true,
    });
    expect(made.status, made.text).toBe(201);
    const keyAdmin = await t.login('keyadmin@example.com', 'KeyAdmin123');
    const key = await newKey(keyAdmin, 'write');
    expect((await script(key).get('/api/admin/users')).status).toBe(200);
    expect((await admin.patch(`/api/admin/users/${made.body.id}`, { isAdmin: false })).status).toBe(200);
    expect((await script(key).get('/api/admin/users')).status).toBe(403);
    expect((await script(key).get('/api/user')).status).toBe(200);

    // ... and dies with its user.
    expect((await admin.delete(`/api/admin/users/${made.body.id}`)).status).toBe(204);
    expect((await script(key).get('/api/user')).status).toBe(401);
    expect(t.db.$client.prepare('SELECT count(*) AS n FROM api_keys WHERE user_id = ?').get(made.body.id)).toEqual({ n: 0 });
  });

  it('lastUsedAt follows use, written at most once a minute', async () => {
    const key = await newKey(user, 'read', 'Used');
    const lastUsed = async () => (await user.get('/api/account/api-keys')).body.find((k: { name: string }) => k.name === 'Used').lastUsedAt;
    expect(await lastUsed()).toBeNull();
    await script(key).get('/api/user');
    const first = await lastUsed();
    expect(first).toBe(t.clock.now().toISOString());
    t.clock.advance(30_000);
    await script(key).get('/api/user');
    expect(await lastUsed()).toBe(first);
    t.clock.advance(MINUTE);
    await script(key).get('/api/user');
    expect(await lastUsed()).toBe(t.clock.now().toISOString());
  });

  it('neither the key nor the Authorization header reaches the log', async () => {
    const key = await newKey(user, 'write', 'Logged?');
    const logged = await createLoggedApp(t);
    const s = new TestClient(logged.app, bearer(key));
    expect((await s.get('/api/user')).status).toBe(200);
    expect((await s.get('/api/nothing-here')).status).toBe(404);
    expect((await new TestClient(logged.app, bearer(`${key}x`)).get('/api/user')).status).toBe(401);
    const text = logged.lines.join('\n');
    expect(logged.lines.length).toBeGreaterThanOrEqual(3);
    expect(text).not.toContain(key.slice(3));
    expect(text.toLowerCase()).not.toContain('bearer');
  });
});
