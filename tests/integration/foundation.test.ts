import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { asc } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../../db/schema';
import { ConfigError, loadConfig } from '../../src/server/config';
import { closeDatabase, openDatabase } from '../../src/server/db/database';
import { seedDemo } from '../../src/server/seed/seed';
import { TestClock } from '../support/clock';
import { createTestApp, USER, type TestApp } from '../support/test-app';

const ROOT = path.resolve(import.meta.dirname, '../..');

describe('the app in one process', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers GET /api/health with status ok', async () => {
    const res = await t.client().get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
  });

  it('answers unknown /api paths with a JSON 404, whatever the method', async () => {
    for (const method of ['GET', 'POST', 'DELETE']) {
      const res = await t.client().request(method, '/api/no-such-thing');
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toContain('application/json');
      expect(res.body).toEqual({ message: 'Not found', error: 'Not found', code: 'NOT_FOUND' });
    }
  });

  it('serves index.html for client routes such as /calculator/12', async () => {
    for (const url of ['/calculator/12', '/saved-configurations', '/admin/dashboard', '/']) {
      const res = await t.client().get(url);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/html');
      expect(res.text).toContain('<div id="root"></div>');
    }
  });

  it('opens SQLite with foreign keys, WAL and a busy timeout', () => {
    const sqlite = t.db.$client;
    expect(sqlite.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(sqlite.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(sqlite.pragma('busy_timeout', { simple: true })).toBe(5000);
  });

  it('never answers a malformed body with a 500', async () => {
    const c = await t.login(USER.email, USER.password);
    const res = await c.post('/api/quote', '{"packageId": 1,', { 'content-type': 'application/json' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('The request body is not valid JSON');
    const arr = await c.post('/api/quote', [1, 2]);
    expect(arr.status).toBe(400);
  });

  it('refuses a body over 1 MiB with 413', async () => {
    const res = await t.client().post('/api/login', { username: 'a@b.co', password: 'x'.repeat(1024 * 1024 + 10) });
    expect(res.status).toBe(413);
    expect(res.body.code).toBe('PAYLOAD_TOO_LARGE');
  });
});

describe('the demo catalogue', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('has Entry, Advanced and Ultimate in that order, each with unit and user tiers and features', async () => {
    const c = await t.login(USER.email, USER.password);
    const res = await c.get('/api/packages');
    expect(res.status).toBe(200);
    expect(res.body.map((p: { name: string }) => p.name)).toEqual(['Entry', 'Advanced', 'Ultimate']);
    const entry = res.body[0];
    expect(entry).toMatchObject({ basePrice: '99.00', setupFee: '499.00', extraLocationPrice: '49.00' });
    expect(entry.priceTiers.map((x: any) => [x.minSqm, x.maxSqm, x.pricePerSqm])).toEqual([
      [100, 999, '3.00'],
      [1000, 4999, '2.50'],
      [5000, null, '2.00'],
    ]);
    expect(entry.userPriceTiers.map((x: any) => [x.minUsers, x.maxUsers, x.pricePerUser])).toEqual([
      [10, 49, '15.00'],
      [50, 199, '12.00'],
      [200, null, '10.00'],
    ]);
    for (const p of res.body) {
      expect(p.features.length).toBeGreaterThan(0);
      expect(p.priceTiers.length).toBeGreaterThan(0);
      expect(p.userPriceTiers.length).toBeGreaterThan(0);
    }
  });

  it('has add-on categories of both selection kinds, with icons', async () => {
    const c = await t.login(USER.email, USER.password);
    const cats = (await c.get('/api/addon-categories')).body as { allowsMultipleSelection: boolean; icon: string | null }[];
    expect(cats.some((x) => x.allowsMultipleSelection)).toBe(true);
    expect(cats.some((x) => !x.allowsMultipleSelection)).toBe(true);
    expect(cats.every((x) => typeof x.icon === 'string' && x.icon.length > 0)).toBe(true);
  });

  it('has add-ons with setup fees and per-package availability', async () => {
    const c = await t.login(USER.email, USER.password);
    const addOns = (await c.get('/api/addons')).body as { name: string; setupFee: string; availableForPackages: number[] }[];
    expect(addOns.some((a) => a.setupFee !== '0.00')).toBe(true);
    expect(addOns.some((a) => a.availableForPackages.length === 3)).toBe(true);
    expect(addOns.find((a) => a.name === 'Audit Log')?.availableForPackages).toEqual([3]);
  });

  it('has a discount rule of each of the six types, each with conditions', async () => {
    const c = await t.login(USER.email, USER.password);
    const discounts = (await c.get('/api/discounts')).body as { type: string; conditions: unknown[] }[];
    expect(new Set(discounts.map((d) => d.type))).toEqual(
      new Set(['percentage', 'fixed', 'sqm_percentage', 'user_percentage', 'free_months', 'setup_fee_discount']),
    );
    expect(discounts.every((d) => d.conditions.length > 0)).toBe(true);
  });

  it('has a demo admin and a demo user who can sign in', async () => {
    const admin = await t.login('admin@example.com', 'Admin1234');
    expect((await admin.get('/api/auth/check')).body).toEqual({ authenticated: true, isAdmin: true, registration: 'open' });
    const user = await t.login('demo@example.com', 'Demo12345');
    expect((await user.get('/api/auth/check')).body).toEqual({ authenticated: true, isAdmin: false, registration: 'open' });
  });
});

describe('migrations and seed', () => {
  it('applied twice leave exactly the same rows', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qc-seed-'));
    const file = path.join(dir, 'app.db');
    const clock = new TestClock();
    const tables = [
      schema.users,
      schema.packages,
      schema.packageFeatures,
      schema.priceTiers,
      schema.userPriceTiers,
      schema.addonCategories,
      schema.addons,
      schema.addonPackages,
      schema.discounts,
      schema.discountConditions,
    ];
    const dump = (db: ReturnType<typeof openDatabase>) =>
      tables.map((table) =>
        db
          .select()
          .from(table)
          .orderBy(asc(Object.values(table)[0] as never))
          .all(),
      );

    const first = openDatabase(file);
    await seedDemo(first, clock);
    const once = dump(first);
    closeDatabase(first);

    const second = openDatabase(file); // migrations run again
    clock.advance(60_000);
    await seedDemo(second, clock);
    const twice = dump(second);
    closeDatabase(second);
    fs.rmSync(dir, { recursive: true, force: true });

    expect(once[0]).toHaveLength(2);
    expect(twice).toEqual(once);
  });
});

