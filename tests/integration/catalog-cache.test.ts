// The in-memory catalogue (src/server/services/catalog-cache.ts) is never stale: after every kind of write — admin
// writes on both doors, cascades, the seed, a script in another process, a second connection on the same file — what
// the API answers equals a fresh read of the database; a rolled-back write never shows; callers cannot change it.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toPricingCatalog } from '../../src/shared/catalog';
import type { CatalogDto } from '../../src/shared/schemas/catalog';
import { transaction } from '../../src/server/db/database';
import { loadCatalog } from '../../src/server/services/catalog';
import { catalogSnapshot } from '../../src/server/services/catalog-cache';
import { createAddOn } from '../../src/server/services/admin-catalog/addons';
import { createCategory } from '../../src/server/services/admin-catalog/categories';
import { createDiscount } from '../../src/server/services/admin-catalog/discounts';
import { createPackage } from '../../src/server/services/admin-catalog/packages';
import { seedDemoCatalog } from '../../src/server/seed/seed';
import { appWithAdminAndUser, ADMIN, createTestApp, USER, type TestApp, type TestClient } from '../support/test-app';

let t: TestApp;
let admin: TestClient;
let user: TestClient;
beforeAll(async () => ({ t, admin, user } = await appWithAdminAndUser()));
afterAll(() => t.close());

const quoteForm = { packageId: 1, pricingModel: 'sqm', squareMeters: 500, locations: 1, contractDuration: 12, paymentFrequency: 'monthly' };

/** What a signed-in user gets from every catalogue read on both doors (REST bodies, tRPC results). */
async function served(): Promise<CatalogDto> {
  const [packages, addOns, categories, discounts] = await Promise.all(
    ['/api/packages', '/api/addons', '/api/addon-categories', '/api/discounts'].map(async (url) => {
      const res = await user.get(url);
      expect(res.status, url).toBe(200);
      expect(res.headers.get('content-type'), url).toMatch(/^application\/json/);
      return res.body;
    }),
  );
  const rest = { packages, addOns, categories, discounts } as CatalogDto;
  const caller = t.callerAs(USER.email);
  expect(await caller.catalog.all()).toEqual(rest);
  expect(await caller.catalog.packages()).toEqual(rest.packages);
  expect(await caller.catalog.addOns()).toEqual(rest.addOns);
  expect(await caller.catalog.categories()).toEqual(rest.categories);
  expect(await caller.catalog.discounts()).toEqual(rest.discounts);
  return rest;
}

/** Served equals a fresh read of the database, and so does the pricing view quotes are priced from. */
async function expectFresh(): Promise<CatalogDto> {
  const fresh = loadCatalog(t.db);
  expect(await served()).toEqual(fresh);
  expect(catalogSnapshot(t.db).pricing).toEqual(toPricingCatalog(fresh));
  return fresh;
}

type Door = 'REST' | 'tRPC';
type Caller = ReturnType<TestApp['callerAs']>;

/** The catalogue just before the last write(), with the cache warm. */
let beforeWrite: CatalogDto | null = null;

/** One admin write through the chosen door, with the cache warm (holding the catalogue as it was just before). */
async function write(door: Door, rest: [method: string, url: string, body?: unknown], trpc: (c: Caller) => Promise<unknown>) {
  beforeWrite = await expectFresh();
  if (door === 'tRPC') return trpc(t.callerAs(ADMIN.email));
  const [method, url, body] = rest;
  const res = await admin.request(method, url, body);
  expect(res.status, `${method} ${url}: ${res.text}`).toBeLessThan(300);
  return res.body;
}

let n = 0;
const unique = (what: string) => `${what} ${++n}`;
const newPackage = () =>
  createPackage(
    t.db,
    {
      name: unique('Cache package'),
      description: '',
      features: [{ text: 'F', included: true }],
      basePrice: 1000,
      setupFee: 0,
      extraLocationPrice: 0,
      priceTiers: [{ min: 0, max: null, price: 200 }],
      userPriceTiers: [{ min: 1, max: null, price: 300 }],
    },
    t.clock.now(),
  );
const newCategory = () => createCategory(t.db, { name: unique('Cache category'), icon: null, allowsMultipleSelection: true });
const newAddOn = () =>
  createAddOn(t.db, { name: unique('Cache add-on'), categoryId: newCategory().id, description: '', setupFee: 100, monthlyFee: 200 });
const newDiscount = () => createDiscount(t.db, { name: unique('Cache discount'), description: '', type: 'percentage', value: 500, conditions: [] });

