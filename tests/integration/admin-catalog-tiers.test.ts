// Unit and user price tiers: single-tier writes checked against the package's whole set, and the all-or-nothing
// replace used by Save Changes and Auto-Generate (docs/PRODUCT.md "Pricing").
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { generateTiers } from '../../src/shared/pricing';
import { appWithAdmin, nonAdmins, ADMIN, type TestApp, type TestClient } from '../support/test-app';
import { logger } from '../../src/server/logging';

let t: TestApp;
let admin: TestClient;

beforeAll(async () => ({ t, admin } = await appWithAdmin()));
afterAll(() => t.close());

type UnitTier = { id: number; packageId: number; minSqm: number; maxSqm: number | null; pricePerSqm: string };
type UserTier = { id: number; packageId: number; minUsers: number; maxUsers: number | null; pricePerUser: string };

async function pkg(id: number) {
  return (await admin.get('/api/packages')).body.find((p: { id: number }) => p.id === id);
}
const unitRanges = (tiers: UnitTier[]) => tiers.map((x) => [x.minSqm, x.maxSqm, x.pricePerSqm]);
const userRanges = (tiers: UserTier[]) => tiers.map((x) => [x.minUsers, x.maxUsers, x.pricePerUser]);

/** A package of its own for each test, so tests do not depend on each other's tiers. */
async function freshPackage(body: Record<string, unknown> = {}) {
  const res = await admin.post('/api/packages', { name: `P${Math.random()}`, ...body });
  expect(res.status).toBe(201);
  return res.body as { id: number; priceTiers: UnitTier[]; userPriceTiers: UserTier[] };
}

describe('access', () => {
  it('answers 401 anonymous and 403 non-admin on every tier call', async () => {
    for (const [c, status] of await nonAdmins(t)) {
      expect((await c.post('/api/packages/1/pricetiers', { minSqm: 10000, pricePerSqm: 1 })).status).toBe(status);
      expect((await c.patch('/api/packages/1/pricetiers/1', { pricePerSqm: 1 })).status).toBe(status);
      expect((await c.delete('/api/packages/1/pricetiers/1')).status).toBe(status);
      expect((await c.put('/api/packages/1/pricetiers', { tiers: [] })).status).toBe(status);
      expect((await c.post('/api/packages/1/user-price-tiers', { minUsers: 1000, pricePerUser: 1 })).status).toBe(status);
      expect((await c.put('/api/packages/1/user-price-tiers', { tiers: [] })).status).toBe(status);
    }
    expect(unitRanges((await pkg(1)).priceTiers)).toEqual([
      [100, 999, '3.00'],
      [1000, 4999, '2.50'],
      [5000, null, '2.00'],
    ]);
  });
});