describe('migration 0004 (add-on names beside the snapshot)', () => {
  it('fills the new column of quotes saved before it from their snapshots', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qc-migrate-'));
    // the migrations as they were before 0004
    const before = path.join(dir, 'migrations');
    fs.cpSync(path.join(ROOT, 'db/migrations'), before, { recursive: true });
    fs.rmSync(path.join(before, '0004_configuration_add_on_names.sql'));
    const journalFile = path.join(before, 'meta/_journal.json');
    const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
    journal.entries = journal.entries.filter((e) => e.tag < '0004');
    fs.writeFileSync(journalFile, JSON.stringify(journal));

    const file = path.join(dir, 'app.db');
    const old = new Database(file);
    migrate(drizzle(old), { migrationsFolder: before });
    old.prepare(`INSERT INTO users (username, email, password_hash, created_at) VALUES ('sam', 'sam@example.com', 'x', 0)`).run();
    const insert = old.prepare(`INSERT INTO configurations (name, user_id, package_id, package_name, pricing_model, square_meters,
      user_count, locations, contract_duration, payment_frequency, add_ons, discount_ids, custom_items, total_monthly_cents,
      setup_fees_cents, tcv_cents, snapshot, created_at, updated_at)
      VALUES (?, 1, 1, 'Entry', 'sqm', 100, 0, 1, 12, 'annually', '[]', '[]', '[]', 100, 0, 1200, ?, 0, 0)`);
    insert.run('With add-ons', JSON.stringify({ total: 100, addOnNames: ['Premium Support', 'Microsoft 365 Integration'] }));
    insert.run('Without', JSON.stringify({ total: 100, addOnNames: [] }));
    insert.run('Odd snapshot', JSON.stringify({ total: 100 }));
    old.close();

    const db = openDatabase(file); // applies 0004
    const rows = db
      .select({ name: schema.configurations.name, addOnNames: schema.configurations.addOnNames })
      .from(schema.configurations)
      .orderBy(schema.configurations.id)
      .all();
    closeDatabase(db);
    fs.rmSync(dir, { recursive: true, force: true });
    expect(rows).toEqual([
      { name: 'With add-ons', addOnNames: ['Premium Support', 'Microsoft 365 Integration'] },
      { name: 'Without', addOnNames: [] },
      { name: 'Odd snapshot', addOnNames: [] },
    ]);
  });
});

