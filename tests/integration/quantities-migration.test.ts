// The quantities migration (db/migrations/0014_quantities.sql) keeps every stored quote's figures to the cent: the
// committed fixture databases (tests/fixtures) and a database holding add-ons, a waived setup fee and custom items
// answer the same totals after it, and every snapshot (a quote's, a revision's, a share link's) passes the engine's
// answer schema, with the lines to-json.ts derives from its breakdown.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { closeDatabase, openDatabase } from '../../src/server/db/database';
import { getConfiguration } from '../../src/server/services/configurations';
import { calculateQuote, quoteResultToJson } from '../../src/shared/pricing';
import { catalog, baseForm } from '../../src/shared/pricing/test-fixtures';
import { formatMoney } from '../../src/shared/money';
import { quoteResultOutput, type QuoteResultJson } from '../../src/shared/schemas/quote-result';
import { TestClock } from '../support/clock';
import { databaseBefore } from '../support/migrations';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qc-quantities-migration-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

interface StoredRow {
  id?: number;
  total_monthly_cents: number;
  setup_fees_cents: number;
  tcv_cents: number;
  snapshot: string;
}

const figures = (r: StoredRow) => [r.total_monthly_cents, r.setup_fees_cents, r.tcv_cents];
const snapshotFigures = (s: QuoteResultJson) => [Math.round(s.total * 100), Math.round(s.oneTimeCosts * 100), Math.round(s.tcv * 100)];

function rowsOf(file: string): { quotes: StoredRow[]; revisions: StoredRow[]; views: string[] } {
  const db = new Database(file, { readonly: true });
  try {
    const columns = 'total_monthly_cents, setup_fees_cents, tcv_cents, snapshot';
    return {
      quotes: db.prepare(`SELECT id, ${columns} FROM configurations ORDER BY id`).all() as StoredRow[],
      revisions: db.prepare(`SELECT ${columns} FROM configuration_revisions ORDER BY configuration_id, revision`).all() as StoredRow[],
      // quote_shares came with 0007
      views: db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'quote_shares'").get()
        ? (db.prepare('SELECT view FROM quote_shares ORDER BY rowid').pluck().all() as string[])
        : [],
    };
  } finally {
    db.close();
  }
}

describe.each(['schema-0006.db', 'schema-0007.db'])('migrating %s', (fixture) => {
  it('answers every stored quote with the same totals, and every snapshot is the engine answer', async () => {
    const file = path.join(dir, fixture);
    fs.copyFileSync(path.join('tests/fixtures', fixture), file);
    const before = rowsOf(file);
    expect(before.quotes).toHaveLength(5);
    closeDatabase(openDatabase(file, { log: () => {} }));
    const after = rowsOf(file);
    expect(after.quotes.map(figures)).toEqual(before.quotes.map(figures));
    expect(after.revisions.map(figures)).toEqual(before.revisions.map(figures));
    for (const row of [...after.quotes, ...after.revisions]) {
      const s = quoteResultOutput.parse(JSON.parse(row.snapshot));
      expect(snapshotFigures(s)).toEqual(figures(row));
      expect(s.sellerDiscount).toBeNull();
    }
    for (const view of after.views) quoteResultOutput.parse(JSON.parse(view).pdf.quote);

    const db = openDatabase(file, { log: () => {} });
    try {
      const clock = new TestClock(Date.parse('2026-12-01T09:00:00Z'));
      for (const row of before.quotes) {
        const q = await getConfiguration(db, clock, { id: 1, isAdmin: true }, row.id!);
        expect([q.totalMonthly, q.setupFees, q.tcv]).toEqual(figures(row).map(formatMoney));
        expect(q.sellerDiscount).toBeNull();
      }
    } finally {
      closeDatabase(db);
    }
  });
});

