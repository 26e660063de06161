// A saved quote outlives the catalogue it was priced from: reads never price again.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addons, discounts, packages } from '../../db/schema';
import { withDemoIds, type DemoIds } from '../support/configurations';
import { appWithUser, type TestApp, type TestClient } from '../support/test-app';

let t: TestApp;
let ids: DemoIds;
let user: TestClient;

beforeAll(async () => ({ t, user, ids } = await withDemoIds(appWithUser())));
afterAll(() => t.close());

describe('a saved configuration whose package and add-ons are deleted from the catalogue', () => {
  it('still answers its own figures, names and lines', async () => {
    const ultimate = ids.pkg('Ultimate');
    const audit = ids.addOn('Audit Log');
    const sensors = ids.addOn('Desk Occupancy Sensors');
    const welcome = ids.discount('Welcome Credit');
    const created = await user.post('/api/configurations', {
      name: 'Enterprise HQ',
      packageId: ultimate,
      squareMeters: 800,
      contractDuration: 12,
      paymentFrequency: 'monthly',
      addOns: [audit, { id: sensors, waiveSetupFee: true }],
      discountIds: [welcome],
    });
    expect(created.status).toBe(201);
    // 399.00 + 800 × 4.00 = 3200.00 + Audit Log 19.00 + Sensors 35.00 = 3653.00 − Welcome Credit 50.00 = 3603.00
    // one-time: 1999.00 + Audit Log 0.00 + Sensors 0.00 (waived) = 1999.00; TCV 3603.00 × 12 + 1999.00 = 45235.00
    expect(created.body).toMatchObject({ totalMonthly: '3603.00', setupFees: '1999.00', tcv: '45235.00' });
    const before = (await user.get(`/api/configurations/${created.body.id}`)).body;

    t.db.delete(addons).where(eq(addons.id, audit)).run();
    t.db.delete(addons).where(eq(addons.id, sensors)).run();
    t.db.delete(discounts).where(eq(discounts.id, welcome)).run();
    t.db.delete(packages).where(eq(packages.id, ultimate)).run();

    const after = await user.get(`/api/configurations/${created.body.id}`);
    expect(after.status).toBe(200);
    expect(after.body).toEqual(before);
    expect(after.body).toMatchObject({
      packageName: 'Ultimate',
      addOns: ['Audit Log', 'Desk Occupancy Sensors'],
      totalMonthly: '3603.00',
      setupFees: '1999.00',
      tcv: '45235.00',
    });
    expect(after.body.snapshot.discounts).toEqual([{ id: welcome, name: 'Welcome Credit', type: 'fixed', amount: 50, value: 50 }]);
    const listed = (await user.get('/api/configurations')).body.find((c: { id: number }) => c.id === created.body.id);
    expect(listed).toMatchObject({ packageName: 'Ultimate', addOns: ['Audit Log', 'Desk Occupancy Sensors'], tcv: '45235.00' });

    // A rename does not price again, so it still works; a pricing change needs the package and is refused.
    const renamed = await user.patch(`/api/configurations/${created.body.id}`, { name: 'Enterprise HQ (2025)' });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Enterprise HQ (2025)', tcv: '45235.00' });
    const repriced = await user.patch(`/api/configurations/${created.body.id}`, { squareMeters: 900 });
    expect(repriced.status).toBe(400);
    expect(repriced.body.message).toBe('Selected package not found');
    expect((await user.get(`/api/configurations/${created.body.id}`)).body.squareMeters).toBe(800);
  });
});

describe('a partial update after the catalogue changed', () => {
  it('drops stored add-ons and discounts that no longer exist instead of refusing the update', async () => {
    const advanced = ids.pkg('Advanced');
    const panels = ids.addOn('Room Display Panels');
    const premium = ids.addOn('Premium Support');
    const twoYear = ids.discount('2-Year Contract Discount');
    const multiSite = ids.discount('Multi-Site Setup Discount');
    const { body: created } = await user.post('/api/configurations', {
      name: 'Branch offices',
      packageId: advanced,
      squareMeters: 500,
      contractDuration: 24,
      paymentFrequency: 'monthly',
      addOns: [panels, premium],
      discountIds: [twoYear, multiSite],
    });
    t.db.delete(addons).where(eq(addons.id, premium)).run();
    t.db.delete(discounts).where(eq(discounts.id, twoYear)).run();

    const res = await user.patch(`/api/configurations/${created.id}`, { locations: 3 });
    expect(res.status).toBe(200);
    // 199.00 + 500 × 3.50 = 1750.00 + 2 × 79.00 = 158.00 + Room Display Panels 15.00 = 2122.00
    // one-time: 999.00 + panels 300.00 = 1299.00, Multi-Site 50 % → 649.50; TCV 2122.00 × 24 + 649.50 = 51577.50
    expect(res.body).toMatchObject({
      addOns: ['Room Display Panels'],
      addOnSelections: [{ id: panels, waiveSetupFee: false }],
      discountIds: [multiSite],
      totalMonthly: '2122.00',
      setupFees: '649.50',
      tcv: '51577.50',
    });
  });
});