describe('configuration', () => {
  it('uses the documented defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ port: 3000, host: '127.0.0.1', appUrl: 'http://localhost:3000', seedDemo: true, secureCookies: false });
    expect(c.databasePath).toBe(path.resolve('./data/app.db'));
    expect(c.outboxDir).toBe(path.resolve('./data/outbox'));
  });

  it('derives APP_URL from PORT and marks https URLs for Secure cookies', () => {
    expect(loadConfig({ PORT: '8080' }).appUrl).toBe('http://localhost:8080');
    expect(loadConfig({ APP_URL: 'https://quotes.example.com/' })).toMatchObject({
      appUrl: 'https://quotes.example.com',
      appOrigin: 'https://quotes.example.com',
      secureCookies: true,
    });
  });

  it('refuses bad values with a message naming the variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT/);
    expect(() => loadConfig({ SEED_DEMO: 'maybe' })).toThrow(/SEED_DEMO: must be true or false/);
    expect(() => loadConfig({ APP_URL: 'not a url' })).toThrow(/APP_URL/);
    expect(() => loadConfig({ ADMIN_EMAIL: 'boss@example.com' })).toThrow(/ADMIN_EMAIL and ADMIN_PASSWORD must be set together/);
  });

  it('stops the server at start with a clear message and exit code 1', async () => {
    // the compiled server `npm start` runs (tests/support/server-build.ts keeps it current)
    const child = spawn(process.execPath, ['dist/server/main.js'], {
      cwd: ROOT,
      env: { ...process.env, PORT: 'eighty', DATABASE_PATH: path.join(os.tmpdir(), 'qc-never.db') },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let err = '';
    child.stderr.on('data', (d) => (err += d));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(err).toContain('Invalid configuration');
    expect(err).toContain('PORT');
    expect(err).not.toMatch(/\n\s+at /); // no stack trace
  });
});

describe('the cross-site check', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const login = { username: USER.email, password: USER.password };

  it('serves a browser on APP_URL; another address it reached only when listed in ALLOWED_ORIGINS (never by its Host)', async () => {
    expect((await t.client().post('/api/login', login, { origin: 'http://localhost:3000' })).status).toBe(200);
    const viaLoopback = () =>
      t.app.request('http://127.0.0.1:3000/api/login', {
        method: 'POST',
        headers: { origin: 'http://127.0.0.1:3000', 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
        body: JSON.stringify(login),
      });
    expect((await viaLoopback()).status).toBe(403);
    const listed = await createTestApp({ env: { ALLOWED_ORIGINS: 'http://127.0.0.1:3000' } });
    try {
      const res = await listed.app.request('http://127.0.0.1:3000/api/login', {
        method: 'POST',
        headers: { origin: 'http://127.0.0.1:3000', 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
        body: JSON.stringify(login),
      });
      expect(res.status).toBe(200);
    } finally {
      listed.close();
    }
  });

  it('refuses another site with 403, by Origin or by Sec-Fetch-Site', async () => {
    const evil = await t.client().post('/api/login', login, { origin: 'https://evil.example' });
    expect(evil.status).toBe(403);
    expect(evil.body).toEqual({ message: 'Cross-site request refused', error: 'Cross-site request refused', code: 'FORBIDDEN' });
    expect((await t.client().post('/api/login', login, { 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    expect((await t.client().post('/trpc/auth.login', login, { origin: 'https://evil.example' })).status).toBe(403);
  });
});

describe('an unexpected failure', () => {
  it('is answered in the contract shape, with no stack trace or internal text', async () => {
    const t = await createTestApp({ seed: false });
    t.db.$client.close(); // the health check's query now throws inside the handler
    const res = await t.client().get('/api/health');
    t.close();
    expect(res.status).toBe(500);
    const message = 'Something went wrong on our side. Please try again.';
    expect(res.body).toEqual({ message, error: message, code: 'INTERNAL_SERVER_ERROR' });
    expect(res.text).not.toContain('database connection');
  });
});