const writes: [string, (door: Door) => Promise<unknown>][] = [
  ['package create', (d) => write(d, ['POST', '/api/packages', { name: unique('P') }], (c) => c.admin.packages.create({ name: unique('P') }))],
  [
    'package update',
    (d) => {
      const id = newPackage().id;
      return write(d, ['PATCH', `/api/packages/${id}`, { basePrice: 12.34 }], (c) => c.admin.packages.update({ id, basePrice: 12.34 }));
    },
  ],
  [
    'package features replace',
    (d) => {
      const id = newPackage().id;
      const features = [{ text: 'Only this', included: false }];
      return write(d, ['PATCH', `/api/packages/${id}`, { features }], (c) => c.admin.packages.update({ id, features }));
    },
  ],
  [
    'package delete (cascade: tiers, features, add-on availability)',
    (d) => {
      const id = newPackage().id;
      createAddOn(t.db, { name: unique('Avail'), categoryId: 1, description: '', setupFee: 0, monthlyFee: 0, availableForPackages: [1, id] });
      return write(d, ['DELETE', `/api/packages/${id}`], (c) => c.admin.packages.delete({ id }));
    },
  ],
  [
    'unit tier create',
    (d) => {
      const id = newPackage().id;
      const tier = { minSqm: 0, maxSqm: 99, pricePerSqm: 5 };
      t.db.$client.prepare('DELETE FROM price_tiers WHERE package_id = ?').run(id);
      return write(d, ['POST', `/api/packages/${id}/pricetiers`, tier], (c) => c.admin.tiers.createUnit({ ...tier, packageId: id }));
    },
  ],
  [
    'unit tier update',
    (d) => {
      const p = newPackage();
      const tierId = p.priceTiers[0]!.id;
      return write(d, ['PATCH', `/api/packages/${p.id}/pricetiers/${tierId}`, { pricePerSqm: 1.5 }], (c) =>
        c.admin.tiers.updateUnit({ packageId: p.id, tierId, pricePerSqm: 1.5 }),
      );
    },
  ],
  [
    'unit tier delete',
    (d) => {
      const p = newPackage();
      const tierId = p.priceTiers[0]!.id;
      return write(d, ['DELETE', `/api/packages/${p.id}/pricetiers/${tierId}`], (c) => c.admin.tiers.deleteUnit({ packageId: p.id, tierId }));
    },
  ],
  [
    'unit tiers replace',
    (d) => {
      const id = newPackage().id;
      const tiers = [
        { minSqm: 0, maxSqm: 999, pricePerSqm: 3 },
        { minSqm: 1000, maxSqm: null, pricePerSqm: 2 },
      ];
      return write(d, ['PUT', `/api/packages/${id}/pricetiers`, { tiers }], (c) => c.admin.tiers.replace({ packageId: id, kind: 'unit', tiers }));
    },
  ],
  [
    'user tier create',
    (d) => {
      const id = newPackage().id;
      t.db.$client.prepare('DELETE FROM user_price_tiers WHERE package_id = ?').run(id);
      const tier = { minUsers: 1, maxUsers: 50, pricePerUser: 7 };
      return write(d, ['POST', `/api/packages/${id}/user-price-tiers`, tier], (c) => c.admin.tiers.createUser({ ...tier, packageId: id }));
    },
  ],
  [
    'user tier update',
    (d) => {
      const p = newPackage();
      const tierId = p.userPriceTiers[0]!.id;
      return write(d, ['PATCH', `/api/packages/${p.id}/user-price-tiers/${tierId}`, { pricePerUser: 9 }], (c) =>
        c.admin.tiers.updateUser({ packageId: p.id, tierId, pricePerUser: 9 }),
      );
    },
  ],
  [
    'user tier delete',
    (d) => {
      const p = newPackage();
      const tierId = p.userPriceTiers[0]!.id;
      return write(d, ['DELETE', `/api/packages/${p.id}/user-price-tiers/${tierId}`], (c) => c.admin.tiers.deleteUser({ packageId: p.id, tierId }));
    },
  ],
  [
    'user tiers replace',
    (d) => {
      const id = newPackage().id;
      const tiers = [{ minUsers: 1, maxUsers: null, pricePerUser: 11 }];
      return write(d, ['PUT', `/api/packages/${id}/user-price-tiers`, { tiers }], (c) =>
        c.admin.tiers.replace({ packageId: id, kind: 'user', tiers }),
      );
    },
  ],
  [
    'add-on create',
    (d) => {
      const body = { name: unique('A'), categoryId: 1, monthlyFee: 5 };
      return write(d, ['POST', '/api/addons', body], (c) => c.admin.addOns.create(body));
    },
  ],
  [
    'add-on update',
    (d) => {
      const id = newAddOn().id;
      return write(d, ['PATCH', `/api/addons/${id}`, { monthlyFee: 77 }], (c) => c.admin.addOns.update({ id, monthlyFee: 77 }));
    },
  ],
  [
    'add-on availability',
    (d) => {
      const id = newAddOn().id;
      return write(d, ['PATCH', `/api/addons/${id}`, { availableForPackages: [2] }], (c) =>
        c.admin.addOns.setAvailability({ id, availableForPackages: [2] }),
      );
    },
  ],
  [
    'add-on delete',
    (d) => {
      const id = newAddOn().id;
      return write(d, ['DELETE', `/api/addons/${id}`], (c) => c.admin.addOns.delete({ id }));
    },
  ],
  [
    'category create',
    (d) => {
      const body = { name: unique('C') };
      return write(d, ['POST', '/api/addon-categories', body], (c) => c.admin.categories.create(body));
    },
  ],
  [
    'category update',
    (d) => {
      const id = newCategory().id;
      return write(d, ['PATCH', `/api/addon-categories/${id}`, { allowsMultipleSelection: false }], (c) =>
        c.admin.categories.update({ id, allowsMultipleSelection: false }),
      );
    },
  ],
  [
    'category delete (cascade: its add-ons become uncategorised)',
    (d) => {
      const id = newAddOn().categoryId!;
      return write(d, ['DELETE', `/api/addon-categories/${id}`], (c) => c.admin.categories.delete({ id }));
    },
  ],
  [
    'discount create',
    (d) => {
      const body = { name: unique('D'), type: 'fixed' as const, value: 25 };
      return write(d, ['POST', '/api/discounts', body], (c) => c.admin.discounts.create(body));
    },
  ],
  [
    'discount update',
    (d) => {
      const id = newDiscount().id;
      return write(d, ['PATCH', `/api/discounts/${id}`, { value: 7 }], (c) => c.admin.discounts.update({ id, value: 7 }));
    },
  ],
  [
    'discount conditions replace',
    (d) => {
      const id = newDiscount().id;
      const conditions = [{ type: 'contractDuration', operator: '>=', value: 24 }];
      return write(d, ['PATCH', `/api/discounts/${id}`, { conditions }], (c) => c.admin.discounts.update({ id, conditions }));
    },
  ],
  [
    'discount delete',
    (d) => {
      const id = newDiscount().id;
      return write(d, ['DELETE', `/api/discounts/${id}`], (c) => c.admin.discounts.delete({ id }));
    },
  ],
];

