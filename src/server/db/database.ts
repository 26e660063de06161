import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import * as schema from '../../../db/schema';
import { logger } from '../logging';
import { APP_VERSION } from '../version';
import { applyMigrations } from './migrations';
import { privateEmptyFile, privateFile, privateFolder } from './private-files';

export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

export const MIGRATIONS_FOLDER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../db/migrations');

export interface OpenOptions {
  /** Another migrations folder (tests). */
  migrationsFolder?: string;
  /** Where the migration lines go (the copy taken first, what was applied); the process log by default. */
  log?: (line: string) => void;
}

/**
 * Opens the SQLite file (creating its folder), sets the pragmas the app relies on, and applies pending migrations
 * (./migrations.ts: a copy first when there is data, all or nothing). A failing migration closes the database and
 * throws MigrationError.
 */
export function openDatabase(file: string, options: OpenOptions = {}): Db {
  if (file !== ':memory:') {
    privateFolder(path.dirname(file));
    // SQLite gives its -wal and -shm the database file's mode: made 0600 first, all three are private.
    privateEmptyFile(file);
    for (const companion of [`${file}-wal`, `${file}-shm`]) privateFile(companion);
  }
  const sqlite = new Database(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  try {
    applyMigrations(sqlite, file, {
      migrationsFolder: options.migrationsFolder ?? MIGRATIONS_FOLDER,
      version: APP_VERSION,
      log: options.log ?? ((line) => logger.info(line)),
    });
  } catch (error) {
    sqlite.close();
    throw error;
  }
  return drizzle(sqlite, { schema }) as Db;
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

/**
 * What a transaction's work may return: anything but a promise or another thenable. On SQLite the work is synchronous
 * (docs/DECISIONS.md "One way to the database"), so an `async` work is a compile error.
 */
export type NotPromise = string | number | boolean | bigint | symbol | null | undefined | void | (object & { readonly then?: never });

export const ASYNC_TRANSACTION_WORK =
  "A transaction's work must be synchronous: better-sqlite3 would commit at its first await, so it was rolled back";

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (typeof value === 'object' || typeof value === 'function') && value !== null && typeof (value as PromiseLike<unknown>).then === 'function';
}

/**
 * better-sqlite3's transaction function, built once per database (it takes the work to run as its argument). A
 * thenable result throws inside it, so the transaction rolls back; the promise's own failure is then the caller's
 * error already, not an unhandled rejection.
 */
const transactionRunner = perDatabase((db) =>
  db.$client.transaction((work: () => unknown) => {
    const result = work();
    if (isThenable(result)) {
      result.then(undefined, () => undefined);
      throw new TypeError(ASYNC_TRANSACTION_WORK);
    }
    return result;
  }),
);

/**
 * Runs `work` in a transaction: BEGIN (deferred) … COMMIT, rolled back and rethrown if it throws, a savepoint when
 * nested. The one way services open a transaction. drizzle's `db.transaction()` does the same through a transaction
 * function better-sqlite3 builds anew on every call, and a transaction object: a cost on every list and every save.
 */
export function transaction<T extends NotPromise>(db: Db, work: () => T): T {
  return transactionRunner(db)(work) as T;
}

export function closeDatabase(db: Db): void {
  if (db.$client.open) {
    db.$client.pragma('wal_checkpoint(TRUNCATE)');
    db.$client.close();
  }
}
