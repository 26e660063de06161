// Admin package writes (docs/PRODUCT.md "The admin area"): create with defaults, partial update, delete, validation, access.
import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configurations } from '../../db/schema';
import { findUserByEmail } from '../../src/server/services/users';
import { appWithAdmin, ADMIN, USER, type TestApp, type TestClient } from '../support/test-app';

let t: TestApp;
let admin: TestClient;

beforeAll(async () => ({ t, admin } = await appWithAdmin()));
afterAll(() => t.close());

const quoteForm = { packageId: 1, pricingModel: 'sqm', squareMeters: 500, locations: 1, contractDuration: 12, paymentFrequency: 'monthly' };

describe('access', () => {
  it('answers 401 to anonymous visitors and 403 to signed-in non-admins, and changes nothing', async () => {
    const anon = t.client();
    const user = await t.login(USER.email, USER.password);
    for (const [client, status] of [
      [anon, 401],
      [user, 403],
    ] as const) {
      expect((await client.post('/api/packages', { name: 'Sneaky' })).status).toBe(status);
      expect((await client.patch('/api/packages/1', { basePrice: 1 })).status).toBe(status);
      expect((await client.delete('/api/packages/1')).status).toBe(status);
    }
    const list = (await admin.get('/api/packages')).body;
    expect(list.map((p: { name: string }) => p.name)).toEqual(['Entry', 'Advanced', 'Ultimate']);
    expect(list[0].basePrice).toBe('99.00');
  });

  it('refuses the caller for anonymous (UNAUTHORIZED) and for a non-admin (FORBIDDEN)', async () => {
    await expect(t.callerAs(null).admin.packages.create({ name: 'X' })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(t.callerAs(USER.email).admin.packages.create({ name: 'X' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});

describe('create', () => {
  it('applies the seed defaults: fees 0 and the two standard features, both included', async () => {
    const res = await admin.post('/api/packages', { name: 'Starter' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Starter',
      description: '',
      basePrice: '0.00',
      setupFee: '0.00',
      extraLocationPrice: '0.00',
      priceTiers: [],
      userPriceTiers: [],
    });
    expect(res.body.features.map((f: { text: string; included: boolean }) => [f.text, f.included])).toEqual([
      ['Basic features', true],
      ['Standard support', true],
    ]);
    expect(typeof res.body.id).toBe('number');
    expect(new Date(res.body.createdAt).toISOString()).toBe(res.body.createdAt);
    await admin.delete(`/api/packages/${res.body.id}`);
  });

  it('accepts money as numbers or numeric strings and answers two-decimal strings', async () => {
    const res = await admin.post('/api/packages', {
      name: 'Mid',
      description: 'In between',
      basePrice: '149.5',
      setupFee: 250,
      extraLocationPrice: '12.25',
      features: [
        { text: 'Room booking', included: true },
        { text: 'Analytics', included: false },
      ],
      priceTiers: [],
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ basePrice: '149.50', setupFee: '250.00', extraLocationPrice: '12.25' });
    expect(res.body.features.map((f: { text: string; included: boolean }) => [f.text, f.included])).toEqual([
      ['Room booking', true],
      ['Analytics', false],
    ]);
    // GET /api/packages orders by base price: 99 < 149.50 < 199 < 399
    const names = (await admin.get('/api/packages')).body.map((p: { name: string }) => p.name);
    expect(names).toEqual(['Entry', 'Mid', 'Advanced', 'Ultimate']);
    await admin.delete(`/api/packages/${res.body.id}`);
  });

  it('reads money strings as the admin form takes them: a decimal comma, thousands grouped by the other sign', async () => {
    const res = await admin.post('/api/packages', {
      name: 'Typed',
      basePrice: '12,50',
      setupFee: '1.234,50',
      extraLocationPrice: '1,234.50',
      priceTiers: [{ minSqm: 0, maxSqm: null, pricePerSqm: '3,80' }],
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ basePrice: '12.50', setupFee: '1234.50', extraLocationPrice: '1234.50' });
    expect(res.body.priceTiers[0].pricePerSqm).toBe('3.80');
    await admin.delete(`/api/packages/${res.body.id}`);
  });

  it('stores tiers sent with the package, sorted by their minimum', async () => {
    const res = await admin.post('/api/packages', {
      name: 'Tiered',
      priceTiers: [
        { minSqm: 100, maxSqm: null, pricePerSqm: '2.00' },
        { minSqm: 0, maxSqm: 99, pricePerSqm: '3' },
      ],
    });
    expect(res.status).toBe(201);
    expect(
      res.body.priceTiers.map((x: { minSqm: number; maxSqm: number | null; pricePerSqm: string }) => [x.minSqm, x.maxSqm, x.pricePerSqm]),
    ).toEqual([
      [0, 99, '3.00'],
      [100, null, '2.00'],
    ]);
    await admin.delete(`/api/packages/${res.body.id}`);
  });

  it.each([
    [{}, 'Package name is required'],
    [{ name: '   ' }, 'Package name is required'],
    [{ name: 'X', basePrice: -1 }, 'Base price must be 0 or more'],
    [{ name: 'X', setupFee: 'abc' }, 'Setup fee must be a number'],
    [{ name: 'X', extraLocationPrice: '-0.01' }, 'Extra location price must be 0 or more'],
    [{ name: 'X', basePrice: null }, 'Base price must be a number'],
    // typed text that is no plain number is refused, never read as another one
    [{ name: 'X', basePrice: '1e3' }, 'Base price must be a number'],
    [{ name: 'X', basePrice: '12a' }, 'Base price must be a number'],
    [{ name: 'X', setupFee: '1,234' }, 'Setup fee must be a number'],
    [{ name: 'X', basePrice: '100.000.000' }, 'Base price is too large'],
    [{ name: 'X', priceTiers: [{ minSqm: '1e3', maxSqm: null, pricePerSqm: 1 }] }, 'Minimum must be a whole number of 0 or more'],
    [{ name: 'X', priceTiers: [{ minSqm: '12.5', maxSqm: null, pricePerSqm: 1 }] }, 'Minimum must be a whole number of 0 or more'],
    [{ name: 'X', features: [{ text: ' ' }] }, 'Feature text is required'],
    [{ name: 'X', priceTiers: [{ minSqm: 0, maxSqm: 10, pricePerSqm: 0 }] }, 'Price must be greater than 0'],
  ])('refuses %j with 400 "%s" and creates nothing', async (body, message) => {
    const before = (await admin.get('/api/packages')).body.length;
    const res = await admin.post('/api/packages', body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message, error: message, code: 'BAD_REQUEST' });
    expect((await admin.get('/api/packages')).body.length).toBe(before);
  });
});

describe('update', () => {
  it('changes only the fields sent and answers the updated package', async () => {
    const created = (await admin.post('/api/packages', { name: 'Patchable', basePrice: 10, setupFee: 20 })).body;
    const res = await admin.patch(`/api/packages/${created.id}`, { setupFee: '35.5' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: created.id, name: 'Patchable', basePrice: '10.00', setupFee: '35.50' });
    expect(res.body.features).toEqual(created.features);
    await admin.delete(`/api/packages/${created.id}`);
  });

  it('replaces the feature list when features are sent', async () => {
    const created = (await admin.post('/api/packages', { name: 'Featured' })).body;
    const res = await admin.patch(`/api/packages/${created.id}`, { features: ['Only this'] });
    expect(res.status).toBe(200);
    expect(res.body.features.map((f: { text: string; included: boolean }) => [f.text, f.included])).toEqual([['Only this', true]]);
    const listed = (await admin.get('/api/packages')).body.find((p: { id: number }) => p.id === created.id);
    expect(listed.features).toEqual(res.body.features);
    await admin.delete(`/api/packages/${created.id}`);
  });

  it('refuses a blank name or a negative price with 400 and changes nothing', async () => {
    const blank = await admin.patch('/api/packages/1', { name: '' });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe('Package name is required');
    const negative = await admin.patch('/api/packages/1', { name: 'Renamed', basePrice: '-5' });
    expect(negative.status).toBe(400);
    expect(negative.body.message).toBe('Base price must be 0 or more');
    const entry = (await admin.get('/api/packages')).body[0];
    expect(entry).toMatchObject({ id: 1, name: 'Entry', basePrice: '99.00' });
  });

  it('answers 404 for an unknown or non-numeric id', async () => {
    expect((await admin.patch('/api/packages/9999', { name: 'Ghost' })).status).toBe(404);
    expect((await admin.patch('/api/packages/abc', { name: 'Ghost' })).status).toBe(404);
    expect((await admin.delete('/api/packages/9999')).status).toBe(404);
  });

  it('shows a base price change in the very next quote', async () => {
    const quote = t.callerAs(ADMIN.email).quote;
    const before = await quote.calculate(quoteForm);
    expect(before.basePrice).toBe(99);

    const res = await admin.patch('/api/packages/1', { basePrice: '109.00' });
    expect(res.status).toBe(200);
    expect(res.body.basePrice).toBe('109.00');

    const after = await admin.post('/api/quote', quoteForm);
    expect(after.status).toBe(200);
    expect(after.body.basePrice).toBe(109);
    expect(Math.round((after.body.total - before.total) * 100)).toBe(1000);

    await admin.patch('/api/packages/1', { basePrice: 99 });
  });

  it('works through the tRPC caller as well', async () => {
    const caller = t.callerAs(ADMIN.email);
    const created = await caller.admin.packages.create({ name: 'Via caller', basePrice: 5 });
    const updated = await caller.admin.packages.update({ id: created.id, description: 'Changed' });
    expect(updated).toMatchObject({ name: 'Via caller', description: 'Changed', basePrice: '5.00' });
    await expect(caller.admin.packages.update({ id: created.id, name: ' ' })).rejects.toSatisfy(
      (e: unknown) => e instanceof TRPCError && e.code === 'BAD_REQUEST',
    );
    expect(await caller.admin.packages.delete({ id: created.id })).toEqual({ id: created.id });
  });
});

describe('delete', () => {
  it('answers 204, removes tiers, features and add-on availability, and keeps saved configurations', async () => {
    const pkg = (
      await admin.post('/api/packages', {
        name: 'Doomed',
        basePrice: 50,
        priceTiers: [{ minSqm: 0, maxSqm: null, pricePerSqm: 2 }],
        userPriceTiers: [{ minUsers: 0, maxUsers: null, pricePerUser: 9 }],
      })
    ).body;
    const addOn = (await admin.post('/api/addons', { name: 'Tied add-on', categoryId: 1, availableForPackages: [1, pkg.id] })).body;
    expect(addOn.availableForPackages).toEqual([1, pkg.id]);

    // A saved quote on this package, as the configurations service stores it (packageId is not a foreign key).
    const now = t.clock.now();
    const [saved] = t.db
      .insert(configurations)
      .values({
        name: 'Quote on Doomed',
        userId: findUserByEmail(t.db, ADMIN.email)!.id,
        packageId: pkg.id,
        packageName: 'Doomed',
        pricingModel: 'sqm',
        squareMeters: 0,
        userCount: 0,
        locations: 1,
        contractDuration: 12,
        paymentFrequency: 'monthly',
        addOns: [],
        discountIds: [],
        customItems: [],
        totalMonthly: 5000,
        setupFees: 0,
        tcv: 60000,
        snapshot: { packageName: 'Doomed' },
        createdAt: now,
        updatedAt: now,
      })
      .returning()
      .all();

    const res = await admin.delete(`/api/packages/${pkg.id}`);
    expect(res.status).toBe(204);
    expect(res.text).toBe('');

    expect((await admin.get('/api/packages')).body.some((p: { id: number }) => p.id === pkg.id)).toBe(false);
    const after = (await admin.get('/api/addons')).body.find((a: { id: number }) => a.id === addOn.id);
    expect(after.availableForPackages).toEqual([1]);
    const leftovers = t.db.$client
      .prepare(
        'SELECT (SELECT count(*) FROM price_tiers WHERE package_id = ?) + (SELECT count(*) FROM user_price_tiers WHERE package_id = ?) + (SELECT count(*) FROM package_features WHERE package_id = ?) AS n',
      )
      .get(pkg.id, pkg.id, pkg.id) as { n: number };
    expect(leftovers.n).toBe(0);

    const kept = t.db.select().from(configurations).where(eq(configurations.id, saved!.id)).get();
    expect(kept).toMatchObject({ name: 'Quote on Doomed', packageId: pkg.id, totalMonthly: 5000, tcv: 60000 });
    await admin.delete(`/api/addons/${addOn.id}`);
  });

  it('answers 404 the second time', async () => {
    const pkg = (await admin.post('/api/packages', { name: 'Once' })).body;
    expect((await admin.delete(`/api/packages/${pkg.id}`)).status).toBe(204);
    expect((await admin.delete(`/api/packages/${pkg.id}`)).status).toBe(404);
  });
});
