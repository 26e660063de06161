// The kept JSON texts of listed rows (services/configuration-rows.ts): a list reuses a row's text until the row can
// have changed. These are the ways it can change through the server's own connection without data_version moving (a
// commit by another connection is in fast-saved-quotes.test.ts): each must show in the very next list, on both of the
// list's forms (the bounded list and the table's page), exactly as the DTO path answers it.
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../src/server/services/configuration-types';
import { configurationPageJson, listAllBounded, listAllBoundedJson, listConfigurationPage } from '../../src/server/services/configurations-list';
import { addUser, demoIds } from '../support/configurations';
import { MINUTE } from '../support/clock';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let owner: Actor;
const quotes: number[] = [];
const OWNER = 'rowtexts@example.com';
const TODAY = '2026-03-01';

const sqlite = () => t.db.$client;

/** Both JSON lists, checked against the DTO lists they stand for; returns the bounded list's rows. */
function listed(today = TODAY): { id: number; name: string; totalMonthly: string; createdBy: string; expired: boolean }[] {
  const bounded = listAllBoundedJson(t.db, owner, today, undefined);
  expect(JSON.parse(bounded.items.json)).toEqual(JSON.parse(JSON.stringify(listAllBounded(t.db, owner, today, undefined).items)));
  const page = configurationPageJson(t.db, owner, today, { page: 1, sort: 'createdAt', direction: 'desc' });
  expect(JSON.parse(page)).toEqual(
    JSON.parse(JSON.stringify(listConfigurationPage(t.db, owner, today, { page: 1, sort: 'createdAt', direction: 'desc' }))),
  );
  return JSON.parse(bounded.items.json);
}
const row = (id: number) => listed().find((c) => c.id === id);

beforeAll(async () => {
  t = await createTestApp();
  const ids = demoIds(t);
  const userId = addUser(t, OWNER, { firstname: 'Rowan', lastname: 'Texts' });
  owner = { id: userId, isAdmin: false } as Actor;
  for (const name of ['First', 'Second', 'Third']) {
    t.clock.advance(MINUTE);
    const c = await t.callerAs(OWNER).configurations.create({ name, packageId: ids.pkg('Advanced'), squareMeters: 400, locations: 1, contractDuration: 12, paymentFrequency: 'monthly' });
    quotes.push(c.id);
  }
});
afterAll(() => t.close());

describe('a listed row is never stale', () => {
  it('after raw SQL through the server’s own connection changes it', () => {
    expect(row(quotes[0]!)).toMatchObject({ name: 'First' });
    sqlite().prepare("UPDATE configurations SET name = 'First (raw)', total_monthly_cents = 4242 WHERE id = ?").run(quotes[0]);
    expect(row(quotes[0]!)).toMatchObject({ name: 'First (raw)', totalMonthly: '42.42' });
  });

  it('after INSERT OR REPLACE puts another row under its id (a REPLACE fires no DELETE trigger)', () => {
    expect(row(quotes[1]!)).toMatchObject({ name: 'Second' });
    sqlite()
      .prepare(
        `INSERT OR REPLACE INTO configurations SELECT id, 'Second (replaced)', user_id, package_id, package_name, pricing_model, square_meters,
           user_count, locations, contract_duration, payment_frequency, add_ons, discount_ids, custom_items, total_monthly_cents,
           setup_fees_cents, tcv_cents, snapshot, created_at, updated_at, add_on_names, number, revision, revised_at, status,
           valid_until, customer_company, customer_name, customer_email, acceptance, decline FROM configurations WHERE id = ?`,
      )
      .run(quotes[1]);
    expect(row(quotes[1]!)).toMatchObject({ name: 'Second (replaced)' });
  });

  it('after UPDATE OR REPLACE moves another row onto its id', () => {
    const [, second, third] = quotes as [number, number, number];
    expect(row(second)).toMatchObject({ name: 'Second (replaced)' });
    sqlite().prepare('UPDATE OR REPLACE configurations SET id = ? WHERE id = ?').run(second, third);
    quotes.splice(2, 1);
    expect(row(second)).toMatchObject({ name: 'Third' });
    expect(row(third)).toBeUndefined();
  });

  it('after its owner is renamed (the row itself is untouched)', () => {
    expect(row(quotes[0]!)).toMatchObject({ createdBy: 'Rowan Texts' });
    sqlite().prepare("UPDATE users SET firstname = 'Renamed', lastname = 'Here' WHERE id = ?").run(owner.id);
    expect(row(quotes[0]!)).toMatchObject({ createdBy: 'Renamed Here' });
  });

  it('after a change rolled back: a list inside a transaction it did not open neither uses nor keeps texts', () => {
    expect(row(quotes[0]!)).toMatchObject({ name: 'First (raw)' });
    const inside = sqlite().transaction(() => {
      sqlite().prepare("UPDATE configurations SET name = 'Never committed' WHERE id = ?").run(quotes[0]);
      const seen = row(quotes[0]!);
      throw Object.assign(new Error('roll back'), { seen });
    });
    let seen: unknown;
    try {
      inside();
    } catch (error) {
      seen = (error as { seen: unknown }).seen;
    }
    expect(seen).toMatchObject({ name: 'Never committed' });
    expect(row(quotes[0]!)).toMatchObject({ name: 'First (raw)' });
  });

  it('after the day (Europe/Amsterdam) turns past its validity: expired is decided by the date', () => {
    expect(row(quotes[0]!)).toMatchObject({ expired: false });
    const later = listed('2026-12-31').find((c) => c.id === quotes[0]);
    expect(later).toMatchObject({ expired: true });
    expect(row(quotes[0]!)).toMatchObject({ expired: false });
  });

  it('after a delete, and after another connection commits a change', () => {
    sqlite().prepare('DELETE FROM configurations WHERE id = ?').run(quotes[1]);
    expect(row(quotes[1]!)).toBeUndefined();
    const other = new Database(t.config.databasePath);
    try {
      other.prepare('UPDATE configurations SET total_monthly_cents = 777 WHERE id = ?').run(quotes[0]);
    } finally {
      other.close();
    }
    expect(row(quotes[0]!)).toMatchObject({ totalMonthly: '7.77' });
  });
});
