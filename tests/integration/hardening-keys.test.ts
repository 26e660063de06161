// API keys against a stolen session (docs/API.md "API keys"): every key of a user ends with a new password (a
// completed reset, an admin setting it), audited; keys are made, listed and revoked with a session only; making one
// mails its owner; the live share link is answered to a session or a write key, never to a read key.
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeys, auditLog, emailLogs } from '../../db/schema';
import { apiKeyMessages } from '../../src/shared/schemas/api-keys';
import { decodeQuotedPrintable, outboxFiles, tokenMailedTo } from '../support/accounts';
import { saveCustomerQuote, withDemoIds, type DemoIds } from '../support/configurations';
import { appWithAdminAndUser, TestClient, USER, type TestApp } from '../support/test-app';
import { trpcCall } from '../support/trpc-http';

let t: TestApp;
let admin: TestClient;
let user: TestClient;
let ids: DemoIds;

beforeAll(async () => ({ t, admin, user, ids } = await withDemoIds(appWithAdminAndUser())));
afterAll(() => t.closeWhenMailed());

/** A client with no cookie that sends this key. */
const script = (key: string) => new TestClient(t.app, { authorization: `Bearer ${key}` });

async function newKey(client: TestClient, scope: 'read' | 'write', name = `${scope} key`): Promise<{ id: number; key: string; prefix: string }> {
  const res = await client.post('/api/account/api-keys', { name, scope });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

let accounts = 0;
/** A fresh account made by the admin, signed in with its password. */
async function newAccount(): Promise<{ id: number; email: string; client: TestClient }> {
  accounts += 1;
  const email = `keys${accounts}@example.org`;
  const made = await admin.post('/api/admin/users', {
    username: email,
    email,
    firstname: 'Kim',
    lastname: 'Keys',
    companyName: 'Keys BV',
    password: 'Original123',
    isAdmin: false,
  });
  expect(made.status, made.text).toBe(201);
  return { id: made.body.id, email, client: await t.login(email, 'Original123') };
}

const keysOf = (userId: number) => t.db.select().from(apiKeys).where(eq(apiKeys.userId, userId)).all();
const revokedEntries = (userId: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'user'), eq(auditLog.entityId, userId), eq(auditLog.action, 'api_keys_revoked')))
    .all();

describe('every key of a user ends with their password', () => {
  it('a reset completed from the mailed link (REST): the keys answer 401 as revoked ones, one audit entry counts them', async () => {
    const a = await newAccount();
    const write = await newKey(a.client, 'write');
    const read = await newKey(a.client, 'read');
    const others = await newKey(user, 'write', 'Someone else’s');
    expect((await script(write.key).get('/api/user')).status).toBe(200);

    expect((await t.client().post('/api/password-reset/request', { email: a.email })).status).toBe(200);
    const token = await tokenMailedTo(t, a.email);
    expect((await t.client().post('/api/password-reset/reset', { token, newPassword: 'Renewed123' })).status).toBe(200);

    for (const k of [write, read]) {
      const res = await script(k.key).get('/api/user');
      expect(res.status).toBe(401);
      expect(res.body.message).toBe('The API key is not valid');
      expect((await trpcCall(script(k.key), 'query', 'auth.me')).status).toBe(401);
    }
    expect(keysOf(a.id)).toEqual([]);
    const [entry, ...more] = revokedEntries(a.id);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({ userId: a.id, after: { count: 2, prefixes: expect.arrayContaining([write.prefix, read.prefix]) } });
    expect(JSON.stringify(entry)).not.toContain(write.key.slice(3));
    // Only that user's keys.
    expect((await script(others.key).get('/api/user')).status).toBe(200);
  });

  it('a reset completed over tRPC (auth.resetPassword) from an admin’s link does the same', async () => {
    const a = await newAccount();
    const write = await newKey(a.client, 'write');
    const link = await admin.post(`/api/admin/users/${a.id}/reset-link`);
    const token = new URL(link.body.resetUrl as string).searchParams.get('token');
    const done = await trpcCall(t.client(), 'mutation', 'auth.resetPassword', { token, newPassword: 'Renewed123' });
    expect(done.status, done.text).toBe(200);
    expect((await script(write.key).get('/api/configurations')).status).toBe(401);
    expect(revokedEntries(a.id)).toEqual([expect.objectContaining({ after: expect.objectContaining({ count: 1 }) })]);
  });

  it('an admin setting the password (REST and tRPC) revokes them, audited under the admin; other changes keep them', async () => {
    const a = await newAccount();
    const first = await newKey(a.client, 'write');
    expect((await admin.patch(`/api/admin/users/${a.id}`, { firstname: 'Kimberly', password: '' })).status).toBe(200);
    expect((await script(first.key).get('/api/user')).status).toBe(200);
    expect(revokedEntries(a.id)).toEqual([]);

    expect((await admin.patch(`/api/admin/users/${a.id}`, { password: 'AdminSet123' })).status).toBe(200);
    expect((await script(first.key).get('/api/user')).status).toBe(401);
    const adminId = (await admin.get('/api/user')).body.id as number;
    expect(revokedEntries(a.id)).toEqual([expect.objectContaining({ userId: adminId, after: { count: 1, prefixes: [first.prefix] } })]);

    const again = await t.login(a.email, 'AdminSet123');
    const second = await newKey(again, 'read');
    const viaTrpc = await trpcCall(admin, 'mutation', 'admin.users.update', { id: a.id, password: 'AdminSet456' });
    expect(viaTrpc.status, viaTrpc.text).toBe(200);
    expect((await script(second.key).get('/api/user')).status).toBe(401);
    expect(revokedEntries(a.id)).toHaveLength(2);
  });

  it('a password set with no key to revoke writes no such entry', async () => {
    const a = await newAccount();
    expect((await admin.patch(`/api/admin/users/${a.id}`, { password: 'AdminSet123' })).status).toBe(200);
    expect(revokedEntries(a.id)).toEqual([]);
  });
});