describe('single unit tiers', () => {
  it('creates a tier (201, price sent as text) and answers it', async () => {
    const p = await freshPackage();
    const res = await admin.post(`/api/packages/${p.id}/pricetiers`, { minSqm: 0, maxSqm: 499, pricePerSqm: '3.5' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ packageId: p.id, minSqm: 0, maxSqm: 499, pricePerSqm: '3.50' });
    const last = await admin.post(`/api/packages/${p.id}/pricetiers`, { minSqm: '500', maxSqm: '', pricePerSqm: 2 });
    expect(last.status).toBe(201);
    expect(last.body).toMatchObject({ minSqm: 500, maxSqm: null, pricePerSqm: '2.00' });
    expect(unitRanges((await pkg(p.id)).priceTiers)).toEqual([
      [0, 499, '3.50'],
      [500, null, '2.00'],
    ]);
  });

  it.each([
    [{ minSqm: 300, maxSqm: 600, pricePerSqm: 2 }, 'Tier ranges must not overlap'],
    [{ minSqm: 1000, maxSqm: null, pricePerSqm: 2 }, 'Only the last tier may have no upper limit'],
    [{ minSqm: 1000, maxSqm: 2000, pricePerSqm: 0 }, 'Price must be greater than 0'],
    [{ minSqm: 1000, maxSqm: 2000, pricePerSqm: '-1' }, 'Price must be greater than 0'],
    [{ minSqm: 1000, maxSqm: 999, pricePerSqm: 1 }, 'The maximum of a tier must not be below its minimum'],
    [{ minSqm: -1, maxSqm: 10, pricePerSqm: 1 }, 'Minimum must be a whole number of 0 or more'],
    [{ minSqm: 1.5, maxSqm: 10, pricePerSqm: 1 }, 'Minimum must be a whole number of 0 or more'],
    [{ maxSqm: 10, pricePerSqm: 1 }, 'Minimum must be a whole number of 0 or more'],
    [{ minSqm: 1000, maxSqm: 'lots', pricePerSqm: 1 }, 'Maximum must be a whole number, or empty for no limit'],
  ])('refuses %j with 400 "%s" and changes nothing', async (body, message) => {
    // existing set: 0–499 and 500–999 (bounded, so an unbounded tier above would be allowed)
    const p = await freshPackage({
      priceTiers: [
        { minSqm: 0, maxSqm: 499, pricePerSqm: 3 },
        { minSqm: 500, maxSqm: 999, pricePerSqm: 2 },
      ],
    });
    if (message === 'Only the last tier may have no upper limit') {
      await admin.patch(`/api/packages/${p.id}/pricetiers/${p.priceTiers[1]!.id}`, { maxSqm: null });
    }
    const before = (await pkg(p.id)).priceTiers;
    const res = await admin.post(`/api/packages/${p.id}/pricetiers`, body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect((await pkg(p.id)).priceTiers).toEqual(before);
  });

  it('updates a tier partially; the resulting set must still be valid', async () => {
    const p = await freshPackage({
      priceTiers: [
        { minSqm: 0, maxSqm: 499, pricePerSqm: 3 },
        { minSqm: 500, maxSqm: null, pricePerSqm: 2 },
      ],
    });
    const [first, second] = p.priceTiers;
    const ok = await admin.patch(`/api/packages/${p.id}/pricetiers/${first!.id}`, { pricePerSqm: '2.75' });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ id: first!.id, packageId: p.id, minSqm: 0, maxSqm: 499, pricePerSqm: '2.75' });

    const overlap = await admin.patch(`/api/packages/${p.id}/pricetiers/${first!.id}`, { maxSqm: 500 });
    expect(overlap.status).toBe(400);
    expect(overlap.body.message).toBe('Tier ranges must not overlap');

    const unbounded = await admin.patch(`/api/packages/${p.id}/pricetiers/${first!.id}`, { maxSqm: null });
    expect(unbounded.status).toBe(400);
    expect(unbounded.body.message).toBe('Only the last tier may have no upper limit');

    const belowMin = await admin.patch(`/api/packages/${p.id}/pricetiers/${second!.id}`, { maxSqm: 10 });
    expect(belowMin.status).toBe(400);
    expect(belowMin.body.message).toBe('The maximum of a tier must not be below its minimum');

    expect(unitRanges((await pkg(p.id)).priceTiers)).toEqual([
      [0, 499, '2.75'],
      [500, null, '2.00'],
    ]);
  });

  it('deletes a tier with 204', async () => {
    const p = await freshPackage({ priceTiers: [{ minSqm: 0, maxSqm: null, pricePerSqm: 3 }] });
    const res = await admin.delete(`/api/packages/${p.id}/pricetiers/${p.priceTiers[0]!.id}`);
    expect(res.status).toBe(204);
    expect((await pkg(p.id)).priceTiers).toEqual([]);
    expect((await admin.delete(`/api/packages/${p.id}/pricetiers/${p.priceTiers[0]!.id}`)).status).toBe(404);
  });

  it("answers 404 for another package's tier, an unknown tier or an unknown package, and changes nothing", async () => {
    const entryTier = (await pkg(1)).priceTiers[0] as UnitTier;
    const p = await freshPackage();
    expect((await admin.patch(`/api/packages/${p.id}/pricetiers/${entryTier.id}`, { pricePerSqm: 9 })).status).toBe(404);
    expect((await admin.delete(`/api/packages/${p.id}/pricetiers/${entryTier.id}`)).status).toBe(404);
    expect((await admin.patch(`/api/packages/1/pricetiers/99999`, { pricePerSqm: 9 })).status).toBe(404);
    const noPackage = await admin.post('/api/packages/99999/pricetiers', { minSqm: 0, pricePerSqm: 1 });
    expect(noPackage.status).toBe(404);
    expect(noPackage.body.message).toBe('Package not found');
    expect((await pkg(1)).priceTiers[0]).toEqual(entryTier);
  });
});

