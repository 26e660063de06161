// Knowing, in about a microsecond, whether some tables may have changed since a cached answer was made: the basis
// of the in-memory catalogue (services/catalog-cache.ts) and of the session check cache (auth/session.ts).
// - Writes through THIS connection (any code path: services, seed, scripts, FK cascades, raw SQL) fire TEMP
//   triggers on the watched tables, which move the watch's generation on — even for a write later rolled back
//   (which only costs a reload).
// - Commits by OTHER connections (another process, a second handle on the same file) change SQLite's
//   `PRAGMA data_version`, read through a prepared statement.
// A cached value is current when both numbers still equal those taken before it was read from the database.
// Reading data_version starts a read transaction (shared-memory locks included), the largest part of a cached read:
// the requests read from the sockets in one turn of the event loop share one reading, taken after that turn's reads
// (dataVersionForArrivals, used when a request's context is made in trpc/context.ts), and check their caches against
// it. Each request then answers a state no older than its own arrival. A cache that has to reload reads it afresh.
import type Database from 'better-sqlite3';
import type { Db } from './database';

export interface TableWatch {
  /** Moves on with every INSERT, UPDATE or DELETE on a watched table through this connection. */
  readonly generation: number;
}

interface ConnectionState {
  dataVersion: Database.Statement<[], number>;
  watches: Map<string, { generation: number }>;
  /** The reading the requests of this event-loop turn wait for (dataVersionForArrivals). */
  turnReading?: Promise<number>;
}

const connections = new WeakMap<Database.Database, ConnectionState>();

function connectionOf(sqlite: Database.Database): ConnectionState {
  let state = connections.get(sqlite);
  if (!state) {
    state = { dataVersion: sqlite.prepare<[], number>('PRAGMA data_version').pluck(), watches: new Map() };
    connections.set(sqlite, state);
  }
  return state;
}

/** SQLite's data_version of this connection: changes when another connection has committed since the last read. */
export function dataVersion(db: Db): number {
  return connectionOf(db.$client).dataVersion.get()!;
}

/**
 * A data_version reading for a request that has arrived: every request that asks during one turn of the event loop
 * gets the same reading, taken once the turn's I/O is done (setImmediate, after every socket read of the turn), so
 * it is never older than any request it serves. Reading starts a read transaction, and nearly all of its cost is
 * that of starting one cold: shared, a burst of requests pays it once.
 */
export function dataVersionForArrivals(db: Db): Promise<number> {
  const state = connectionOf(db.$client);
  return (state.turnReading ??= new Promise<number>((resolve, reject) => {
    setImmediate(() => {
      state.turnReading = undefined;
      try {
        resolve(state.dataVersion.get()!);
      } catch (error) {
        reject(error);
      }
    });
  }));
}

/**
 * The watch named `name` over `tables` on this connection (created once; later calls return the same watch).
 * Must be called outside a transaction the first time (it creates the triggers).
 */
export function watchTables(db: Db, name: string, tables: readonly string[]): TableWatch {
  const sqlite = db.$client;
  const state = connectionOf(sqlite);
  const existing = state.watches.get(name);
  if (existing) return existing;
  if (!isSqlName(name) || !tables.every(isSqlName)) throw new Error(`bad watch ${name}`);
  const watch = { generation: 0 };
  const fn = `qc_changed_${name}`;
  sqlite.function(fn, { deterministic: false }, () => {
    watch.generation++;
    return null;
  });
  // TEMP triggers belong to this connection only; other connections are covered by data_version.
  for (const table of tables) {
    for (const event of ['INSERT', 'UPDATE', 'DELETE']) {
      sqlite.exec(
        `CREATE TEMP TRIGGER IF NOT EXISTS qc_${name}_${table}_${event.toLowerCase()} AFTER ${event} ON main.${table} BEGIN SELECT ${fn}(); END`,
      );
    }
  }
  state.watches.set(name, watch);
  return watch;
}

const isSqlName = (name: string) => /^[a-z_]+$/.test(name);