describe('admin writes, on both doors', () => {
  it.each(writes.flatMap(([name, fn]) => (['REST', 'tRPC'] as const).map((door) => [`${name} via ${door}`, door, fn] as const)))(
    '%s: every catalogue read answers the new catalogue at once',
    async (_name, door, fn) => {
      await fn(door);
      const after = await expectFresh();
      // The write did change what is served, so a stale cache could not pass.
      expect(after).not.toEqual(beforeWrite);
    },
  );
});

describe('reads', () => {
  it('are served from memory while nothing changes: the same frozen snapshot, the same bytes', async () => {
    const a = catalogSnapshot(t.db);
    await served();
    expect(catalogSnapshot(t.db)).toBe(a);
    expect((await user.get('/api/packages')).text).toBe(a.json.packages);
  });

  it('prices quotes from the current catalogue (a price change shows in the next quote)', async () => {
    const first = (await user.post('/api/quote', quoteForm)).body;
    await write('REST', ['PATCH', '/api/packages/1', { basePrice: first.basePrice + 1 }], async () => undefined);
    const second = (await user.post('/api/quote', quoteForm)).body;
    expect(second.basePrice).toBe(first.basePrice + 1);
    await write('REST', ['PATCH', '/api/packages/1', { basePrice: first.basePrice }], async () => undefined);
    expect((await user.post('/api/quote', quoteForm)).body.basePrice).toBe(first.basePrice);
  });
});

describe('transactions', () => {
  it('a write rolled back never shows, even when read inside the transaction', async () => {
    const before = await expectFresh();
    const name = before.packages.find((p) => p.id === 1)!.name;
    expect(() =>
      transaction(t.db, () => {
        t.db.$client.prepare("UPDATE packages SET name = 'Uncommitted' WHERE id = 1").run();
        // Inside, the writer sees its own change (a fresh, unshared reading)...
        expect(catalogSnapshot(t.db).catalog.packages.find((p) => p.id === 1)!.name).toBe('Uncommitted');
        throw new Error('roll back');
      }),
    ).toThrow('roll back');
    // ...and nothing of it was kept.
    const after = await expectFresh();
    expect(after.packages.find((p) => p.id === 1)!.name).toBe(name);
  });

  it('inside a transaction that has not written the catalogue, the shared snapshot is used (a save does not re-read it)', async () => {
    await expectFresh();
    const shared = catalogSnapshot(t.db);
    transaction(t.db, () => {
      t.db.$client.prepare('UPDATE configurations SET name = name WHERE id = -1').run(); // not a catalogue table
      expect(catalogSnapshot(t.db)).toBe(shared);
      t.db.$client.prepare("UPDATE addons SET name = 'Changed inside' WHERE id = 2").run();
      // once this transaction writes the catalogue, it reads its own change from a fresh, unshared snapshot
      const inside = catalogSnapshot(t.db);
      expect(inside).not.toBe(shared);
      expect(inside.catalog.addOns.find((a) => a.id === 2)!.name).toBe('Changed inside');
    });
    expect((await expectFresh()).addOns.find((a) => a.id === 2)!.name).toBe('Changed inside');
  });

  it('a committed transaction shows after the commit', async () => {
    await expectFresh();
    transaction(t.db, () => {
      t.db.$client.prepare("UPDATE addons SET name = 'Renamed in a transaction' WHERE id = 1").run();
      catalogSnapshot(t.db); // a read inside must not fill the cache
    });
    expect((await expectFresh()).addOns.find((a) => a.id === 1)!.name).toBe('Renamed in a transaction');
  });
});