describe('single user tiers', () => {
  it('creates, updates and deletes user tiers with their own field names', async () => {
    const p = await freshPackage();
    const created = await admin.post(`/api/packages/${p.id}/user-price-tiers`, { minUsers: 1, maxUsers: 49, pricePerUser: '15' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ packageId: p.id, minUsers: 1, maxUsers: 49, pricePerUser: '15.00' });

    const overlap = await admin.post(`/api/packages/${p.id}/user-price-tiers`, { minUsers: 49, maxUsers: null, pricePerUser: 12 });
    expect(overlap.status).toBe(400);
    expect(overlap.body.message).toBe('Tier ranges must not overlap');

    const updated = await admin.patch(`/api/packages/${p.id}/user-price-tiers/${created.body.id}`, { pricePerUser: 14.5, maxUsers: null });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ minUsers: 1, maxUsers: null, pricePerUser: '14.50' });

    const zero = await admin.patch(`/api/packages/${p.id}/user-price-tiers/${created.body.id}`, { pricePerUser: '0' });
    expect(zero.status).toBe(400);
    expect(zero.body.message).toBe('Price must be greater than 0');

    expect(userRanges((await pkg(p.id)).userPriceTiers)).toEqual([[1, null, '14.50']]);
    expect((await admin.delete(`/api/packages/${p.id}/user-price-tiers/${created.body.id}`)).status).toBe(204);
    expect((await pkg(p.id)).userPriceTiers).toEqual([]);
  });

  it('keeps unit and user tiers apart: a unit tier id is not found among the user tiers', async () => {
    const p = await freshPackage({ priceTiers: [{ minSqm: 0, maxSqm: null, pricePerSqm: 3 }] });
    expect((await admin.patch(`/api/packages/${p.id}/user-price-tiers/${p.priceTiers[0]!.id}`, { pricePerUser: 1 })).status).toBe(404);
  });
});

