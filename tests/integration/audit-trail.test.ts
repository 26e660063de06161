// docs/PRODUCT.md "Audit trail", the audit trail: catalogue changes with before and after, admin changes to accounts, quote events;
// GET /api/admin/audit (filters, paging, X-Total-Count), audit.csv, admin only, and entries that cannot be changed.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, packages } from '../../db/schema';
import { withDemoIds, type DemoIds } from '../support/configurations';
import { trpcCall } from '../support/trpc-http';
import { appWithAdminAndUser, ADMIN, type TestApp, type TestClient } from '../support/test-app';

let t: TestApp;
let ids: DemoIds;
let user: TestClient;
let admin: TestClient;
let adminId: number;

beforeAll(async () => {
  ({ t, admin, user, ids } = await withDemoIds(appWithAdminAndUser()));
  adminId = (await admin.get('/api/user')).body.id;
});
afterAll(() => t.close());

const entries = async (query = '') => {
  const res = await admin.get(`/api/admin/audit${query}`);
  expect(res.status).toBe(200);
  return res;
};

describe('catalogue changes', () => {
  it('who changed the Advanced price, and when: an update entry with the package before and after', async () => {
    const id = ids.pkg('Advanced');
    const before = t.db.select().from(packages).where(eq(packages.id, id)).get()!;
    const res = await admin.patch(`/api/packages/${id}`, { basePrice: 999 });
    expect(res.status).toBe(200);
    const page = await entries(`?entity=package&action=update`);
    const e = page.body[0];
    expect(e).toMatchObject({ userId: adminId, entity: 'package', entityId: id, action: 'update', at: t.clock.now().toISOString() });
    expect(e.actor).toBe('Ada Admin');
    expect(e.before.basePrice).toBe((before.basePrice / 100).toFixed(2));
    expect(e.after.basePrice).toBe('999.00');
    expect(Object.keys(e).sort()).toEqual(['action', 'actor', 'after', 'at', 'before', 'entity', 'entityId', 'id', 'userId']);
  });

  it('create and delete of an add-on, a discount and a category; a price tier change is the package before and after', async () => {
    const cat = await admin.post('/api/addon-categories', { name: 'Audited category' });
    expect(cat.status).toBe(201);
    const add = await admin.post('/api/addons', { name: 'Audited add-on', categoryId: cat.body.id, setupFee: 10, monthlyFee: 5 });
    expect(add.status).toBe(201);
    expect((await admin.delete(`/api/addons/${add.body.id}`)).status).toBe(204);
    const disc = await admin.post('/api/discounts', { name: 'Audited discount', type: 'percentage', value: 5 });
    expect(disc.status).toBe(201);
    const addonEntries = (await entries(`?entity=addon`)).body;
    expect(addonEntries.map((e: { action: string }) => e.action)).toEqual(['delete', 'create']);
    expect(addonEntries[0]).toMatchObject({ entityId: add.body.id, after: null, before: { name: 'Audited add-on' } });
    expect(addonEntries[1]).toMatchObject({ before: null, after: { name: 'Audited add-on', monthlyFee: '5.00' } });
    expect((await entries('?entity=discount&action=create')).body[0]).toMatchObject({ after: { name: 'Audited discount' } });
    expect((await entries('?entity=category')).body[0]).toMatchObject({ action: 'create', after: { name: 'Audited category' } });

    const pkg = ids.pkg('Entry');
    const replaced = await admin.put(`/api/packages/${pkg}/pricetiers`, { tiers: [{ minSqm: 0, maxSqm: null, pricePerSqm: 7.77 }] });
    expect(replaced.status).toBe(200);
    const e = (await entries(`?entity=package`)).body[0];
    expect(e).toMatchObject({ entityId: pkg, action: 'update' });
    expect(JSON.stringify(e.after)).toContain('"7.77"');
    expect(JSON.stringify(e.before)).not.toContain('"7.77"');
  });

  it('a refused change writes no entry', async () => {
    const { total } = await trpcCall(admin, 'query', 'admin.audit.list', {}).then((r) => r.body.result.data);
    expect((await admin.patch('/api/packages/999999', { basePrice: 1 })).status).toBe(404);
    expect((await admin.post('/api/addons', { name: 'x', categoryId: 999999 })).status).toBe(400);
    const after = await trpcCall(admin, 'query', 'admin.audit.list', {});
    expect(after.body.result.data.total).toBe(total);
  });
});

describe('account changes by an admin', () => {
  it('create, update (never the password), delete', async () => {
    const body = {
      username: 'audited@example.org',
      email: 'audited@example.org',
      firstname: 'Aud',
      lastname: 'Ited',
      companyName: 'Acme',
      password: 'Member123',
      isAdmin: false,
    };
    const made = await admin.post('/api/admin/users', body);
    expect(made.status).toBe(201);
    expect((await admin.patch(`/api/admin/users/${made.body.id}`, { lastname: 'Changed', password: 'Another123' })).status).toBe(200);
    expect((await admin.delete(`/api/admin/users/${made.body.id}`)).status).toBe(204);
    const list = (await entries(`?entity=user`)).body.filter((e: { entityId: number }) => e.entityId === made.body.id);
    expect(list.map((e: { action: string }) => e.action)).toEqual(['delete', 'password_changed', 'update', 'create']);
    expect(list[2]).toMatchObject({ entityId: made.body.id, before: { lastname: 'Ited' }, after: { lastname: 'Changed', passwordChanged: true } });
    expect(JSON.stringify(list)).not.toMatch(/Another123|Member123|passwordHash|argon/);
    // The entries outlive the account they describe.
    expect(list[0]).toMatchObject({ before: { email: 'audited@example.org' } });
  });
});

