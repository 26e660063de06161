// The quote-life migration (db/migrations/0005_quote_life.sql) on a database that already holds quotes: every one
// gets a number (its id: earlier PDFs printed "Q-" + the id), revision 1, draft and a validity date, and keeps its
// stored figures to the cent; numbers handed out afterwards never repeat one, not even a deleted quote's.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { closeDatabase, openDatabase } from '../../src/server/db/database';
import { getWithDrift } from '../../src/server/services/quote-life';
import { insertConfiguration } from '../../src/server/services/configurations';
import { TestClock } from '../support/clock';
import { databaseBefore } from '../support/migrations';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qc-migration-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

it('gives existing quotes a number, revision 1, draft and a validity, keeping their figures', async () => {
  const { file, old } = databaseBefore(dir, '0005');
  const insert = old.prepare(`INSERT INTO configurations (name, user_id, package_id, package_name, pricing_model, square_meters,
    user_count, locations, contract_duration, payment_frequency, add_ons, discount_ids, custom_items, total_monthly_cents,
    setup_fees_cents, tcv_cents, add_on_names, snapshot, created_at, updated_at)
    VALUES (?, 1, 2, 'Advanced', 'sqm', 400, 0, 1, 12, 'monthly', '[]', '[]', '[]', ?, 99900, ?, '[]', '{"pricedAt":"2025-01-10T10:00:00.000Z"}', ?, ?)`);
  const jan10 = Date.parse('2025-01-10T10:00:00Z');
  insert.run('First', 123456, 123456 * 12 + 99900, jan10, jan10 + 1000);
  insert.run('Second', 191_851_98, 191_851_98 * 12 + 99900, jan10 + 86_400_000, jan10 + 86_400_000);
  insert.run('Deleted later', 100, 1200, jan10, jan10);
  old.prepare("DELETE FROM configurations WHERE name = 'Deleted later'").run();
  old.close();

  const db = openDatabase(file);
  try {
    const rows = db.$client
      .prepare(
        'SELECT id, number, revision, status, valid_until, total_monthly_cents, setup_fees_cents, tcv_cents, revised_at FROM configurations ORDER BY id',
      )
      .all();
    expect(rows).toEqual([
      {
        id: 1,
        number: 1,
        revision: 1,
        status: 'draft',
        valid_until: '2025-02-09',
        total_monthly_cents: 123456,
        setup_fees_cents: 99900,
        tcv_cents: 123456 * 12 + 99900,
        revised_at: jan10 + 1000,
      },
      {
        id: 2,
        number: 2,
        revision: 1,
        status: 'draft',
        valid_until: '2025-02-10',
        total_monthly_cents: 191_851_98,
        setup_fees_cents: 99900,
        tcv_cents: 191_851_98 * 12 + 99900,
        revised_at: jan10 + 86_400_000,
      },
    ]);
    expect(db.$client.prepare("SELECT value FROM counters WHERE name = 'quote_number'").pluck().get()).toBe(3);

    // Read as the app answers it: the stored figures, expired (valid until long past), no customer.
    const clock = new TestClock(Date.parse('2026-03-01T09:00:00Z'));
    const second = await getWithDrift(db, clock, { id: 1, isAdmin: true }, 2);
    expect(second).toMatchObject({ number: 'Q-000002', totalMonthly: '191851.98', expired: true, customerCompany: null });

    // The next save takes the number after the deleted quote's id.
    db.$client
      .prepare(
        `INSERT INTO packages (id, name, base_price_cents, setup_fee_cents, extra_location_price_cents, created_at)
      VALUES (2, 'Advanced', 19900, 99900, 7900, 0)`,
      )
      .run();
    const id = insertConfiguration(
      db,
      { clock, validityDays: 30 },
      { id: 1, isAdmin: false },
      {
        name: 'After',
        packageId: 2,
        locations: 1,
        squareMeters: 0,
        userCount: 0,
        pricingModel: 'sqm',
        addOns: [],
        discountIds: [],
        contractDuration: 12,
        paymentFrequency: 'monthly',
        customItems: [],
        sellerDiscount: null,
      },
    );
    expect(db.$client.prepare('SELECT number FROM configurations WHERE id = ?').pluck().get(id)).toBe(4);
    // a row written by raw SQL without a number still gets the next one
    const raw = db.$client
      .prepare(
        `INSERT INTO configurations (name, user_id, package_id, package_name, pricing_model, square_meters, user_count,
        locations, contract_duration, payment_frequency, add_ons, discount_ids, custom_items, total_monthly_cents,
        setup_fees_cents, tcv_cents, snapshot, created_at, updated_at)
        VALUES ('Raw', 1, 2, 'Advanced', 'sqm', 0, 0, 1, 12, 'monthly', '[]', '[]', '[]', 1, 1, 1, '{}', 0, 0)`,
      )
      .run().lastInsertRowid;
    expect(db.$client.prepare('SELECT number FROM configurations WHERE id = ?').pluck().get(raw)).toBe(5);
  } finally {
    closeDatabase(db);
  }
});
