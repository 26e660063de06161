// Ownership: a configuration that is not yours does not exist for you (404, never 403), unless you are admin.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configurations } from '../../db/schema';
import { addUser, demoIds, type DemoIds } from '../support/configurations';
import { ADMIN, createTestApp, USER, type TestApp, type TestClient } from '../support/test-app';

let t: TestApp;
let ids: DemoIds;
let owner: TestClient;
let admin: TestClient;
let ownersConfig: { id: number; name: string; totalMonthly: string; tcv: string };
let adminsConfig: { id: number };

const OTHER = 'other@example.com';

beforeAll(async () => {
  t = await createTestApp();
  ids = demoIds(t);
  addUser(t, OTHER, { username: 'otheruser' });
  owner = await t.login(USER.email, USER.password);
  admin = await t.login(ADMIN.email, ADMIN.password);
  ownersConfig = (await owner.post('/api/configurations', { name: 'Sam’s client', packageId: ids.pkg('Entry'), squareMeters: 500 })).body;
  adminsConfig = (await admin.post('/api/configurations', { name: 'Admin’s own', packageId: ids.pkg('Ultimate'), squareMeters: 100 })).body;
});
afterAll(() => t.close());

const stored = (id: number) => t.db.select().from(configurations).where(eq(configurations.id, id)).get();

describe('another user', () => {
  it('gets 404 on read, update and delete, and changes nothing', async () => {
    const other = t.callerAs(OTHER);
    const before = stored(ownersConfig.id);
    await expect(other.configurations.get({ id: ownersConfig.id })).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Configuration not found' });
    await expect(other.configurations.update({ id: ownersConfig.id, name: 'Stolen', squareMeters: 9000 })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'Configuration not found',
    });
    await expect(other.configurations.delete({ id: ownersConfig.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(stored(ownersConfig.id)).toEqual(before);
  });

  it('does not see it in either list, even asking for scope all', async () => {
    const other = t.callerAs(OTHER);
    await other.configurations.create({ name: 'Mine only', packageId: ids.pkg('Entry'), squareMeters: 100 });
    const plain = await other.configurations.all({ scope: 'all' });
    expect(plain.map((c) => c.name)).toEqual(['Mine only']);
    const page = await other.configurations.list({ scope: 'all' });
    expect(page.total).toBe(1);
    expect(page.items.map((c) => c.name)).toEqual(['Mine only']);
  });

  it('over REST: a signed-in user gets 404 for the admin’s configuration', async () => {
    for (const res of [
      await owner.get(`/api/configurations/${adminsConfig.id}`),
      await owner.patch(`/api/configurations/${adminsConfig.id}`, { name: 'x' }),
      await owner.delete(`/api/configurations/${adminsConfig.id}`),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: 'Configuration not found', error: 'Configuration not found', code: 'NOT_FOUND' });
    }
    expect(stored(adminsConfig.id)).toBeDefined();
    const list = await owner.get('/api/configurations');
    expect(list.body.map((c: { id: number }) => c.id)).not.toContain(adminsConfig.id);
  });
});

describe('an admin', () => {
  it('sees everyone’s configurations with the creator’s name, and only their own with ?scope=mine', async () => {
    const all = await admin.get('/api/configurations');
    expect(all.status).toBe(200);
    const byName = new Map(all.body.map((c: { name: string; createdBy: string }) => [c.name, c.createdBy]));
    expect(byName.get('Sam’s client')).toBe('Sam Sales');
    expect(byName.get('Admin’s own')).toBe('Ada Admin');
    // no first or last name: the username stands in
    expect(byName.get('Mine only')).toBe('otheruser');

    const mine = await admin.get('/api/configurations?scope=mine');
    expect(mine.body.map((c: { name: string }) => c.name)).toEqual(['Admin’s own']);

    const bad = await admin.get('/api/configurations?scope=everyone');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Scope must be mine or all');
  });

  it('pages everyone’s by default and only their own with scope mine', async () => {
    const caller = t.callerAs(ADMIN.email);
    expect((await caller.configurations.list({})).total).toBe(3);
    const mine = await caller.configurations.list({ scope: 'mine' });
    expect(mine.items.map((c) => c.name)).toEqual(['Admin’s own']);
  });

  it('reads another user’s configuration with its figures', async () => {
    const res = await admin.get(`/api/configurations/${ownersConfig.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Sam’s client', createdBy: 'Sam Sales', totalMonthly: '1599.00' });
  });

  it('may not overwrite another user’s configuration (404), and it stays as it was', async () => {
    const before = stored(ownersConfig.id);
    const res = await admin.patch(`/api/configurations/${ownersConfig.id}`, { name: 'Edited by admin', squareMeters: 2000 });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Configuration not found');
    expect(stored(ownersConfig.id)).toEqual(before);
  });

  it('deletes another user’s configuration', async () => {
    const res = await admin.delete(`/api/configurations/${ownersConfig.id}`);
    expect(res.status).toBe(204);
    expect(stored(ownersConfig.id)).toBeUndefined();
    expect((await owner.get(`/api/configurations/${ownersConfig.id}`)).status).toBe(404);
  });
});
