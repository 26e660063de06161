// The audit tells everything (the account and quote events of docs/API.md's audit list): a deleted quote (by its
// owner or an admin, with number and status), a quote's details edited (before and after), and every account event —
// registered, signed in, sign-in failed, signed out, profile changed, password reset requested and completed, a reset
// link made by an admin, role and password changed. Entries come with their change and only with it.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema';
import { registerAccount, tokenMailedTo } from '../support/accounts';
import { withDemoIds, type DemoIds } from '../support/configurations';
import { ADMIN, appWithAdmin, USER, type TestApp, type TestClient } from '../support/test-app';

let t: TestApp;
let ids: DemoIds;
let admin: TestClient;
let adminId: number;

beforeAll(async () => {
  ({ t, admin, ids } = await withDemoIds(appWithAdmin()));
  adminId = (await admin.get('/api/user')).body.id;
});
afterAll(() => t.closeWhenMailed());

type Entry = { id: number; userId: number | null; actor: string; entity: string; entityId: number | null; action: string; before: any; after: any };

/** The entries of one thing, oldest first (the admin's list, through the API). */
async function entriesOf(entity: string, entityId: number): Promise<Entry[]> {
  const res = await admin.get(`/api/admin/audit?entity=${entity}&limit=500`);
  expect(res.status).toBe(200);
  return (res.body as Entry[]).filter((e) => e.entityId === entityId).reverse();
}
const actions = async (entity: string, entityId: number) => (await entriesOf(entity, entityId)).map((e) => e.action);
const countAll = () => t.db.$client.prepare('select count(*) as n from audit_log').get() as { n: number };

async function saveAs(client: TestClient, extra: Record<string, unknown> = {}) {
  const res = await client.post('/api/configurations', { name: 'Audited quote', packageId: ids.pkg('Advanced'), squareMeters: 200, ...extra });
  expect(res.status).toBe(201);
  return res.body as { id: number; number: string; validUntil: string };
}

describe('quote events', () => {
  it('a deleted quote: number, name and status, by its owner', async () => {
    const { client, id: ownerId } = await registerAccount(t);
    const q = await saveAs(client);
    expect((await client.delete(`/api/configurations/${q.id}`)).status).toBe(204);
    const [, deleted] = await entriesOf('quote', q.id);
    expect(deleted).toMatchObject({
      action: 'deleted',
      userId: ownerId,
      before: { number: q.number, name: 'Audited quote', status: 'draft', ownerId },
      after: null,
    });
  });

  it('an accepted quote deleted by an admin; the owner’s refused delete writes nothing', async () => {
    const { client, id: ownerId } = await registerAccount(t);
    const q = await saveAs(client);
    for (const status of ['sent', 'accepted']) expect((await client.post(`/api/configurations/${q.id}/status`, { status })).status).toBe(200);
    const before = countAll().n;
    expect((await client.delete(`/api/configurations/${q.id}`)).status).toBe(409);
    expect(countAll().n).toBe(before);
    expect((await admin.delete(`/api/configurations/${q.id}`)).status).toBe(204);
    const last = (await entriesOf('quote', q.id)).at(-1)!;
    expect(last).toMatchObject({ action: 'deleted', userId: adminId, actor: 'Ada Admin', before: { number: q.number, status: 'accepted', ownerId } });
  });

  it('details edited: name, customer fields and validity, only what changed, before and after', async () => {
    const { client, id: ownerId } = await registerAccount(t);
    const q = await saveAs(client, { customerCompany: 'Acme', customerEmail: 'old@acme.test' });
    const res = await client.patch(`/api/configurations/${q.id}`, {
      name: 'Renamed quote',
      customerCompany: 'Acme',
      customerName: 'Ada',
      customerEmail: 'new@acme.test',
      validUntil: '2026-06-30',
    });
    expect(res.status).toBe(200);
    const edited = (await entriesOf('quote', q.id)).at(-1)!;
    expect(edited).toMatchObject({ action: 'details_edited', userId: ownerId });
    expect(edited.before).toEqual({
      number: q.number,
      name: 'Audited quote',
      customerName: null,
      customerEmail: 'old@acme.test',
      validUntil: q.validUntil,
    });
    expect(edited.after).toEqual({
      number: q.number,
      name: 'Renamed quote',
      customerName: 'Ada',
      customerEmail: 'new@acme.test',
      validUntil: '2026-06-30',
    });
    // the same values again change nothing and write nothing
    const n = countAll().n;
    expect((await client.patch(`/api/configurations/${q.id}`, { name: 'Renamed quote' })).status).toBe(200);
    expect(countAll().n).toBe(n);
    // a change of details and figures together: both entries
    expect((await client.patch(`/api/configurations/${q.id}`, { name: 'Bigger', squareMeters: 900 })).status).toBe(200);
    expect((await actions('quote', q.id)).slice(-2).sort()).toEqual(['details_edited', 'revised']);
  });
});

