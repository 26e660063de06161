// Add-on categories (docs/PRODUCT.md "The admin area"): icons, selection mode, and deletion that keeps the add-ons.
import { TRPCError } from '@trpc/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicMessageOf } from '../../src/server/trpc/errors';
import { appWithAdmin, nonAdmins, ADMIN, type TestApp, type TestClient } from '../support/test-app';

let t: TestApp;
let admin: TestClient;

beforeAll(async () => ({ t, admin } = await appWithAdmin()));
afterAll(() => t.close());

type Category = { id: number; name: string; icon: string | null; allowsMultipleSelection: boolean };

async function categories(): Promise<Category[]> {
  return (await admin.get('/api/addon-categories')).body;
}

describe('access', () => {
  it('answers 401 anonymous and 403 non-admin', async () => {
    for (const [c, status] of await nonAdmins(t)) {
      expect((await c.post('/api/addon-categories', { name: 'X' })).status).toBe(status);
      expect((await c.patch('/api/addon-categories/1', { name: 'X' })).status).toBe(status);
      expect((await c.delete('/api/addon-categories/1')).status).toBe(status);
    }
    expect((await categories()).map((c) => c.name)).toEqual(['Hardware', 'Integrations', 'Security', 'Support Plans']);
  });
});

describe('create and update', () => {
  it('creates with defaults: single selection, no icon', async () => {
    const res = await admin.post('/api/addon-categories', { name: 'Analytics' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: res.body.id, name: 'Analytics', icon: null, allowsMultipleSelection: false });
    expect((await categories()).map((c) => c.name)).toEqual(['Analytics', 'Hardware', 'Integrations', 'Security', 'Support Plans']);
  });

  it('creates with an icon and multiple selection, then updates one field at a time', async () => {
    const created = await admin.post('/api/addon-categories', { name: ' Cloud ', icon: 'cloud', allowsMultipleSelection: true });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Cloud', icon: 'cloud', allowsMultipleSelection: true });

    const renamed = await admin.patch(`/api/addon-categories/${created.body.id}`, { name: 'Cloud Services' });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toEqual({ id: created.body.id, name: 'Cloud Services', icon: 'cloud', allowsMultipleSelection: true });

    const noIcon = await admin.patch(`/api/addon-categories/${created.body.id}`, { icon: null, allowsMultipleSelection: false });
    expect(noIcon.body).toEqual({ id: created.body.id, name: 'Cloud Services', icon: null, allowsMultipleSelection: false });
  });

  it('works through the caller', async () => {
    const caller = t.callerAs(ADMIN.email);
    const c = await caller.admin.categories.create({ name: 'Badges', icon: 'credit-card' });
    expect(c).toMatchObject({ name: 'Badges', icon: 'credit-card', allowsMultipleSelection: false });
    const error = await caller.admin.categories.update({ id: c.id, name: '' }).catch((e: TRPCError) => e);
    expect(error).toBeInstanceOf(TRPCError);
    expect((error as TRPCError).code).toBe('BAD_REQUEST');
    expect(publicMessageOf(error as TRPCError)).toBe('Category name is required');
  });

  it.each([
    [{}, 'Category name is required'],
    [{ name: '' }, 'Category name is required'],
    [{ name: 'Icons', icon: 'unicorn' }, 'Please choose one of the listed icons'],
    [{ name: 'Mode', allowsMultipleSelection: 'yes' }, 'allowsMultipleSelection must be true or false'],
  ])('refuses %j with 400 "%s"', async (body, message) => {
    const before = await categories();
    const res = await admin.post('/api/addon-categories', body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(await categories()).toEqual(before);
  });

  it('refuses a blank name on update and answers 404 for an unknown category', async () => {
    const res = await admin.patch('/api/addon-categories/1', { name: '  ' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Category name is required');
    expect((await admin.patch('/api/addon-categories/999', { name: 'Ghost' })).status).toBe(404);
    expect((await admin.delete('/api/addon-categories/999')).status).toBe(404);
  });
});

describe('delete', () => {
  it('keeps the add-ons of a deleted category, uncategorised', async () => {
    const security = (await categories()).find((c) => c.name === 'Security')!;
    const before = (await admin.get('/api/addons')).body.filter((a: { categoryId: number | null }) => a.categoryId === security.id);
    expect(before.map((a: { name: string }) => a.name)).toEqual(['Single Sign-On (SSO)', 'Audit Log']);

    const res = await admin.delete(`/api/addon-categories/${security.id}`);
    expect(res.status).toBe(204);
    expect((await categories()).some((c) => c.id === security.id)).toBe(false);

    const after = (await admin.get('/api/addons')).body;
    for (const a of before) {
      expect(after.find((x: { id: number }) => x.id === a.id)).toEqual({ ...a, categoryId: null });
    }
  });
});