describe('keys are managed with a session only', () => {
  it('a write key can neither make, list nor revoke keys on either door (403), and changes nothing', async () => {
    const a = await newAccount();
    const write = await newKey(a.client, 'write');
    const target = await newKey(a.client, 'read', 'Target');
    const s = script(write.key);
    const before = keysOf(a.id).length;
    const refusals = [
      await s.post('/api/account/api-keys', { name: 'Minted', scope: 'write' }),
      await s.get('/api/account/api-keys'),
      await s.delete(`/api/account/api-keys/${target.id}`),
      await trpcCall(s, 'mutation', 'auth.apiKeys.create', { name: 'Minted', scope: 'write' }),
      await trpcCall(s, 'query', 'auth.apiKeys.list'),
      await trpcCall(s, 'mutation', 'auth.apiKeys.revoke', { id: target.id }),
    ];
    for (const res of refusals) {
      expect(res.status, res.text).toBe(403);
      expect(res.text).toContain(apiKeyMessages.sessionOnly);
    }
    expect(keysOf(a.id)).toHaveLength(before);
    expect((await script(target.key).get('/api/user')).status).toBe(200);
    // The same account's session still manages them.
    expect((await a.client.get('/api/account/api-keys')).status).toBe(200);
    expect((await a.client.delete(`/api/account/api-keys/${target.id}`)).status).toBe(204);
  });

  it('a read key is refused the same (403), and an admin’s key gets no admin key list or revoke', async () => {
    const read = await newKey(user, 'read');
    const s = script(read.key);
    for (const res of [await s.get('/api/account/api-keys'), await trpcCall(s, 'query', 'auth.apiKeys.list')]) {
      expect(res.status).toBe(403);
      expect(res.text).toContain(apiKeyMessages.sessionOnly);
    }
    for (const res of [await s.post('/api/account/api-keys', { name: 'x', scope: 'read' }), await s.delete(`/api/account/api-keys/${read.id}`)]) {
      expect(res.status).toBe(403);
    }

    const adminKey = script((await newKey(admin, 'write', 'Admin script')).key);
    expect((await adminKey.get('/api/admin/users')).status).toBe(200);
    for (const res of [
      await adminKey.get('/api/admin/api-keys'),
      await adminKey.delete(`/api/admin/api-keys/${read.id}`),
      await trpcCall(adminKey, 'query', 'admin.apiKeys.list'),
      await trpcCall(adminKey, 'mutation', 'admin.apiKeys.revoke', { id: read.id }),
    ]) {
      expect(res.status, res.text).toBe(403);
      expect(res.text).toContain(apiKeyMessages.sessionOnly);
    }
    expect((await s.get('/api/user')).status).toBe(200);
  });
});

