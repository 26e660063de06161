// Applies the committed migrations (db/migrations, written by drizzle-kit) so that an upgrade cannot lose data:
//   - before a migration touches a database that holds data, the database is copied to `<database>.before-<version>`
//     (the version of the app doing the upgrade) and the copy's place is logged;
//   - all pending migrations run in one transaction with foreign-key enforcement off (a migration that rebuilds a
//     table drops the old one, and with enforcement on that drop would delete every row referring to it through an
//     ON DELETE CASCADE); before the commit, PRAGMA foreign_key_check must find nothing broken;
//   - any failure rolls the transaction back, so the database stays as it was, and ends in a MigrationError whose
//     message names the migration and says so.
// Applied migrations are recorded in drizzle's own table (`__drizzle_migrations`: the SQL's hash and the journal's
// timestamp), so drizzle-kit and drizzle's migrator read the same history.
import fs from 'node:fs';
import path from 'node:path';
import type Database from 'better-sqlite3';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { privateFile } from './private-files';

const HISTORY = '__drizzle_migrations';

export class MigrationError extends Error {}

export interface MigrationOptions {
  migrationsFolder: string;
  /** The app's version, named in the copy's file name. */
  version: string;
  log?: (line: string) => void;
}

export interface PendingMigration {
  tag: string;
  when: number;
  hash: string;
  statements: string[];
}

/** The migrations of `folder` not yet recorded in `sqlite`'s history, oldest first. */
export function pendingMigrations(sqlite: Database.Database, folder: string): PendingMigration[] {
  const journal = JSON.parse(fs.readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string; when: number }[] };
  const tags = new Map(journal.entries.map((e) => [e.when, e.tag]));
  const all = readMigrationFiles({ migrationsFolder: folder }).map((m) => ({
    tag: tags.get(m.folderMillis) ?? String(m.folderMillis),
    when: m.folderMillis,
    hash: m.hash,
    statements: m.sql,
  }));
  const hasHistory = sqlite.prepare("select 1 from sqlite_master where type = 'table' and name = ?").get(HISTORY) !== undefined;
  // The same rule as drizzle's migrator: everything newer than the newest recorded migration.
  const last = hasHistory ? Number(sqlite.prepare(`select max(created_at) from "${HISTORY}"`).pluck().get() ?? -Infinity) : -Infinity;
  return all.filter((m) => m.when > last);
}

/** A row in any table but SQLite's and the migration history: there is something to lose. */
export function holdsData(sqlite: Database.Database): boolean {
  const tables = sqlite
    .prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name <> ?")
    .pluck()
    .all(HISTORY) as string[];
  return tables.some((t) => sqlite.prepare(`select 1 from "${t.replaceAll('"', '""')}" limit 1`).get() !== undefined);
}

/** `<file>.before-<version>`, or with `-2`, `-3` … when an earlier copy for this version is already there (kept). */
function copyName(file: string, version: string): string {
  const base = `${file}.before-${version}`;
  let name = base;
  for (let n = 2; fs.existsSync(name); n++) name = `${base}-${n}`;
  return name;
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Applies the pending migrations of `options.migrationsFolder` to `sqlite` (opened on `file`; ':memory:' is never
 * copied). Returns the tags applied; throws MigrationError with the database unchanged.
 */
export function applyMigrations(sqlite: Database.Database, file: string, options: MigrationOptions): string[] {
  const { migrationsFolder, version, log = () => {} } = options;
  let pending: PendingMigration[];
  try {
    pending = pendingMigrations(sqlite, migrationsFolder);
  } catch (error) {
    throw new MigrationError(`Cannot read the migrations in ${migrationsFolder}: ${reason(error)}`);
  }
  if (pending.length === 0) return [];
  const tags = pending.map((m) => m.tag);

  let copy: string | undefined;
  if (file !== ':memory:' && holdsData(sqlite)) {
    copy = copyName(file, version);
    try {
      // A consistent, standalone copy (whatever is still in the WAL included), written by SQLite itself.
      sqlite.prepare('VACUUM INTO ?').run(copy);
      privateFile(copy);
    } catch (error) {
      fs.rmSync(copy, { force: true });
      throw new MigrationError(
        `Migrations not applied: the copy of the database to ${copy} failed (${reason(error)}). The database was not changed.`,
      );
    }
    log(`Copied the database to ${copy} before applying ${tags.join(', ')}.`);
  }

  const enforcing = sqlite.pragma('foreign_keys', { simple: true }) === 1;
  sqlite.pragma('foreign_keys = OFF');
  let current = '';
  try {
    sqlite.exec('BEGIN IMMEDIATE');
    try {
      sqlite.exec(`CREATE TABLE IF NOT EXISTS "${HISTORY}" (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at numeric)`);
      const record = sqlite.prepare(`INSERT INTO "${HISTORY}" ("hash", "created_at") VALUES (?, ?)`);
      for (const m of pending) {
        current = m.tag;
        for (const statement of m.statements) sqlite.exec(statement);
        record.run(m.hash, m.when);
      }
      current = '';
      const broken = sqlite.pragma('foreign_key_check') as { table: string; parent: string }[];
      if (broken.length > 0) {
        const first = broken[0]!;
        throw new Error(`${broken.length} row(s) would refer to rows that do not exist (e.g. ${first.table} → ${first.parent})`);
      }
      sqlite.exec('COMMIT');
    } catch (error) {
      if (sqlite.inTransaction) sqlite.exec('ROLLBACK');
      throw error;
    }
  } catch (error) {
    const which = current ? `Migration ${current} failed` : `Migrations ${tags.join(', ')} failed`;
    const kept = copy ? ` A copy taken before the attempt is at ${copy}.` : '';
    throw new MigrationError(`${which}: ${reason(error)}. Nothing was applied: the database is as it was.${kept}`);
  } finally {
    if (enforcing) sqlite.pragma('foreign_keys = ON');
  }
  log(`Applied migration${tags.length === 1 ? '' : 's'} ${tags.join(', ')}.`);
  return tags;
}
