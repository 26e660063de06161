import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configurations } from '../../db/schema';
import { withDemoIds, type DemoIds } from '../support/configurations';
import { DAY } from '../support/clock';
import { appWithUser, USER, type TestApp, type TestClient } from '../support/test-app';

let t: TestApp;
let ids: DemoIds;
let user: TestClient;

beforeAll(async () => ({ t, user, ids } = await withDemoIds(appWithUser())));
afterAll(() => t.close());

const rowCount = () => t.db.select({ n: count() }).from(configurations).get()!.n;

/**
 * Advanced, 1200 units on 3 locations, 24 months, paid quarterly, two add-ons (one setup fee waived), three
 * discounts and two custom items. By hand from the demo catalogue:
 *   monthly: base 199.00 + 1200 × 3.00 = 3600.00 + 2 extra locations × 79.00 = 158.00  → 3957.00
 *            add-ons: Microsoft 365 25.00 + SSO 49.00 = 74.00; recurring custom item 45.50
 *            subtotal 3957.00 + 74.00 + 45.50 = 4076.50
 *            2-Year Contract Discount 5 % of 4076.50 = 203.825 → 203.83; Welcome Credit 50.00
 *            total 4076.50 − 253.83 = 3822.67
 *   one-time: setup 999.00 + Microsoft 365 0.00 (waived, was 150.00) + SSO 250.00 + training 800.00 = 2049.00
 *            Multi-Site Setup Discount (3 locations) 50 % = 1024.50 → 1024.50
 *   TCV: 3822.67 × 24 + 1024.50 = 91744.08 + 1024.50 = 92768.58
 */
/** Three that apply, and the 3-year one: selected but not eligible (needs 36 months), so kept as selected, not applied. */
const selectedDiscountIds = () =>
  ['2-Year Contract Discount', 'Welcome Credit', 'Multi-Site Setup Discount', '3-Year Contract Discount'].map((name) => ids.discount(name));

function fullPayload() {
  return {
    name: '  Acme Offices  ',
    packageId: ids.pkg('Advanced'),
    locations: 3,
    squareMeters: '1200',
    userCount: 25,
    pricingModel: 'sqm' as const,
    addOns: [{ id: ids.addOn('Microsoft 365 Integration'), waiveSetupFee: true, category: 1 }, ids.addOn('Single Sign-On (SSO)')],
    discountIds: selectedDiscountIds(),
    contractDuration: 24,
    paymentFrequency: 'quarterly',
    totalMonthly: '1.00',
    setupFees: '0.00',
    userId: 999,
    customItems: [
      { id: 'item-1', name: 'Training day', description: 'On site, one day', isOneTime: true, price: 800 },
      { id: 'item-2', name: 'Extra reporting', isOneTime: false, price: '45.50' },
    ],
  };
}

function expectFullRoundTrip(c: Record<string, any>, userId: number) {
  expect(c).toMatchObject({
    name: 'Acme Offices',
    userId,
    packageId: ids.pkg('Advanced'),
    packageName: 'Advanced',
    locations: 3,
    squareMeters: 1200,
    userCount: 25,
    pricingModel: 'sqm',
    addOns: ['Microsoft 365 Integration', 'Single Sign-On (SSO)'],
    addOnSelections: [
      { id: ids.addOn('Microsoft 365 Integration'), waiveSetupFee: true },
      { id: ids.addOn('Single Sign-On (SSO)'), waiveSetupFee: false },
    ],
    discountIds: selectedDiscountIds(),
    contractDuration: 24,
    paymentFrequency: 'quarterly',
    customItems: [
      { id: 'item-1', name: 'Training day', description: 'On site, one day', isOneTime: true, price: 800 },
      { id: 'item-2', name: 'Extra reporting', description: '', isOneTime: false, price: 45.5 },
    ],
    totalMonthly: '3822.67',
    setupFees: '1024.50',
    tcv: '92768.58',
    createdBy: 'Sam Sales',
    createdAt: '2026-03-01T09:00:00.000Z',
    updatedAt: '2026-03-01T09:00:00.000Z',
  });
}