describe('making a key mails its owner', () => {
  const mailsTo = async (to: string) => {
    await t.services.mailer.idle();
    return t.db
      .select()
      .from(emailLogs)
      .where(and(eq(emailLogs.to, to), eq(emailLogs.type, 'api_key_created')))
      .orderBy(desc(emailLogs.id))
      .all();
  };

  it('names the key and its prefix and when, says what to do if it was not them, and never holds the key (REST)', async () => {
    const a = await newAccount();
    const made = await newKey(a.client, 'write', 'CRM <sync> & co');
    const [mail, ...more] = await mailsTo(a.email);
    expect(more).toEqual([]);
    expect(mail).toMatchObject({ subject: 'A new API key was created', status: 'sent', userId: a.id });
    expect(mail!.content).toContain('CRM &lt;sync&gt; &amp; co');
    expect(mail!.content).not.toContain('<sync>');
    expect(mail!.content).toContain(`${made.prefix}…`);
    expect(mail!.content).toMatch(/revoke it/i);
    expect(mail!.content).toMatch(/change your password/i);
    // The test clock's 09:00 UTC is 10:00 in Amsterdam.
    expect(mail!.content).toContain('on 1 Mar 2026, 10:00 CET.');
    expect(JSON.stringify(mail)).not.toContain(made.key.slice(3));

    const sent = outboxFiles(t)
      .map(decodeQuotedPrintable)
      .filter((eml) => eml.includes(`To: ${a.email}`) && eml.includes('A new API key was created'));
    expect(sent).toHaveLength(1);
    expect(sent[0]).toContain('Name: CRM <sync> & co');
    expect(sent[0]).toContain(`Key starts with: ${made.prefix}`);
    expect(sent[0]).not.toContain(made.key.slice(3));
  });

  it('a key made over tRPC mails the same; the admin’s email log lists it', async () => {
    const a = await newAccount();
    const made = await trpcCall(a.client, 'mutation', 'auth.apiKeys.create', { name: 'Via tRPC', scope: 'read' });
    expect(made.status).toBe(200);
    const [mail] = await mailsTo(a.email);
    expect(mail!.content).toContain('Via tRPC');
    expect(mail!.content).toContain(made.body.result.data.prefix);
    const logs = (await admin.get('/api/admin/email-logs')).body as { to: string; type: string; subject: string }[];
    expect(logs.find((l) => l.to === a.email && l.type === 'api_key_created')?.subject).toBe('A new API key was created');
    expect(JSON.stringify(logs)).not.toContain((made.body.result.data.key as string).slice(3));
  });
});

describe('the live share link: a session or a write key, never a read key', () => {
  it('GET /api/configurations/{id}/share and configurations.link answer a read key 403, a write key and a session the link', async () => {
    const q = await saveCustomerQuote(user, ids, { name: 'Linked', customerCompany: 'Acme B.V.', customerEmail: 'ada@acme.test' });
    const shared = await user.post(`/api/configurations/${q.id}/share`);
    expect(shared.status).toBe(201);
    const url = shared.body.url as string;
    const token = url.split('/q/')[1]!;
    const read = script((await newKey(user, 'read', 'Reader')).key);
    const write = script((await newKey(user, 'write', 'Writer')).key);

    const session = await user.get(`/api/configurations/${q.id}/share`);
    expect(session.status).toBe(200);
    expect(session.body.url).toBe(url);
    const byWrite = await write.get(`/api/configurations/${q.id}/share`);
    expect(byWrite.status).toBe(200);
    expect(byWrite.body.url).toBe(url);
    expect((await trpcCall(write, 'query', 'configurations.link', { id: q.id })).body.result.data.url).toBe(url);

    const refusals = [
      await read.get(`/api/configurations/${q.id}/share`),
      await trpcCall(read, 'query', 'configurations.link', { id: q.id }),
      await trpcCall(read, 'query', 'configurations.shareStatus', { id: q.id }),
      await trpcCall(read, 'query', 'configurations.sendPreview', { id: q.id }),
    ];
    for (const res of refusals) {
      expect(res.status, res.text).toBe(403);
      expect(res.text).toContain(apiKeyMessages.liveLinkNeedsWrite);
      expect(res.text).not.toContain(token);
    }
    // What a read key reads of the quote holds no link.
    const quote = await read.get(`/api/configurations/${q.id}`);
    expect(quote.status).toBe(200);
    expect(quote.text).not.toContain(token);
    expect((await trpcCall(write, 'query', 'configurations.shareStatus', { id: q.id })).body.result.data.live.url).toBe(url);
    expect((await trpcCall(write, 'query', 'configurations.sendPreview', { id: q.id })).body.result.data.text).toContain(url);
  });

  it('a read key asking about a quote that is not its user’s is refused the same, before anything is looked up', async () => {
    const read = script((await newKey(user, 'read', 'Nosy reader')).key);
    const res = await read.get('/api/configurations/999999/share');
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(apiKeyMessages.liveLinkNeedsWrite);
    expect((await user.get('/api/user')).body.email).toBe(USER.email);
  });
});
