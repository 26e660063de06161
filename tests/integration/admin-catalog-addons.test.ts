// Admin add-on writes (docs/PRODUCT.md "The admin area"): defaults, the availability-only PATCH, validation, access.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddOnDto } from '../../src/shared/schemas/catalog';
import { appWithAdmin, nonAdmins, ADMIN, USER, type TestApp, type TestClient } from '../support/test-app';

let t: TestApp;
let admin: TestClient;

beforeAll(async () => ({ t, admin } = await appWithAdmin()));
afterAll(() => t.close());

async function addOn(id: number): Promise<AddOnDto | undefined> {
  return (await admin.get('/api/addons')).body.find((a: AddOnDto) => a.id === id);
}

describe('access', () => {
  it('answers 401 anonymous and 403 non-admin, and changes nothing', async () => {
    for (const [c, status] of await nonAdmins(t)) {
      expect((await c.post('/api/addons', { name: 'X', categoryId: 1 })).status).toBe(status);
      expect((await c.patch('/api/addons/1', { availableForPackages: [] })).status).toBe(status);
      expect((await c.delete('/api/addons/1')).status).toBe(status);
    }
    expect(await addOn(1)).toMatchObject({ name: 'Microsoft 365 Integration', availableForPackages: [1, 2, 3] });
    await expect(t.callerAs(USER.email).admin.addOns.setAvailability({ id: 1, availableForPackages: [] })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
  });
});

describe('create', () => {
  it('applies the seed defaults: no fees, once per quote and available for every package', async () => {
    const res = await admin.post('/api/addons', { name: 'Parking Module', categoryId: 3 });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: res.body.id,
      name: 'Parking Module',
      description: '',
      categoryId: 3,
      unit: 'quote',
      setupFee: '0.00',
      monthlyFee: '0.00',
      availableForPackages: [1, 2, 3],
    });
    expect(await addOn(res.body.id)).toEqual(res.body);
  });

  it('takes fees as strings or numbers and a chosen list of packages', async () => {
    const res = await admin.post('/api/addons', {
      name: 'Catering',
      description: 'Order lunch with a room',
      categoryId: '1',
      setupFee: '120.5',
      monthlyFee: 19.99,
      availableForPackages: [3, 2, 3],
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ categoryId: 1, setupFee: '120.50', monthlyFee: '19.99', availableForPackages: [2, 3] });
  });

  it.each([
    [{ categoryId: 1 }, 'Name and category are required'],
    [{ name: '  ', categoryId: 1 }, 'Name and category are required'],
    [{ name: 'No category' }, 'Name and category are required'],
    [{ name: 'No category', categoryId: null }, 'Name and category are required'],
    [{ name: 'Ghost category', categoryId: 999 }, 'The selected category does not exist'],
    [{ name: 'Ghost package', categoryId: 1, availableForPackages: [1, 999] }, 'Package 999 does not exist'],
    [{ name: 'Negative', categoryId: 1, monthlyFee: -3 }, 'Monthly fee must be 0 or more'],
    [{ name: 'Words', categoryId: 1, setupFee: 'ten' }, 'Setup fee must be a number'],
  ])('refuses %j with 400 "%s" and creates nothing', async (body, message) => {
    const before = (await admin.get('/api/addons')).body.length;
    const res = await admin.post('/api/addons', body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message, error: message, code: 'BAD_REQUEST' });
    expect((await admin.get('/api/addons')).body.length).toBe(before);
  });
});

describe('update', () => {
  it('an availability-only PATCH changes nothing else', async () => {
    const before = (await addOn(5))!;
    const res = await admin.patch('/api/addons/5', { availableForPackages: [2] });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...before, availableForPackages: [2] });
    expect(await addOn(5)).toEqual({ ...before, availableForPackages: [2] });
    // and it takes effect in the calculator: unavailable add-ons are dropped from the quote
    const form = { packageId: 1, pricingModel: 'sqm', squareMeters: 100, addOns: [5], contractDuration: 12, paymentFrequency: 'monthly' };
    expect((await admin.post('/api/quote', form)).body.addOnsFees).toBe(0);
    await admin.patch('/api/addons/5', { availableForPackages: [1, 2, 3] });
    expect((await admin.post('/api/quote', form)).body.addOnsFees).toBe(15);
  });

  it('setAvailability through the caller changes only availability', async () => {
    const caller = t.callerAs(ADMIN.email);
    const before = (await addOn(4))!;
    const result = await caller.admin.addOns.setAvailability({ id: 4, availableForPackages: [] });
    expect(result).toEqual({ ...before, availableForPackages: [] });
    await caller.admin.addOns.setAvailability({ id: 4, availableForPackages: before.availableForPackages });
  });

  it('changes only the fields sent and shows the new fee in the next quote', async () => {
    const before = (await addOn(7))!;
    const res = await admin.patch('/api/addons/7', { monthlyFee: '109.00' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...before, monthlyFee: '109.00' });
    const form = { packageId: 1, pricingModel: 'sqm', squareMeters: 100, addOns: [7], contractDuration: 12, paymentFrequency: 'monthly' };
    expect((await admin.post('/api/quote', form)).body.addOnsFees).toBe(109);
  });

  it('refuses a blank name, a removed category or an unknown category, and changes nothing', async () => {
    const before = (await addOn(2))!;
    for (const [body, message] of [
      [{ name: '' }, 'Name and category are required'],
      [{ categoryId: null }, 'Name and category are required'],
      [{ categoryId: 999 }, 'The selected category does not exist'],
      [{ availableForPackages: [42] }, 'Package 42 does not exist'],
      [{ name: 'Valid', availableForPackages: 'all' }, 'availableForPackages must be a list of package ids'],
    ] as const) {
      const res = await admin.patch('/api/addons/2', body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect(await addOn(2)).toEqual(before);
  });

  it('answers 404 for an unknown add-on', async () => {
    expect((await admin.patch('/api/addons/9999', { name: 'Ghost' })).status).toBe(404);
    expect((await admin.patch('/api/addons/x1', { name: 'Ghost' })).status).toBe(404);
  });
});

describe('delete', () => {
  it('answers 204, then 404; the add-on is gone from the list', async () => {
    const created = (await admin.post('/api/addons', { name: 'Short-lived', categoryId: 2 })).body;
    const res = await admin.delete(`/api/addons/${created.id}`);
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect(await addOn(created.id)).toBeUndefined();
    expect((await admin.delete(`/api/addons/${created.id}`)).status).toBe(404);
    const rows = t.db.$client.prepare('SELECT count(*) AS n FROM addon_packages WHERE addon_id = ?').get(created.id) as { n: number };
    expect(rows.n).toBe(0);
  });
});
