/**
 * Benchmark of the saved-configurations table at scale.
 * Run: npm run bench:api
 * Seeds 100,000 configurations (with real priced snapshots) into a temp database, spread over a few users, then
 * prints the median time (of 9 runs) of the same service call the `configurations.list` procedure makes: a page
 * sorted by each column, for an admin (everyone's) and for one user, and name searches. Target: < 50 ms each.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { users } from '../db/schema';
import type { Clock } from '../src/server/clock';
import { closeDatabase, openDatabase, transaction } from '../src/server/db/database';
import { seedDemo } from '../src/server/seed/seed';
import type { Actor } from '../src/server/auth/session';
import { listAllBounded, listConfigurationPage } from '../src/server/services/configurations-list';
import { listAddOns, listDiscounts, listPackages } from '../src/server/services/catalog';
import { priceQuote } from '../src/server/services/quote';
import { quoteResultToJson } from '../src/shared/pricing';
import { CONFIGURATION_SORTS, configurationListInput, type ConfigurationListInput } from '../src/shared/schemas/configuration';

const TOTAL = Number(process.env.BENCH_CONFIGURATIONS ?? 100_000);
const RUNS = 9;
const TARGET_MS = 50;

/** Deterministic, so two runs measure the same data. */
function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rand = mulberry32(20260301);
/** "Today" for the lists' expired flag and filter: a day within the seeded quotes' validity dates. */
const TODAY = '2025-06-01';
const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;