it('gives old add-ons and custom items quantity 1 and derives their lines from the breakdown, to the cent', async () => {
  // today's engine answer for two add-ons (one with its setup fee waived), a discount and two custom items ...
  const priced = quoteResultToJson(
    calculateQuote(
      {
        ...baseForm,
        locations: 2,
        addOns: [
          { id: 10, waiveSetupFee: true },
          { id: 11, waiveSetupFee: false },
        ],
        selectedDiscountIds: [1],
        customItems: [
          { id: 'w', name: 'Workshop', price: 450, isOneTime: true },
          { id: 's', name: 'Support', price: 19.99 },
        ],
      },
      catalog,
    ),
  );
  expect(priced.addOnLines).toHaveLength(2);
  // ... as a version before quantities stored it: no quantities, no seller's discount, no item lines
  const { sellerDiscount: _s, addOnLines: _a, customItemLines: _c, ...rest } = priced;
  const old = {
    ...rest,
    addOns: priced.addOns.map(({ quantity: _q, ...a }) => a),
    customItems: priced.customItems.map(({ quantity: _q, ...c }) => c),
    addOnNames: ['Visitor Management', 'Room Booking'],
    pricedAt: '2026-11-02T10:00:00.000Z',
  };
  const cents = (n: number) => Math.round(n * 100);
  const storedItems = old.customItems.map((c) => ({ ...c, price: cents(c.price) }));
  const { file, old: db } = databaseBefore(dir, '0014');
  const columns = `package_id, package_name, pricing_model, square_meters, user_count, locations, contract_duration,
    payment_frequency, add_ons, discount_ids, custom_items, total_monthly_cents, setup_fees_cents, tcv_cents, add_on_names, snapshot`;
  const values = [
    1,
    old.packageName,
    'sqm',
    old.squareMeters,
    0,
    2,
    12,
    old.paymentFrequency,
    JSON.stringify(old.addOns),
    '[1]',
    JSON.stringify(storedItems),
    cents(old.total),
    cents(old.oneTimeCosts),
    cents(old.tcv),
    JSON.stringify(old.addOnNames),
    JSON.stringify(old),
  ];
  const marks = values.map(() => '?').join(', ');
  db.prepare(
    `INSERT INTO configurations (name, user_id, ${columns}, created_at, updated_at, number, revision, status, valid_until)
    VALUES ('Old', 1, ${marks}, 0, 0, 1, 2, 'draft', '2026-12-31')`,
  ).run(...values);
  db.prepare(`INSERT INTO configuration_revisions (configuration_id, revision, ${columns}, created_at) VALUES (1, 1, ${marks}, 0)`).run(...values);
  db.close();

  const migrated = openDatabase(file, { log: () => {} });
  try {
    const raw = migrated.$client;
    for (const table of ['configurations', 'configuration_revisions']) {
      const row = raw.prepare(`SELECT add_ons, custom_items, snapshot, seller_discount, total_monthly_cents FROM ${table}`).get() as Record<
        string,
        string
      >;
      expect(JSON.parse(row.add_ons!)).toEqual(priced.addOns);
      expect(JSON.parse(row.custom_items!)).toEqual(storedItems.map((c) => ({ ...c, quantity: 1 })));
      expect(row.seller_discount).toBeNull();
      // the snapshot is exactly today's engine answer for the same inputs
      expect(JSON.parse(row.snapshot!)).toEqual({ ...priced, addOnNames: old.addOnNames, pricedAt: old.pricedAt });
      expect(row.total_monthly_cents).toBe(cents(priced.total));
    }
    const q = await getConfiguration(migrated, new TestClock(Date.parse('2026-12-01T09:00:00Z')), { id: 1, isAdmin: true }, 1);
    expect(q.addOnSelections).toEqual([
      { id: 10, waiveSetupFee: true, quantity: 1 },
      { id: 11, waiveSetupFee: false, quantity: 1 },
    ]);
    expect(q.snapshot.addOnLines[0]).toMatchObject({ id: 10, quantity: 1, setupFee: 0, waiveSetupFee: true });
    expect(q.totalMonthly).toBe(formatMoney(cents(priced.total)));
  } finally {
    closeDatabase(migrated);
  }
});
