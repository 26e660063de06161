// The catalogue as a file (docs/API.md "The catalogue as a file"): export by name, import that makes the catalogue
// equal to a file in one transaction (or, as a dry run, says what it would change), every problem listed at once.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithAdminAndUser, ADMIN, createTestApp, type TestApp, type TestClient } from '../support/test-app';
import { trpcCall } from '../support/trpc-http';

let t: TestApp;
let admin: TestClient;
let user: TestClient;

beforeAll(async () => ({ t, admin, user } = await appWithAdminAndUser()));
afterAll(() => t.close());

const exportNow = async () => {
  const res = await admin.get('/api/admin/catalogue');
  expect(res.status, res.text).toBe(200);
  return res.body;
};
const put = (file: unknown, dryRun?: boolean) => admin.put(`/api/admin/catalogue${dryRun === undefined ? '' : `?dryRun=${dryRun}`}`, file);
const none = { created: [], updated: [], deleted: [], changes: [] };
const clone = <T>(x: T): T => JSON.parse(JSON.stringify(x));
const auditCount = () => (t.db.$client.prepare('SELECT count(*) AS n FROM audit_log').get() as { n: number }).n;

describe('export', () => {
  it('names everything by name, never by id: packages with their tiers, categories, add-ons, discounts', async () => {
    const file = await exportNow();
    expect(Object.keys(file).sort()).toEqual(['addOns', 'categories', 'discounts', 'packages', 'version']);
    expect(file.version).toBe(1);
    expect(JSON.stringify(file)).not.toMatch(/"id"|Id"/);
    const advanced = file.packages.find((p: { name: string }) => p.name === 'Advanced');
    expect(advanced.priceTiers.length).toBeGreaterThan(0);
    expect(advanced.priceTiers[0]).toEqual({
      minSqm: expect.any(Number),
      maxSqm: expect.anything(),
      pricePerSqm: expect.stringMatching(/^\d+\.\d\d$/),
    });
    expect(file.addOns.find((a: { name: string }) => a.name === 'Audit Log')).toMatchObject({
      category: 'Security',
      availableForPackages: ['Ultimate'],
    });
    const credit = file.discounts.find((d: { name: string }) => d.name === 'Welcome Credit');
    expect(credit.conditions).toEqual([{ type: 'package', operator: 'in', value: ['Advanced', 'Ultimate'] }]);
    expect((await user.get('/api/admin/catalogue')).status).toBe(403);
    expect((await t.client().get('/api/admin/catalogue')).status).toBe(401);
  });

  it('the same over tRPC (admin.catalogue.export)', async () => {
    const res = await trpcCall(admin, 'query', 'admin.catalogue.export');
    expect(res.status).toBe(200);
    expect(res.body.result.data).toEqual(await exportNow());
  });
});

describe('import', () => {
  it('its own export changes nothing, and writes no audit entry', async () => {
    const file = await exportNow();
    const entries = auditCount();
    const res = await put(file);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ dryRun: false, packages: none, categories: none, addOns: none, discounts: none });
    expect(auditCount()).toBe(entries);
  });

  it('loads into another install: an empty database ends equal to the file', async () => {
    const file = await exportNow();
    const other = await createTestApp({ seed: false });
    try {
      const made = await other.client().post('/api/register', {
        username: 'boss@example.com',
        email: 'boss@example.com',
        firstname: 'Bo',
        lastname: 'Oss',
        companyName: 'Boss BV',
        password: 'Boss123456',
      });
      expect(made.status, made.text).toBe(201);
      other.db.$client.prepare('UPDATE users SET is_admin = 1').run();
      const boss = await other.login('boss@example.com', 'Boss123456');
      const res = await boss.put('/api/admin/catalogue', file);
      expect(res.status, res.text).toBe(200);
      expect(res.body.packages.created).toEqual(file.packages.map((p: { name: string }) => p.name));
      expect((await boss.get('/api/admin/catalogue')).body).toEqual(file);
    } finally {
      other.close();
    }
  });

  it('a dry run answers what would change and changes nothing; then the import makes the catalogue equal to the file', async () => {
    const saved = await user.post('/api/configurations', {
      name: 'Kept',
      packageId: 1,
      squareMeters: 800,
      addOns: [],
      discountIds: [],
      contractDuration: 24,
    });
    expect(saved.status).toBe(201);
    const before = await exportNow();
    const file = clone(before);
    file.packages[0].basePrice = '1234.56';
    file.packages[0].priceTiers = [{ minSqm: 0, maxSqm: null, pricePerSqm: '1.25' }];
    const entryName = file.packages[0].name;
    file.packages.push({
      name: 'Enterprise',
      description: 'For the largest sites.',
      basePrice: 999,
      setupFee: '100',
      extraLocationPrice: '0',
      features: [{ text: 'Everything', included: true }],
      priceTiers: [{ minSqm: 0, maxSqm: null, pricePerSqm: 3 }],
      userPriceTiers: [],
    });
    file.addOns = file.addOns.filter((a: { name: string }) => a.name !== 'Audit Log');
    file.addOns.find((a: { name: string }) => a.name === 'Premium Support').availableForPackages.push('Enterprise');
    file.categories.push({ name: 'Extras', icon: 'gear', allowsMultipleSelection: true });
    file.discounts = file.discounts.filter((d: { name: string }) => d.name !== 'Welcome Credit');
    file.discounts.push({
      name: 'Enterprise deal',
      description: '',
      type: 'percentage',
      value: '5',
      conditions: [{ type: 'package', operator: '=', value: 'Enterprise' }],
    });

    // each changed item with the fields that change, before and after, in the file's form; nothing else of it
    const expected = {
      packages: {
        created: ['Enterprise'],
        updated: [entryName],
        deleted: [],
        changes: [
          {
            name: entryName,
            fields: [
              { field: 'basePrice', before: before.packages[0].basePrice, after: '1234.56' },
              { field: 'priceTiers', before: before.packages[0].priceTiers, after: [{ minSqm: 0, maxSqm: null, pricePerSqm: '1.25' }] },
            ],
          },
        ],
      },
      categories: { created: ['Extras'], updated: [], deleted: [], changes: [] },
      addOns: {
        created: [],
        updated: ['Premium Support'],
        deleted: ['Audit Log'],
        changes: [
          {
            name: 'Premium Support',
            fields: [{ field: 'availableForPackages', before: ['Advanced', 'Ultimate'], after: ['Advanced', 'Ultimate', 'Enterprise'] }],
          },
        ],
      },
      discounts: { created: ['Enterprise deal'], updated: [], deleted: ['Welcome Credit'], changes: [] },
    };
    const entries = auditCount();
    const dry = await put(file, true);
    expect(dry.status, dry.text).toBe(200);
    expect(dry.body).toEqual({ dryRun: true, ...expected });
    expect(await exportNow()).toEqual(before);
    expect(auditCount()).toBe(entries);

    const done = await put(file, false);
    expect(done.status, done.text).toBe(200);
    expect(done.body).toEqual({ dryRun: false, ...expected });
    const after = await exportNow();
    expect(after.packages.find((p: { name: string }) => p.name === 'Enterprise')).toMatchObject({
      basePrice: '999.00',
      setupFee: '100.00',
      priceTiers: [{ minSqm: 0, maxSqm: null, pricePerSqm: '3.00' }],
    });
    expect(after.packages.find((p: { name: string }) => p.name === entryName)).toMatchObject({
      basePrice: '1234.56',
      priceTiers: [{ minSqm: 0, maxSqm: null, pricePerSqm: '1.25' }],
    });
    expect(after.addOns.map((a: { name: string }) => a.name)).not.toContain('Audit Log');
    expect(after.discounts.find((d: { name: string }) => d.name === 'Enterprise deal').conditions).toEqual([
      { type: 'package', operator: '=', value: 'Enterprise' },
    ]);
    // Importing the result again changes nothing: the catalogue equals the file.
    expect((await put(after, true)).body).toEqual({ dryRun: true, packages: none, categories: none, addOns: none, discounts: none });
    // Each change is an audit entry of its own.
    expect(auditCount() - entries).toBe(7);

    // The saved quote keeps its stored figures.
    const kept = await user.get(`/api/configurations/${saved.body.id}`);
    expect(kept.body.tcv).toBe(saved.body.tcv);
    expect(kept.body.totalMonthly).toBe(saved.body.totalMonthly);
  });

  it('a file with problems is a 400 listing every one, and nothing changes', async () => {
    const before = await exportNow();
    const file = clone(before);
    file.packages[0].basePrice = 'lots';
    file.packages.push(clone(file.packages[1]));
    file.addOns[0].category = 'Nowhere';
    file.addOns[1].availableForPackages = ['Gold'];
    file.discounts.push({ name: 'Bad', type: 'percentage', value: '5', conditions: [{ type: 'package', operator: '=', value: 'Gold' }] });
    file.categories[0].icon = 'unicorn';
    const entries = auditCount();
    for (const dryRun of [true, false]) {
      const res = await put(file, dryRun);
      expect(res.status, res.text).toBe(400);
      const paths = res.body.issues.map((i: { path: string }) => i.path);
      expect(paths).toEqual(
        expect.arrayContaining([
          'packages.0.basePrice',
          `packages.${file.packages.length - 1}.name`,
          'addOns.0.category',
          'addOns.1.availableForPackages.0',
          `discounts.${file.discounts.length - 1}.conditions.0.value`,
          'categories.0.icon',
        ]),
      );
      expect(res.body.issues.length).toBeGreaterThanOrEqual(6);
    }
    expect(await exportNow()).toEqual(before);
    expect(auditCount()).toBe(entries);

    for (const bad of [
      {},
      { version: 2, packages: [], categories: [], addOns: [], discounts: [] },
      { version: 1, packages: 'x', categories: [], addOns: [], discounts: [] },
    ]) {
      const res = await put(bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.body.issues.length).toBeGreaterThan(0);
    }
    expect((await put(before, 'maybe' as never)).status).toBe(400);
    expect((await user.put('/api/admin/catalogue', before)).status).toBe(403);
  });

  it('over tRPC (admin.catalogue.import), one catalogue.changed event for the whole import', async () => {
    const hook = await admin.post('/api/admin/webhooks', { url: 'https://example.com/hook', events: ['catalogue.changed'] });
    const file = await exportNow();
    file.categories.push({ name: 'One more', icon: null, allowsMultipleSelection: false });
    file.categories.push({ name: 'And another', icon: null, allowsMultipleSelection: false });
    const res = await trpcCall(admin, 'mutation', 'admin.catalogue.import', { catalogue: file });
    expect(res.status, res.text).toBe(200);
    expect(res.body.result.data.categories.created).toEqual(['One more', 'And another']);
    const rows = t.db.$client.prepare('SELECT event, payload FROM webhook_deliveries WHERE webhook_id = ?').all(hook.body.id) as {
      event: string;
      payload: string;
    }[];
    expect(rows.map((r) => r.event)).toEqual(['catalogue.changed']);
    expect(JSON.parse(rows[0]!.payload).data).toEqual({ entity: 'catalogue', id: null, action: 'import' });
    expect((await trpcCall(user, 'mutation', 'admin.catalogue.import', { catalogue: file, dryRun: true })).status).toBe(403);
  });
});