const companies = [
  'Acme',
  'Globex',
  'Initech',
  'Umbrella',
  'Stark',
  'Wayne',
  'Hooli',
  'Vandelay',
  'Soylent',
  'Tyrell',
  'Cyberdyne',
  'Wonka',
  'Gekko',
  'Massive Dynamic',
  'Aperture',
  'Oscorp',
  'Nakatomi',
  'Dunder Mifflin',
  'Pied Piper',
  'Bluth',
];
const kinds = ['Logistics', 'Offices', 'Holding', 'Consulting', 'Retail', 'Labs', 'Group', 'Foundation', 'Media', 'Bank'];
const places = ['Amsterdam', 'Rotterdam', 'Utrecht', 'Eindhoven', 'Berlin', 'Antwerp', 'Paris', 'London', 'Madrid', 'Milan'];
const realisticName = (i: number) =>
  `${pick(companies)} ${pick(kinds)} – ${pick(places)} ${pick(['HQ', 'campus', 'expansion', 'renewal', 'pilot'])} #${i}`;

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qc-bench-'));
  const clock: Clock = { now: () => new Date('2026-03-01T09:00:00Z') };
  const db = openDatabase(path.join(dir, 'bench.db'));
  try {
    await seedDemo(db, clock);
    const owners = Array.from(
      { length: 8 },
      (_, i) =>
        db
          .insert(users)
          .values({
            username: `sales${i}`,
            email: `sales${i}@example.com`,
            firstname: `Sales`,
            lastname: `Person ${i}`,
            passwordHash: 'x',
            createdAt: clock.now(),
          })
          .returning({ id: users.id })
          .get().id,
    );
    // One busy salesperson holds a quarter of everything: the per-user case worth measuring.
    const busy = owners[0]!;
    const ownerOf = (i: number) => (i % 4 === 0 ? busy : owners[1 + (i % (owners.length - 1))]!);

    // A pool of real priced quotes, so rows carry snapshots of realistic size.
    const pkgs = listPackages(db);
    const addOns = listAddOns(db);
    const discountIds = listDiscounts(db).map((d) => d.id);
    const pool = await Promise.all(
      Array.from({ length: 200 }, async () => {
        const pkg = pick(pkgs);
        const available = addOns.filter((a) => a.availableForPackages.includes(pkg.id));
        const chosen = available.filter(() => rand() < 0.4).map((a) => ({ id: a.id, waiveSetupFee: rand() < 0.2 }));
        const pricingModel = rand() < 0.7 ? 'sqm' : 'user';
        const form = {
          packageId: pkg.id,
          pricingModel,
          squareMeters: 100 + Math.floor(rand() * 20000),
          userCount: 10 + Math.floor(rand() * 900),
          locations: 1 + Math.floor(rand() * 12),
          addOns: chosen,
          customItems: rand() < 0.3 ? [{ id: 'c1', name: 'Training day', description: 'On site', isOneTime: true, price: 800 }] : [],
          selectedDiscountIds: discountIds.filter(() => rand() < 0.3),
          contractDuration: pick([12, 24, 36]),
          paymentFrequency: pick(['monthly', 'quarterly', 'annually']),
        };
        const result = await priceQuote(db, form);
        const names = new Map(addOns.map((a) => [a.id, a.name]));
        const snapshot = {
          ...quoteResultToJson(result),
          addOnNames: result.form.addOns.map((a) => names.get(a.id)),
          pricedAt: clock.now().toISOString(),
        };
        return { form: result.form, result, addOnNames: JSON.stringify(snapshot.addOnNames), snapshot: JSON.stringify(snapshot) };
      }),
    );

    const insert = db.$client.prepare(`
      INSERT INTO configurations (name, user_id, package_id, package_name, pricing_model, square_meters, user_count,
        locations, contract_duration, payment_frequency, add_ons, discount_ids, custom_items, total_monthly_cents,
        setup_fees_cents, tcv_cents, add_on_names, snapshot, created_at, updated_at, number, revision, revised_at, status,
        valid_until, customer_company)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?, ?, ?)`);
    const start = Date.parse('2024-01-01T00:00:00Z');
    const seedStart = performance.now();
    transaction(db, () => {
      for (let i = 0; i < TOTAL; i++) {
        const { form, result, addOnNames, snapshot } = pick(pool);
        const at = start + i * 600_000 + Math.floor(rand() * 600_000);
        insert.run(
          realisticName(i),
          ownerOf(i),
          form.packageId,
          result.packageName,
          form.pricingModel,
          form.squareMeters,
          form.userCount,
          form.locations,
          form.contractDuration,
          form.paymentFrequency,
          JSON.stringify(form.addOns),
          JSON.stringify(form.selectedDiscountIds),
          JSON.stringify(form.customItems),
          result.total,
          result.oneTimeCosts,
          result.tcv,
          addOnNames,
          snapshot,
          at,
          at,
          i + 1,
          at,
          // most quotes are drafts, a few are out with the customer or answered
          pick(['draft', 'draft', 'draft', 'sent', 'sent', 'accepted', 'declined']),
          new Date(at + 30 * 86_400_000).toISOString().slice(0, 10),
          pick(companies),
        );
      }
    });
    db.$client.pragma('optimize');
    console.log(`seeded ${TOTAL.toLocaleString('en')} configurations in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);

    const admin: Actor = { id: 1, isAdmin: true };
    const salesperson: Actor = { id: busy, isAdmin: false };
    const lastAdminPage = Math.ceil(TOTAL / 30);
    const cases: [string, Actor, ConfigurationListInput][] = [];
    for (const [who, actor] of [
      ['admin (all)', admin],
      ['one user', salesperson],
    ] as const) {
      for (const sort of CONFIGURATION_SORTS) {
        for (const direction of ['desc', 'asc'] as const) cases.push([`${who}: ${sort} ${direction}, page 1`, actor, { sort, direction }]);
        cases.push([
          `${who}: ${sort} desc, middle page`,
          actor,
          { sort, page: Math.ceil((actor === admin ? lastAdminPage : lastAdminPage / 4) / 2) },
        ]);
      }
      cases.push([`${who}: search "acme" (common), by tcv`, actor, { search: 'acme', sort: 'tcv' }]);
      cases.push([`${who}: search "acme", page 20`, actor, { search: 'acme', page: 20 }]);
      cases.push([`${who}: search "#4242" (rare)`, actor, { search: '#4242' }]);
      cases.push([`${who}: search with no match`, actor, { search: 'no such client' }]);
      cases.push([`${who}: search a quote number`, actor, { search: 'Q-004242' }]);
      for (const status of ['sent', 'accepted', 'expired'] as const) {
        cases.push([`${who}: status ${status}, page 1`, actor, { status }]);
        cases.push([`${who}: status ${status}, by tcv asc`, actor, { status, sort: 'tcv', direction: 'asc' }]);
      }
      cases.push([
        `${who}: status declined, middle page`,
        actor,
        { status: 'declined', page: Math.ceil((actor === admin ? lastAdminPage : lastAdminPage / 4) / 14) },
      ]);
      cases.push([`${who}: status sent + search "acme"`, actor, { status: 'sent', search: 'acme' }]);
    }

    let worst = 0;
    console.log(`\nmedian of ${RUNS} runs (target < ${TARGET_MS} ms)`);
    for (const [label, actor, raw] of cases) {
      const input = configurationListInput.parse(raw);
      const times: number[] = [];
      let total = 0;
      for (let r = 0; r < RUNS; r++) {
        const t0 = performance.now();
        total = (await listConfigurationPage(db, actor, TODAY, input)).total;
        times.push(performance.now() - t0);
      }
      times.sort((a, b) => a - b);
      const median = times[Math.floor(RUNS / 2)]!;
      worst = Math.max(worst, median);
      console.log(
        `${median.toFixed(2).padStart(8)} ms  ${label} (${total.toLocaleString('en')} rows)${median >= TARGET_MS ? '  ← over target' : ''}`,
      );
    }
    console.log(`\nslowest median: ${worst.toFixed(2)} ms ${worst < TARGET_MS ? '(within target)' : '(OVER TARGET)'}`);

    // For information (no target): the seed's plain REST list answers up to CONFIGURATIONS_ALL_MAX rows at once.
    for (const [label, actor] of [
      ['admin', admin],
      ['one user', salesperson],
    ] as const) {
      const t0 = performance.now();
      const n = (await listAllBounded(db, actor, TODAY, undefined)).items.length;
      console.log(`plain list (GET /api/configurations), ${label}: ${n.toLocaleString('en')} rows in ${(performance.now() - t0).toFixed(1)} ms`);
    }
    process.exitCode = worst < TARGET_MS ? 0 : 1;
  } finally {
    closeDatabase(db);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await main();
