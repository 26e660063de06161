// Upgrades keep everything. tests/fixtures holds databases as earlier versions of the app left them (written by
// scripts/make-upgrade-fixture.ts through the public API): schema-0006.db from before quote sharing (accounts,
// sessions, quotes with three revisions each), schema-0007.db with shared, accepted and declined quotes and their
// audit entries. Each is opened by today's code: every row of every table is still there with the values it had,
// a copy was taken first when there was something to migrate, and the app serves the old data. A migration that
// fails leaves the database exactly as it was.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { closeDatabase, MIGRATIONS_FOLDER, openDatabase } from '../../src/server/db/database';
import { MigrationError, pendingMigrations } from '../../src/server/db/migrations';
import { APP_VERSION } from '../../src/server/version';
import { createTestApp } from '../support/test-app';

const fixtures = path.resolve('tests/fixtures');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qc-upgrade-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

type Rows = Record<string, Record<string, unknown>[]>;

/** Every row of every table (SQLite's own and the migration history aside), in rowid order. */
function allRows(file: string): Rows {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const tables = db
      .prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name <> '__drizzle_migrations'")
      .pluck()
      .all() as string[];
    return Object.fromEntries(
      tables.map((t) => [t, db.prepare(`select rowid as "rowid", * from "${t}" order by rowid`).all() as Record<string, unknown>[]]),
    );
  } finally {
    db.close();
  }
}

function schemaOf(file: string): string[] {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return db.prepare("select type || ' ' || name || ' ' || coalesce(sql, '') from sqlite_master order by type, name").pluck().all() as string[];
  } finally {
    db.close();
  }
}

/**
 * The JSON columns a migration adds fields to (db/migrations/0014_quantities.sql: quantities, the seller's discount,
 * the lines of a snapshot): each keeps every value it had, and may only gain fields.
 */
const GROWING_JSON = new Set(
  ['configurations.add_ons', 'configurations.custom_items', 'configurations.snapshot', 'quote_shares.view'].flatMap((c) =>
    c.startsWith('configurations.') ? [c, c.replace('configurations.', 'configuration_revisions.')] : [c],
  ),
);

/** Each old row is still there under its rowid, with the same value in every column it had. */
function expectKept(before: Rows, after: Rows): void {
  for (const [table, rows] of Object.entries(before)) {
    expect(after[table], `table ${table}`).toBeDefined();
    const now = new Map(after[table]!.map((r) => [r.rowid, r]));
    for (const row of rows) {
      const kept = now.get(row.rowid);
      expect(kept, `${table} row ${String(row.rowid)}`).toBeDefined();
      for (const [column, value] of Object.entries(row)) {
        const what = `${table}.${column} of row ${String(row.rowid)}`;
        if (GROWING_JSON.has(`${table}.${column}`) && typeof value === 'string' && kept![column] !== value) {
          expect(JSON.parse(kept![column] as string), what).toMatchObject(JSON.parse(value));
        } else expect(kept![column], what).toEqual(value);
      }
    }
  }
}

function pendingIn(file: string): number {
  const db = new Database(file, { readonly: true });
  try {
    return pendingMigrations(db, MIGRATIONS_FOLDER).length;
  } finally {
    db.close();
  }
}