describe('replace', () => {
  it('swaps unit tiers through PUT with the seed field names and answers the package', async () => {
    const p = await freshPackage({ priceTiers: [{ minSqm: 0, maxSqm: null, pricePerSqm: 9 }] });
    const res = await admin.put(`/api/packages/${p.id}/pricetiers`, {
      tiers: [
        { minSqm: 100, maxSqm: 499, pricePerSqm: '3.00' },
        { minSqm: 500, maxSqm: '', pricePerSqm: '2.00' },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(p.id);
    expect(unitRanges(res.body.priceTiers)).toEqual([
      [100, 499, '3.00'],
      [500, null, '2.00'],
    ]);
    expect((await pkg(p.id)).priceTiers).toEqual(res.body.priceTiers);
  });

  it('saves what the shared auto-generator produces (seed defaults: 5 tiers from 100 to 1000, 3.00 → 1.00)', async () => {
    const p = await freshPackage();
    const generated = generateTiers({ min: 100, max: 1000, priceAtMin: 300, priceAtMax: 100, count: 5 });
    const result = await t.callerAs(ADMIN.email).admin.tiers.replace({
      packageId: p.id,
      kind: 'unit',
      tiers: generated.map((g) => ({ min: g.min, max: g.max, price: g.price / 100 })),
    });
    expect(unitRanges(result.priceTiers)).toEqual([
      [100, 324, '3.00'],
      [325, 549, '2.50'],
      [550, 774, '2.00'],
      [775, 999, '1.50'],
      [1000, null, '1.00'],
    ]);
  });

  it('swaps user tiers without touching unit tiers', async () => {
    const p = await freshPackage({
      priceTiers: [{ minSqm: 0, maxSqm: null, pricePerSqm: 3 }],
      userPriceTiers: [{ minUsers: 0, maxUsers: null, pricePerUser: 20 }],
    });
    const res = await admin.put(`/api/packages/${p.id}/user-price-tiers`, {
      tiers: [
        { minUsers: 10, maxUsers: 54, pricePerUser: 15 },
        { minUsers: 55, maxUsers: null, pricePerUser: 6 },
      ],
    });
    expect(res.status).toBe(200);
    expect(userRanges(res.body.userPriceTiers)).toEqual([
      [10, 54, '15.00'],
      [55, null, '6.00'],
    ]);
    expect(unitRanges(res.body.priceTiers)).toEqual([[0, null, '3.00']]);
  });

  it('removes all tiers of a kind with an empty list', async () => {
    const p = await freshPackage({ priceTiers: [{ minSqm: 0, maxSqm: null, pricePerSqm: 3 }] });
    const res = await admin.put(`/api/packages/${p.id}/pricetiers`, { tiers: [] });
    expect(res.status).toBe(200);
    expect(res.body.priceTiers).toEqual([]);
  });

  it.each([
    [
      [
        { minSqm: 0, maxSqm: 500, pricePerSqm: 3 },
        { minSqm: 500, maxSqm: null, pricePerSqm: 2 },
      ],
      'Tier ranges must not overlap',
    ],
    [
      [
        { minSqm: 0, maxSqm: null, pricePerSqm: 3 },
        { minSqm: 500, maxSqm: null, pricePerSqm: 2 },
      ],
      'Only the last tier may have no upper limit',
    ],
    [
      [
        { minSqm: 0, maxSqm: 499, pricePerSqm: 3 },
        { minSqm: 500, maxSqm: null, pricePerSqm: 0 },
      ],
      'Price must be greater than 0',
    ],
  ])('refuses an invalid set (%#) with 400 and keeps the old tiers', async (tiers, message) => {
    const before = (await pkg(1)).priceTiers;
    const res = await admin.put('/api/packages/1/pricetiers', { tiers });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect((await pkg(1)).priceTiers).toEqual(before);
  });

  it('refuses a body without a tier list, and answers 404 for an unknown package', async () => {
    const missing = await admin.put('/api/packages/1/pricetiers', {});
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Tiers must be a list');
    expect((await admin.put('/api/packages/99999/pricetiers', { tiers: [] })).status).toBe(404);
  });

  it('is all or nothing: a write that fails halfway leaves the old tiers in place', async () => {
    const p = await freshPackage({
      priceTiers: [
        { minSqm: 0, maxSqm: 99, pricePerSqm: 4 },
        { minSqm: 100, maxSqm: null, pricePerSqm: 3 },
      ],
    });
    const before = (await pkg(p.id)).priceTiers;
    // A valid set whose third insert the database refuses, after the old tiers were deleted and two new ones written.
    t.db.$client.exec("CREATE TRIGGER fail_tier BEFORE INSERT ON price_tiers WHEN NEW.min_sqm = 777 BEGIN SELECT RAISE(ABORT, 'refused'); END");
    // the internal error is written to the process log, never to the client
    const logged = vi.spyOn(logger, 'error').mockImplementation(() => {});
    try {
      const res = await admin.put(`/api/packages/${p.id}/pricetiers`, {
        tiers: [
          { minSqm: 0, maxSqm: 499, pricePerSqm: 3 },
          { minSqm: 500, maxSqm: 776, pricePerSqm: 2 },
          { minSqm: 777, maxSqm: null, pricePerSqm: 1 },
        ],
      });
      expect(res.status).toBe(500);
      expect(res.body.message).not.toContain('refused');
      expect(logged).toHaveBeenCalled();
    } finally {
      logged.mockRestore();
      t.db.$client.exec('DROP TRIGGER fail_tier');
    }
    expect((await pkg(p.id)).priceTiers).toEqual(before);
  });
});

describe('tiers and quotes', () => {
  it('prices the next quote with the new tiers', async () => {
    const p = await freshPackage({ basePrice: 100, priceTiers: [{ minSqm: 0, maxSqm: null, pricePerSqm: 2 }] });
    const form = { packageId: p.id, pricingModel: 'sqm', squareMeters: 1000, locations: 1, contractDuration: 12, paymentFrequency: 'monthly' };
    expect((await admin.post('/api/quote', form)).body).toMatchObject({ sqmPrice: 2000, total: 2100 });
    await admin.put(`/api/packages/${p.id}/pricetiers`, {
      tiers: [
        { minSqm: 0, maxSqm: 999, pricePerSqm: 2 },
        { minSqm: 1000, maxSqm: null, pricePerSqm: '1.25' },
      ],
    });
    expect((await admin.post('/api/quote', form)).body).toMatchObject({ originalPricePerSqm: 1.25, sqmPrice: 1250, total: 1350 });
  });
});