describe('writes outside the admin services', () => {
  it('a second connection on the same file (another process): seen through data_version', async () => {
    await expectFresh();
    const other = new Database(t.config.databasePath);
    try {
      other.prepare('UPDATE packages SET base_price_cents = base_price_cents + 100 WHERE id = 1').run();
      other.prepare("UPDATE discounts SET name = 'Changed elsewhere' WHERE id = 1").run();
      other.prepare('DELETE FROM addon_packages WHERE addon_id = 2').run();
    } finally {
      other.close();
    }
    const after = await expectFresh();
    expect(after.discounts.find((d) => d.id === 1)!.name).toBe('Changed elsewhere');
    expect(after.addOns.find((a) => a.id === 2)!.availableForPackages).toEqual([]);
  });

  it('raw SQL on the server’s own connection', async () => {
    await expectFresh();
    t.db.$client.prepare("UPDATE package_features SET text = 'Raw SQL' WHERE id = 1").run();
    expect((await expectFresh()).packages.flatMap((p) => p.features).some((f) => f.text === 'Raw SQL')).toBe(true);
  });

  it('the seed, in process and as the npm script in another process', async () => {
    const empty = await createTestApp({ seed: false });
    try {
      expect(catalogSnapshot(empty.db).catalog.packages).toEqual([]);
      seedDemoCatalog(empty.db, empty.clock);
      expect(catalogSnapshot(empty.db).catalog.packages.map((p) => p.name)).toEqual(['Entry', 'Advanced', 'Ultimate']);
      expect(catalogSnapshot(empty.db).catalog).toEqual(loadCatalog(empty.db));

      // `npm run db:seed` against the running server's file, after an admin removed a package.
      empty.db.$client.prepare("DELETE FROM packages WHERE name = 'Ultimate'").run();
      expect(catalogSnapshot(empty.db).catalog.packages).toHaveLength(2);
      const root = path.resolve(import.meta.dirname, '../..');
      const r = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/seed.ts'], {
        cwd: root,
        env: { ...process.env, DATABASE_PATH: empty.config.databasePath, APP_URL: 'http://localhost:3000', ADMIN_EMAIL: '', ADMIN_PASSWORD: '' },
        encoding: 'utf8',
      });
      expect(r.status, r.stderr).toBe(0);
      expect(catalogSnapshot(empty.db).catalog.packages.map((p) => p.name)).toEqual(['Entry', 'Advanced', 'Ultimate']);
      expect(catalogSnapshot(empty.db).catalog).toEqual(loadCatalog(empty.db));
    } finally {
      empty.close();
    }
  }, 60_000);
});

describe('immutability', () => {
  it('no caller can change what the next caller gets', async () => {
    const before = await expectFresh();
    const snap = catalogSnapshot(t.db);
    const fromCaller = await t.callerAs(USER.email).catalog.packages();
    const attempts: (() => void)[] = [
      () => ((snap.catalog.packages[0] as { name: string }).name = 'Hacked'),
      () => snap.catalog.packages.push(snap.catalog.packages[0]!),
      () => ((snap.catalog.packages[0]!.priceTiers[0] as { pricePerSqm: string }).pricePerSqm = '0.00'),
      () => ((snap.catalog.addOns[0]!.availableForPackages as number[]).length = 0),
      () => ((snap.pricing.packages[0] as { basePrice: number }).basePrice = 0),
      () => (snap.pricing.discounts[0]!.conditions as unknown[]).pop(),
      () => ((snap.json as { packages: string }).packages = '[]'),
      () => ((fromCaller[0] as { basePrice: string }).basePrice = '0.00'),
    ];
    for (const attempt of attempts) expect(attempt).toThrow(TypeError);
    expect(await expectFresh()).toEqual(before);
  });
});