describe('account events', () => {
  it('registered, signed out, signed in, profile changed', async () => {
    const a = await registerAccount(t);
    expect((await a.client.post('/api/logout')).status).toBe(200);
    const again = await t.login(a.email, a.password);
    expect((await again.patch('/api/profile', { firstname: 'Renamed', lastname: 'Li' })).status).toBe(200);
    const list = await entriesOf('user', a.id);
    expect(list.map((e) => e.action)).toEqual(['registered', 'signed_out', 'signed_in', 'profile_changed']);
    expect(list.every((e) => e.userId === a.id)).toBe(true);
    expect(list[0]!.after).toMatchObject({ email: a.email });
    expect(list[3]).toMatchObject({ before: { firstname: 'Jo' }, after: { firstname: 'Renamed' } });
    expect(JSON.stringify(list)).not.toContain(a.password);
  });

  it('sign-in failed: under the account when it exists, userId null for an unknown one; never the password', async () => {
    const a = await registerAccount(t);
    expect((await t.client().post('/api/login', { username: a.email, password: 'Wrong-Pa55word' })).status).toBe(401);
    expect((await t.client().post('/api/login', { username: 'nobody-here@example.org', password: 'Wrong-Pa55word' })).status).toBe(401);
    expect((await entriesOf('user', a.id)).at(-1)).toMatchObject({ action: 'sign_in_failed', userId: a.id, after: { username: a.email } });
    const unknown = t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'sign_in_failed')))
      .all()
      .at(-1)!;
    expect(unknown).toMatchObject({ userId: null, entityId: null, actor: 'Unknown account', after: { username: 'nobody-here@example.org' } });
    const all = JSON.stringify(t.db.select().from(auditLog).all());
    expect(all).not.toContain('Wrong-Pa55word');
  });

  it('password reset requested and completed (mailed link), and a reset link made by an admin, then used', async () => {
    const a = await registerAccount(t);
    expect((await t.client().post('/api/password-reset/request', { email: a.email })).status).toBe(200);
    const mailed = await tokenMailedTo(t, a.email);
    expect((await t.client().post('/api/password-reset/reset', { token: mailed, newPassword: 'Fresh-Pa55word' })).status).toBe(200);
    const link = await admin.post(`/api/admin/users/${a.id}/reset-link`);
    expect(link.status).toBe(200);
    const token = new URL(link.body.resetUrl as string).searchParams.get('token')!;
    expect((await t.client().post('/api/password-reset/reset', { token, newPassword: 'Taken-0ver-1' })).status).toBe(200);

    const list = (await entriesOf('user', a.id)).slice(1);
    expect(list.map((e) => e.action)).toEqual(['password_reset_requested', 'password_reset', 'reset_link_created', 'password_reset']);
    expect(list[0]).toMatchObject({ userId: null, after: { mailed: true } });
    expect(list[1]).toMatchObject({ userId: a.id, after: { linkFrom: 'self' } });
    expect(list[2]).toMatchObject({ userId: adminId, actor: 'Ada Admin', after: { username: a.email } });
    expect(list[3]).toMatchObject({ userId: a.id, after: { linkFrom: 'admin' } });
    const text = JSON.stringify(list);
    for (const secret of [mailed, token, 'Fresh-Pa55word', 'Taken-0ver-1']) expect(text).not.toContain(secret);
  });

  it('role changed and password changed by an admin, each an entry of its own', async () => {
    const a = await registerAccount(t);
    expect((await admin.patch(`/api/admin/users/${a.id}`, { isAdmin: true, password: 'Chosen-Pa55word' })).status).toBe(200);
    const list = (await entriesOf('user', a.id)).slice(1);
    expect(list.map((e) => e.action).sort()).toEqual(['password_changed', 'role_changed', 'update']);
    expect(list.find((e) => e.action === 'role_changed')).toMatchObject({ userId: adminId, before: { isAdmin: false }, after: { isAdmin: true } });
    expect(JSON.stringify(list)).not.toContain('Chosen-Pa55word');
    // an unknown account's reset link is refused and leaves no entry
    const n = countAll().n;
    expect((await admin.post('/api/admin/users/999999/reset-link')).status).toBe(404);
    expect(countAll().n).toBe(n);
  });

  it('a refused profile change writes nothing', async () => {
    const user = await t.login(USER.email, USER.password);
    const n = countAll().n;
    expect((await user.patch('/api/profile', { username: ADMIN.email })).status).toBe(409);
    expect(countAll().n).toBe(n);
  });
});