describe('names, and what changes', () => {
  it('a file naming one thing twice, in any case or with spaces around, is a 400 listing each repeat, and nothing changes', async () => {
    const before = await exportNow();
    const file = clone(before);
    file.packages.push({ ...clone(file.packages[0]), name: ` ${file.packages[0].name.toUpperCase()} ` });
    file.categories.push(
      { ...clone(file.categories[1]), name: file.categories[1].name.toLowerCase() },
      { ...clone(file.categories[1]), name: file.categories[1].name },
    );
    file.addOns.push({ ...clone(file.addOns[2]), name: file.addOns[2].name.toUpperCase() });
    file.discounts.push({ ...clone(file.discounts[0]), name: `${file.discounts[0].name} ` });
    const entries = auditCount();
    const res = await put(file, true);
    expect(res.status, res.text).toBe(400);
    const [p, c, a, d] = [file.packages.length, file.categories.length, file.addOns.length, file.discounts.length];
    expect(res.body.issues).toEqual([
      { path: `packages.${p - 1}.name`, message: `A package named ${file.packages[0].name.toUpperCase()} is already in the file (packages.0)` },
      {
        path: `categories.${c - 2}.name`,
        message: `A category named ${file.categories[1].name.toLowerCase()} is already in the file (categories.1)`,
      },
      { path: `categories.${c - 1}.name`, message: `A category named ${file.categories[1].name} is already in the file (categories.1)` },
      { path: `addOns.${a - 1}.name`, message: `An add-on named ${file.addOns[2].name.toUpperCase()} is already in the file (addOns.2)` },
      { path: `discounts.${d - 1}.name`, message: `A discount rule named ${file.discounts[0].name} is already in the file (discounts.0)` },
    ]);
    expect((await put(file, false)).status).toBe(400);
    expect(await exportNow()).toEqual(before);
    expect(auditCount()).toBe(entries);
  });

  it('matches items by name in any case: a new spelling renames the item in place, and references follow it', async () => {
    const file = await exportNow();
    const ids = (await admin.get('/api/packages')).body.map((p: { id: number; name: string }) => [p.name, p.id]);
    const [name, id] = ids[0] as [string, number];
    file.packages[0].name = name.toUpperCase();
    // the file's own references may spell it as they like
    file.addOns[0].availableForPackages = [name.toLowerCase()];
    const res = await put(file);
    expect(res.status, res.text).toBe(200);
    expect(res.body.packages).toEqual({
      created: [],
      updated: [name.toUpperCase()],
      deleted: [],
      changes: [{ name: name.toUpperCase(), fields: [{ field: 'name', before: name, after: name.toUpperCase() }] }],
    });
    const now = (await admin.get('/api/packages')).body.find((p: { id: number }) => p.id === id);
    expect(now.name).toBe(name.toUpperCase());
    const after = await exportNow();
    expect(after.addOns[0].availableForPackages).toEqual([name.toUpperCase()]);
    file.packages[0].name = name;
    file.addOns[0].availableForPackages = after.addOns[0].availableForPackages.map(() => name);
    expect((await put(file)).status).toBe(200);
  });

  it('writes only what changes: a new base price leaves the tiers and features as they were, and the audit entry says so', async () => {
    const before = (await admin.get('/api/packages')).body[1];
    const file = await exportNow();
    const index = file.packages.findIndex((p: { name: string }) => p.name === before.name);
    file.packages[index].basePrice = '529.00';
    const res = await put(file);
    expect(res.body.packages.changes).toEqual([{ name: before.name, fields: [{ field: 'basePrice', before: before.basePrice, after: '529.00' }] }]);
    const after = (await admin.get('/api/packages')).body.find((p: { id: number }) => p.id === before.id);
    expect(after).toEqual({ ...before, basePrice: '529.00' });
    const entry = (await admin.get(`/api/admin/audit?entity=package&action=update`)).body[0];
    expect(entry).toMatchObject({ entityId: before.id, before, after });
  });
});

