// The unique-names migration (db/migrations/0013_unique_names.sql) on a catalogue that holds namesakes: each later
// namesake, in id order, gets " (2)", " (3)", … after its own trimmed name (a number whose name is taken is skipped),
// each rename is an audit entry, nothing else changes, and afterwards the database itself refuses a namesake.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { closeDatabase, openDatabase } from '../../src/server/db/database';
import { databaseBefore } from '../support/migrations';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qc-unique-names-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

it('renames later namesakes " (2)", " (3)" in id order, with an audit entry each, and the database then refuses one', () => {
  const { file, old } = databaseBefore(dir, '0013');
  const pkg = old.prepare('INSERT INTO packages (name, created_at) VALUES (?, 0)');
  for (const name of ['Dup', 'Entry', 'dup ', 'DUP', 'Dup (2)']) pkg.run(name);
  const category = old.prepare('INSERT INTO addon_categories (name) VALUES (?)');
  for (const name of ['Extras', 'extras']) category.run(name);
  const addOn = old.prepare('INSERT INTO addons (name, category_id) VALUES (?, 1)');
  for (const name of ['SSO', 'Audit', 'sso', 'Sso']) addOn.run(name);
  const discount = old.prepare("INSERT INTO discounts (name, type, value_hundredths) VALUES (?, 'percentage', 1000)");
  for (const name of ['Loyal', 'Loyal']) discount.run(name);
  old.close();

  const db = openDatabase(file, { log: () => {} });
  try {
    const names = (table: string) => db.$client.prepare(`SELECT name FROM ${table} ORDER BY id`).pluck().all();
    // "Dup (2)" was taken already: the second Dup is the third, the third the fourth
    expect(names('packages')).toEqual(['Dup', 'Entry', 'dup (3)', 'DUP (4)', 'Dup (2)']);
    expect(names('addon_categories')).toEqual(['Extras', 'extras (2)']);
    expect(names('addons')).toEqual(['SSO', 'Audit', 'sso (2)', 'Sso (3)']);
    expect(names('discounts')).toEqual(['Loyal', 'Loyal (2)']);

    const entries = db.$client.prepare('SELECT user_id, actor, entity, entity_id, action, before, after FROM audit_log ORDER BY id').all();
    const entry = (entity: string, id: number, before: string, after: string) => ({
      user_id: null,
      actor: 'Upgrade to unique names',
      entity,
      entity_id: id,
      action: 'update',
      before: JSON.stringify({ name: before }),
      after: JSON.stringify({ name: after }),
    });
    expect(entries).toEqual([
      entry('package', 3, 'dup ', 'dup (3)'),
      entry('package', 4, 'DUP', 'DUP (4)'),
      entry('category', 2, 'extras', 'extras (2)'),
      entry('addon', 3, 'sso', 'sso (2)'),
      entry('addon', 4, 'Sso', 'Sso (3)'),
      entry('discount', 2, 'Loyal', 'Loyal (2)'),
    ]);

    expect(() => db.$client.prepare("INSERT INTO addons (name) VALUES (' audit ')").run()).toThrow(/UNIQUE constraint failed/);
    expect(() => db.$client.prepare("UPDATE packages SET name = 'ENTRY' WHERE id = 1").run()).toThrow(/UNIQUE constraint failed/);
  } finally {
    closeDatabase(db);
  }
});
