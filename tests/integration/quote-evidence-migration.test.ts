// The evidence migration (db/migrations/0008_quote_evidence.sql) on a database that already holds shared and accepted
// quotes: an old acceptance keeps exactly what it had (no fingerprint is made up afterwards), a link opened before
// views were counted counts as one view at that time, and an unshared quote has none.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { closeDatabase, openDatabase } from '../../src/server/db/database';
import { getConfiguration } from '../../src/server/services/configurations';
import { TestClock } from '../support/clock';
import { databaseBefore } from '../support/migrations';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qc-evidence-migration-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

it('keeps old acceptances as they were and counts an opened link as one view', async () => {
  const { file, old } = databaseBefore(dir, '0008');
  const insert = old.prepare(`INSERT INTO configurations (name, user_id, package_id, package_name, pricing_model, square_meters,
    user_count, locations, contract_duration, payment_frequency, add_ons, discount_ids, custom_items, total_monthly_cents,
    setup_fees_cents, tcv_cents, add_on_names, snapshot, created_at, updated_at, number, status, valid_until, acceptance)
    VALUES (?, 1, 2, 'Advanced', 'sqm', 400, 0, 1, 12, 'monthly', '[]', '[]', '[]', 162400, 99900, 2048700, '[]',
    '{"pricedAt":"2026-02-10T10:00:00.000Z"}', 0, 0, ?, ?, '2026-03-31', ?)`);
  const accepted = { name: 'Ada', email: 'ada@acme.test', at: '2026-02-12T09:30:00.000Z', revision: 1, address: '10.0.0.7' };
  insert.run('Accepted', 1, 'accepted', JSON.stringify(accepted));
  insert.run('Never shared', 2, 'draft', null);
  const opened = Date.parse('2026-02-11T08:00:00Z');
  const share = old.prepare(
    'INSERT INTO quote_shares (token_hash, configuration_id, revision, view, created_at, created_by, revoked_at, opened_at) VALUES (?, 1, 1, ?, 0, 1, ?, ?)',
  );
  share.run('h1', '{}', opened + 1000, opened);
  share.run('h2', '{}', null, opened + 3_600_000);
  old.close();

  const db = openDatabase(file);
  try {
    const clock = new TestClock(Date.parse('2026-03-01T09:00:00Z'));
    const admin = { id: 1, isAdmin: true };
    const first = await getConfiguration(db, clock, admin, 1);
    expect(first.acceptance).toEqual(accepted);
    expect(first.views).toEqual({ count: 1, firstAt: new Date(opened).toISOString(), lastAt: new Date(opened + 3_600_000).toISOString() });
    expect(first.linkRevision).toBe(1);
    const second = await getConfiguration(db, clock, admin, 2);
    expect(second.views).toEqual({ count: 0, firstAt: null, lastAt: null });
    expect(second.linkRevision).toBeNull();
  } finally {
    closeDatabase(db);
  }
});
