import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import * as schema from '../../../db/schema';

export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../db/migrations');

/** Opens the SQLite file (creating its folder), sets the pragmas the app relies on, and applies pending migrations. */
export function openDatabase(file: string): Db {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new Database(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  const db = drizzle(sqlite, { schema }) as Db;
  migrate(db, { migrationsFolder });
  return db;
}

/**
 * `create`, made once per open database and kept with it: prepared statements and caches that belong to one
 * connection. Keyed by the better-sqlite3 handle, so a closed database (tests open many) is simply collected.
 */
export function perDatabase<T>(create: (db: Db) => T): (db: Db) => T {
  const made = new WeakMap<Database.Database, T>();
  return (db) => {
    let value = made.get(db.$client);
    if (value === undefined) {
      value = create(db);
      made.set(db.$client, value);
    }
    return value;
  };
}

/** better-sqlite3's transaction function, built once per database (it takes the work to run as its argument). */
const transactionRunner = perDatabase((db) => db.$client.transaction((work: () => unknown) => work()));

/**
 * Runs `work` in a transaction: BEGIN (deferred) … COMMIT, rolled back and rethrown if it throws, a savepoint when
 * nested. The one way services open a transaction. drizzle's `db.transaction()` does the same through a transaction
 * function better-sqlite3 builds anew on every call, and a transaction object: a cost on every list and every save.
 */
export function transaction<T>(db: Db, work: () => T): T {
  return transactionRunner(db)(work) as T;
}

export function closeDatabase(db: Db): void {
  if (db.$client.open) {
    db.$client.pragma('wal_checkpoint(TRUNCATE)');
    db.$client.close();
  }
}