describe.each(['schema-0006.db', 'schema-0007.db'])('upgrading %s', (fixture) => {
  it('keeps every account, quote, revision, acceptance and audit entry; the app serves them', async () => {
    const source = path.join(fixtures, fixture);
    const before = allRows(source);
    // what the fixture must hold for the test to mean something
    expect(before.users!.length).toBe(3);
    expect(before.configurations!.length).toBe(5);
    expect(before.configuration_revisions!.length).toBe(10);
    if (fixture === 'schema-0007.db') {
      expect(before.audit_log!.length).toBeGreaterThan(10);
      expect(before.configurations!.map((q) => q.status).sort()).toEqual(['accepted', 'declined', 'draft', 'draft', 'sent']);
      expect(before.configurations!.filter((q) => String(q.acceptance).includes('Carla Customer'))).toHaveLength(1);
      expect(before.quote_shares!.length).toBe(3);
    }
    const pending = pendingIn(source);
    if (fixture === 'schema-0006.db') expect(pending).toBeGreaterThan(0);

    const t = await createTestApp({ seed: false, database: source });
    try {
      const file = t.config.databasePath;
      const copy = `${file}.before-${APP_VERSION}`;
      expect(fs.existsSync(copy)).toBe(pending > 0);
      if (pending > 0) expectKept(before, allRows(copy));
      expect(pendingIn(file)).toBe(0);
      t.db.$client.pragma('wal_checkpoint(TRUNCATE)');
      expectKept(before, allRows(file));
      expect(t.db.$client.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(t.db.$client.pragma('foreign_key_check')).toEqual([]);

      const seller = await t.login('seller@example.com', 'Seller1234');
      const list = await seller.get('/api/configurations');
      expect(list.status).toBe(200);
      expect((list.body as { name: string }[]).map((q) => q.name).sort()).toEqual([
        'Fixture quote 2 – Müller & Søn',
        'Fixture quote 3 – Müller & Søn',
        'Fixture quote 5 – Müller & Søn',
      ]);
      const quote = before.configurations!.find((q) => q.name === 'Fixture quote 2 – Müller & Søn')!;
      const read = await seller.get(`/api/configurations/${String(quote.id)}`);
      expect(read.status).toBe(200);
      expect(read.body.revision).toBe(3);
      expect((await seller.get(`/api/configurations/${String(quote.id)}/revisions`)).body).toHaveLength(3);
      if (fixture === 'schema-0007.db') expect(read.body.status).toBe('accepted');
      expect((await (await t.login('admin@example.com', 'Admin1234')).get('/api/admin/users')).body).toHaveLength(3);
    } finally {
      t.close();
    }
  });
});

/** Today's migrations plus `extra` (tag → SQL statements), in a folder of their own. */
function migrationsWith(name: string, extra: Record<string, string[]>): string {
  const target = path.join(dir, name);
  fs.cpSync(MIGRATIONS_FOLDER, target, { recursive: true });
  const journal = JSON.parse(fs.readFileSync(path.join(target, 'meta/_journal.json'), 'utf8'));
  let when = Math.max(...journal.entries.map((e: { when: number }) => e.when));
  for (const [tag, statements] of Object.entries(extra)) {
    when += 1000;
    journal.entries.push({ idx: journal.entries.length, version: '6', when, tag, breakpoints: true });
    fs.writeFileSync(path.join(target, `${tag}.sql`), statements.join('\n--> statement-breakpoint\n'));
  }
  fs.writeFileSync(path.join(target, 'meta/_journal.json'), JSON.stringify(journal));
  return target;
}

/** A copy of the newest fixture, brought to today's schema. */
function currentDatabase(name: string): string {
  const file = path.join(dir, name, 'app.db');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.copyFileSync(path.join(fixtures, 'schema-0007.db'), file);
  closeDatabase(openDatabase(file, { log: () => {} }));
  for (const leftover of fs.readdirSync(path.dirname(file)).filter((f) => f.includes('.before-'))) fs.rmSync(path.join(path.dirname(file), leftover));
  return file;
}

describe('a migration that fails', () => {
  it('leaves the database as it was and says which migration failed and why, with no stack', () => {
    const file = currentDatabase('failing');
    const rows = allRows(file);
    const schema = schemaOf(file);
    const folder = migrationsWith('failing-migrations', {
      '9000_fine': ['ALTER TABLE `users` ADD `nickname` text', 'UPDATE `users` SET `nickname` = `username`'],
      '9001_broken': ['DELETE FROM `sessions`', 'INSERT INTO `no_such_table` VALUES (1)'],
    });
    const lines: string[] = [];
    let error: unknown;
    try {
      openDatabase(file, { migrationsFolder: folder, log: (line) => lines.push(line) });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(MigrationError);
    const message = (error as Error).message;
    expect(message).toContain('Migration 9001_broken failed: no such table: no_such_table');
    expect(message).toContain('the database is as it was');
    expect(message).not.toMatch(/\n\s+at /);
    expect(schemaOf(file)).toEqual(schema);
    expect(allRows(file)).toEqual(rows);
    expect(lines).toEqual([`Copied the database to ${file}.before-${APP_VERSION} before applying 9000_fine, 9001_broken.`]);
  });
});

describe('a migration that rebuilds a table others refer to', () => {
  it('keeps the rows that refer to it (foreign keys are not enforced while migrating, and checked before the commit)', () => {
    const file = currentDatabase('rebuild');
    const rows = allRows(file);
    const db = new Database(file, { readonly: true });
    const create = db.prepare("select sql from sqlite_master where name = 'configurations'").pluck().get() as string;
    db.close();
    // drizzle-kit's way of changing a column it cannot ALTER: a new table, the rows copied, the old one dropped
    const folder = migrationsWith('rebuild-migrations', {
      '9000_rebuild_configurations': [
        create.replace(/CREATE TABLE [`"]?configurations[`"]?/, 'CREATE TABLE `__new_configurations`'),
        'INSERT INTO `__new_configurations` SELECT * FROM `configurations`',
        'DROP TABLE `configurations`',
        'ALTER TABLE `__new_configurations` RENAME TO `configurations`',
      ],
    });
    const lines: string[] = [];
    closeDatabase(openDatabase(file, { migrationsFolder: folder, log: (line) => lines.push(line) }));
    expect(lines.at(-1)).toBe('Applied migration 9000_rebuild_configurations.');
    expect(rows.configuration_revisions!.length).toBeGreaterThan(0);
    expect(rows.quote_shares!.length).toBeGreaterThan(0);
    expectKept(rows, allRows(file));
  });
});

describe('a new database', () => {
  it('is migrated without a copy (nothing to keep)', () => {
    const file = path.join(dir, 'new', 'app.db');
    const lines: string[] = [];
    closeDatabase(openDatabase(file, { log: (line) => lines.push(line) }));
    expect(fs.readdirSync(path.dirname(file)).filter((f) => f.includes('.before-'))).toEqual([]);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Applied migrations 0000_init, .*0007_quote_sharing/);
  });
});