describe('npm run db:seed -- --catalogue <file>', () => {
  it('loads a file into a database (accounts as usual), and refuses a file with problems, listing them, changing nothing', async () => {
    const file = await exportNow();
    // The cheapest package, so the export (packages by base price) lists it where the file does.
    file.packages.unshift({
      name: 'Scripted',
      description: '',
      basePrice: '10.00',
      setupFee: '0.00',
      extraLocationPrice: '0.00',
      features: [],
      priceTiers: [],
      userPriceTiers: [],
    });
    const dir = fs.mkdtempSync(`${t.dir}/seed-`);
    fs.writeFileSync(`${dir}/catalogue.json`, JSON.stringify(file));
    const env = { ...process.env, DATABASE_PATH: `${dir}/app.db`, OUTBOX_DIR: `${dir}/outbox`, SEED_DEMO: 'true' };
    const out = execFileSync(process.execPath, ['--import', 'tsx', 'scripts/seed.ts', '--catalogue', `${dir}/catalogue.json`], {
      env,
      encoding: 'utf8',
    });
    expect(out).toMatch(/packages: \d+ created/);

    const seeded = await createTestApp({ seed: false, env: { DATABASE_PATH: `${dir}/app.db` } });
    try {
      const boss = await seeded.login(ADMIN.email, ADMIN.password);
      expect((await boss.get('/api/admin/catalogue')).body).toEqual(file);
      const entry = (await boss.get('/api/admin/audit?entity=package&action=create')).body[0];
      expect(entry).toMatchObject({ userId: null, actor: 'npm run db:seed' });

      fs.writeFileSync(`${dir}/bad.json`, JSON.stringify({ ...file, packages: [{ ...file.packages[1], basePrice: 'free' }] }));
      const bad = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/seed.ts', '--catalogue', `${dir}/bad.json`], { env, encoding: 'utf8' });
      expect(bad.status).toBe(1);
      expect(bad.stderr).toContain('packages.0.basePrice: Base price must be a number');
      expect((await boss.get('/api/admin/catalogue')).body).toEqual(file);
    } finally {
      seeded.close();
    }
  }, 60_000);
});