describe('GET /api/admin/audit', () => {
  it('newest first, paged (page from 1, limit default 50, at most 500), X-Total-Count', async () => {
    for (let i = 0; i < 3; i++) {
      t.clock.advance(1000);
      await admin.post('/api/addon-categories', { name: `Paging ${i}` });
    }
    const all = await entries('?entity=category');
    const total = Number(all.headers.get('x-total-count'));
    expect(total).toBe(all.body.length);
    const p1 = await entries('?entity=category&limit=2&page=1');
    const p2 = await entries('?entity=category&limit=2&page=2');
    expect(p1.headers.get('x-total-count')).toBe(String(total));
    expect(p1.body.map((e: { after: { name: string } }) => e.after.name)).toEqual(['Paging 2', 'Paging 1']);
    expect(p2.body[0].after.name).toBe('Paging 0');
    expect((await admin.get('/api/admin/audit?limit=501')).status).toBe(400);
    expect((await admin.get('/api/admin/audit?page=0')).status).toBe(400);
    expect((await admin.get('/api/admin/audit?from=yesterday')).status).toBe(400);
  });

  it('filters by who (userId), what (entity, action) and when (from, to: dates or timestamps)', async () => {
    const q = await user.post('/api/configurations', {
      name: 'Audit me',
      packageId: ids.pkg('Advanced'),
      squareMeters: 100,
      locations: 1,
      contractDuration: 12,
      paymentFrequency: 'monthly',
    });
    const userId = q.body.userId;
    const mine = (await entries(`?userId=${userId}`)).body;
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((e: { userId: number }) => e.userId === userId)).toBe(true);
    expect(mine[0]).toMatchObject({ entity: 'quote', action: 'created', entityId: q.body.id, after: { number: q.body.number } });
    const now = t.clock.now().toISOString();
    expect((await entries(`?from=${now}&to=${now}&entity=quote`)).body.map((e: { entityId: number }) => e.entityId)).toEqual([q.body.id]);
    expect((await entries(`?to=2000-01-01`)).body).toEqual([]);
    expect((await entries(`?from=${now.slice(0, 10)}`)).body.length).toBeGreaterThan(0);
  });

  it('audit.csv: every matching entry, unpaged, as CSV', async () => {
    const res = await admin.get('/api/admin/audit.csv?entity=category');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('content-disposition')).toContain('audit.csv');
    const lines = res.text.trim().split('\r\n');
    expect(lines[0]).toBe('id,at,userId,actor,entity,entityId,action,before,after');
    const total = Number((await entries('?entity=category&limit=1')).headers.get('x-total-count'));
    expect(lines.length - 1).toBe(total);
    expect(lines[1]).toContain('Ada Admin,category');
  });

  it('admin only: 401 signed out, 403 for a user; the same in tRPC', async () => {
    expect((await t.client().get('/api/admin/audit')).status).toBe(401);
    expect((await user.get('/api/admin/audit')).status).toBe(403);
    expect((await user.get('/api/admin/audit.csv')).status).toBe(403);
    expect((await trpcCall(user, 'query', 'admin.audit.list', {})).status).toBe(403);
  });
});

describe('append-only', () => {
  it('no path changes or deletes an entry; the database itself refuses it', async () => {
    const first = t.db.select().from(auditLog).limit(1).get()!;
    expect((await admin.delete(`/api/admin/audit/${first.id}`)).status).toBe(404);
    expect((await admin.patch(`/api/admin/audit/${first.id}`, {})).status).toBe(404);
    expect(() => t.db.$client.prepare(`UPDATE audit_log SET actor = 'someone else' WHERE id = ?`).run(first.id)).toThrow(/append-only/);
    expect(() => t.db.$client.prepare('DELETE FROM audit_log WHERE id = ?').run(first.id)).toThrow(/append-only/);
    expect(t.db.select().from(auditLog).where(eq(auditLog.id, first.id)).get()).toEqual(first);
  });

  it('deleting a quote keeps its entries (no foreign keys) and adds its own', async () => {
    const q = await user.post('/api/configurations', {
      name: 'Short-lived',
      packageId: ids.pkg('Advanced'),
      squareMeters: 100,
      locations: 1,
      contractDuration: 12,
      paymentFrequency: 'monthly',
    });
    expect((await user.delete(`/api/configurations/${q.body.id}`)).status).toBe(204);
    const left = t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, q.body.id))
      .all()
      .filter((e) => e.entity === 'quote');
    expect(left.map((e) => e.action)).toEqual(['created', 'deleted']);
  });
});

describe('the Activity tab names quotes by number', () => {
  it('admin.audit.list answers the numbers of the quotes on its page', async () => {
    const created = await user.post('/api/configurations', { name: 'Numbered', packageId: ids.pkg('Entry') });
    expect(created.status).toBe(201);
    const { id, number } = created.body as { id: number; number: string };
    expect((await user.post(`/api/configurations/${id}/status`, { status: 'sent' })).status).toBe(200);
    const page = await t.callerAs(ADMIN.email).admin.audit.list({ entity: 'quote', limit: 5 });
    expect(page.items.filter((e) => e.entityId === id).map((e) => e.action)).toEqual(['status_changed', 'created']);
    expect(page.quoteNumbers[String(id)]).toBe(number);
  });
});