describe('saving and loading a configuration', () => {
  it('round-trips every field through POST and GET /api/configurations/{id}, priced by the server', async () => {
    const created = await user.post('/api/configurations', fullPayload());
    expect(created.status).toBe(201);
    const demoUserId = created.body.userId;
    expect(demoUserId).not.toBe(999);
    expectFullRoundTrip(created.body, demoUserId);

    const read = await user.get(`/api/configurations/${created.body.id}`);
    expect(read.status).toBe(200);
    expectFullRoundTrip(read.body, demoUserId);
    // The snapshot carries the lines a details dialog shows: only the discounts that applied.
    expect(read.body.snapshot).toMatchObject({
      packageName: 'Advanced',
      subtotal: 4076.5,
      totalDiscounts: 253.83,
      total: 3822.67,
      setupDiscount: 1024.5,
      oneTimeCosts: 1024.5,
      tcv: 92768.58,
      addOnNames: ['Microsoft 365 Integration', 'Single Sign-On (SSO)'],
    });
    expect(read.body.snapshot.discounts.map((d: { name: string }) => d.name)).toEqual([
      '2-Year Contract Discount',
      'Welcome Credit',
      'Multi-Site Setup Discount',
    ]);

    const list = await user.get('/api/configurations');
    expect(list.status).toBe(200);
    const listed = list.body.find((c: { id: number }) => c.id === created.body.id);
    expectFullRoundTrip(listed, demoUserId);
    expect(listed.snapshot).toBeUndefined();
  });

  it('round-trips every field through the tRPC caller', async () => {
    const caller = t.callerAs(USER.email);
    const created = await caller.configurations.create(fullPayload());
    expectFullRoundTrip(created, created.userId);
    expectFullRoundTrip(await caller.configurations.get({ id: created.id }), created.userId);
  });

  it('replaces a wrong client total by the server figure (Entry, 500 units: 99.00 + 500 × 3.00 = 1599.00)', async () => {
    const res = await user.post('/api/configurations', {
      name: 'Corner shop',
      packageId: ids.pkg('Entry'),
      locations: 1,
      squareMeters: 500,
      userCount: 0,
      pricingModel: 'sqm',
      addOns: [],
      discountIds: [],
      contractDuration: 12,
      paymentFrequency: 'monthly',
      totalMonthly: '1.00',
      setupFees: '1.00',
      customItems: [],
    });
    expect(res.status).toBe(201);
    // setup fee 499.00; TCV 1599.00 × 12 + 499.00 = 19687.00
    expect(res.body).toMatchObject({ totalMonthly: '1599.00', setupFees: '499.00', tcv: '19687.00' });
    const stored = await user.get(`/api/configurations/${res.body.id}`);
    expect(stored.body.totalMonthly).toBe('1599.00');
  });

  it('re-prices on PATCH when a pricing input changes, and keeps everything not sent', async () => {
    const { body: created } = await user.post('/api/configurations', {
      name: 'Growing shop',
      packageId: ids.pkg('Entry'),
      squareMeters: 500,
      contractDuration: 12,
      paymentFrequency: 'monthly',
      addOns: [{ id: ids.addOn('Room Display Panels'), waiveSetupFee: true }],
    });
    // 99.00 + 500 × 3.00 + Room Display Panels 15.00 = 1614.00; setup 499.00 (panels waived)
    expect(created).toMatchObject({ totalMonthly: '1614.00', setupFees: '499.00', tcv: '19867.00' });

    t.clock.advance(DAY);
    const res = await user.patch(`/api/configurations/${created.id}`, { squareMeters: '2000', totalMonthly: '1.00' });
    expect(res.status).toBe(200);
    // 99.00 + 2000 × 2.50 + 15.00 = 5114.00; TCV 5114.00 × 12 + 499.00 = 61867.00
    expect(res.body).toMatchObject({
      id: created.id,
      name: 'Growing shop',
      squareMeters: 2000,
      addOnSelections: [{ id: ids.addOn('Room Display Panels'), waiveSetupFee: true }],
      totalMonthly: '5114.00',
      setupFees: '499.00',
      tcv: '61867.00',
      createdAt: created.createdAt,
    });
    expect(Date.parse(res.body.updatedAt) - Date.parse(created.updatedAt)).toBe(DAY);
    expect((await user.get(`/api/configurations/${created.id}`)).body.tcv).toBe('61867.00');

    // Switching to the user model: Entry 40 users × 15.00 = 600.00 + 99.00 + 15.00 = 714.00
    const byUsers = await user.patch(`/api/configurations/${created.id}`, { pricingModel: 'user', userCount: 40 });
    expect(byUsers.body).toMatchObject({ pricingModel: 'user', userCount: 40, squareMeters: 2000, totalMonthly: '714.00' });
  });

  it('renames without re-pricing, and a blank name on PATCH is refused', async () => {
    const { body: created } = await user.post('/api/configurations', { name: 'Old name', packageId: ids.pkg('Entry'), squareMeters: 500 });
    const renamed = await user.patch(`/api/configurations/${created.id}`, { name: 'New name' });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'New name', totalMonthly: created.totalMonthly, tcv: created.tcv });

    const blank = await user.patch(`/api/configurations/${created.id}`, { name: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe('Please enter a configuration name');
    expect((await user.get(`/api/configurations/${created.id}`)).body.name).toBe('New name');
  });

  it('deletes with 204, after which the configuration is gone', async () => {
    const { body: created } = await user.post('/api/configurations', { name: 'Short-lived', packageId: ids.pkg('Entry'), squareMeters: 100 });
    const before = rowCount();
    const del = await user.delete(`/api/configurations/${created.id}`);
    expect(del.status).toBe(204);
    expect(del.text).toBe('');
    expect(rowCount()).toBe(before - 1);
    const again = await user.get(`/api/configurations/${created.id}`);
    expect(again.status).toBe(404);
    expect(again.body.message).toBe('Configuration not found');
    expect((await user.delete(`/api/configurations/${created.id}`)).status).toBe(404);
  });

  it('answers 404 for an unknown or non-numeric id', async () => {
    expect((await user.get('/api/configurations/999999')).status).toBe(404);
    expect((await user.get('/api/configurations/abc')).status).toBe(404);
    expect((await user.patch('/api/configurations/999999', { name: 'x' })).status).toBe(404);
  });
});

describe('anonymous', () => {
  it('gets 401 on every configuration call, and nothing is stored', async () => {
    const anon = t.client();
    const before = rowCount();
    for (const res of [
      await anon.get('/api/configurations'),
      await anon.get('/api/configurations/1'),
      await anon.post('/api/configurations', { name: 'x', packageId: ids.pkg('Entry') }),
      await anon.patch('/api/configurations/1', { name: 'x' }),
      await anon.delete('/api/configurations/1'),
    ]) {
      expect(res.status).toBe(401);
      expect(res.body.message).toBe('Not authenticated');
    }
    await expect(t.callerAs(null).configurations.list({})).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    expect(rowCount()).toBe(before);
  });
});
