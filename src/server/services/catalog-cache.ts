// The catalogue held in memory, per database connection: the DTO lists, their ready-to-send JSON, and the engine's
// pricing view. It changes only when an administrator edits it, but every screen and every quote reads it.
//
// Never stale (docs/DECISIONS.md "Speed inside the one door"):
// - writes through THIS connection (admin services, seed, scripts, FK cascades, raw SQL — any path) fire temporary
//   triggers on the nine catalogue tables, which move the watch's generation on (src/server/db/watch.ts);
// - commits by OTHER connections (another process, a second handle on the same file) change SQLite's
//   `PRAGMA data_version`, compared on every read (the request's reading, or a fresh one from a prepared statement);
// - it is never filled inside an open transaction (the reader might see its own uncommitted writes that a rollback
//   then undoes): a read in a transaction gets the kept copy only while it is current, else a fresh one not kept;
// - what it hands out is deeply frozen, so no caller can change what the next caller gets.
import type Database from 'better-sqlite3';
import { toPricingCatalog } from '../../shared/catalog';
import type { CatalogDto } from '../../shared/schemas/catalog';
import type { PricingCatalog } from '../../shared/pricing';
import type { Db } from '../db/database';
import { dataVersion, watchTables, type TableWatch } from '../db/watch';
import { loadCatalog } from './catalog';

/** One consistent reading of the catalogue. Every object in it is frozen. */
export interface CatalogSnapshot {
  readonly catalog: CatalogDto;
  /** The exact bodies of GET /api/packages, /api/addons, /api/addon-categories, /api/discounts, and of the whole
   * catalogue (tRPC catalog.all). */
  readonly json: {
    readonly packages: string;
    readonly addOns: string;
    readonly categories: string;
    readonly discounts: string;
    readonly all: string;
  };
  /** The engine's form of the same catalogue (integer cents), for quotes and saved configurations. */
  readonly pricing: PricingCatalog;
}

const CATALOG_TABLES = [
  'packages',
  'package_features',
  'price_tiers',
  'user_price_tiers',
  'addons',
  'addon_packages',
  'addon_categories',
  'discounts',
  'discount_conditions',
] as const;

interface CacheState {
  watch: TableWatch;
  snapshot: CatalogSnapshot | null;
  snapshotGeneration: number;
  snapshotDataVersion: number;
}

// Keyed by the better-sqlite3 handle: tests open many databases, and a closed one is simply collected.
const states = new WeakMap<Database.Database, CacheState>();

function stateOf(db: Db): CacheState {
  let state = states.get(db.$client);
  if (!state) {
    state = { watch: watchTables(db, 'catalog', CATALOG_TABLES), snapshot: null, snapshotGeneration: -1, snapshotDataVersion: -1 };
    states.set(db.$client, state);
  }
  return state;
}
function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
  }
  return value;
}

/** The JSON text of each frozen list a snapshot hands out, so a REST answer of one is not serialized again. */
const jsonOfList = new WeakMap<object, string>();

/** The ready-made JSON of a catalogue list (or the whole catalogue) a procedure returned; undefined for anything else. */
export function cachedCatalogJson(value: unknown): string | undefined {
  return typeof value === 'object' && value !== null ? jsonOfList.get(value) : undefined;
}

function buildSnapshot(db: Db): CatalogSnapshot {
  const catalog = deepFreeze(loadCatalog(db));
  const json = Object.freeze({
    packages: JSON.stringify(catalog.packages),
    addOns: JSON.stringify(catalog.addOns),
    categories: JSON.stringify(catalog.categories),
    discounts: JSON.stringify(catalog.discounts),
    all: JSON.stringify(catalog),
  });
  jsonOfList.set(catalog.packages, json.packages);
  jsonOfList.set(catalog.addOns, json.addOns);
  jsonOfList.set(catalog.categories, json.categories);
  jsonOfList.set(catalog.discounts, json.discounts);
  jsonOfList.set(catalog, json.all);
  return Object.freeze({ catalog, json, pricing: deepFreeze(toPricingCatalog(catalog)) });
}

/**
 * The current catalogue: from memory when nothing can have changed it, else read once and kept. `reading`: the
 * request's data_version reading (db/watch.ts), for the check alone.
 */
export function catalogSnapshot(db: Db, reading?: number): CatalogSnapshot {
  const state = stateOf(db);
  const generation = state.watch.generation;
  if (
    reading !== undefined &&
    state.snapshot &&
    state.snapshotGeneration === generation &&
    state.snapshotDataVersion === reading &&
    !db.$client.inTransaction
  ) {
    return state.snapshot;
  }
  const version = dataVersion(db);
  // Valid inside a transaction too: a catalogue write of this transaction (committed or not) has already bumped the
  // generation through the triggers, so a matching snapshot is exactly what the transaction reads. (Saves price
  // inside their transaction, where rebuilding the catalogue would be most of a save's CPU.)
  if (state.snapshot && state.snapshotGeneration === generation && state.snapshotDataVersion === version) {
    return state.snapshot;
  }
  // Inside a transaction the reader may see its own uncommitted writes: answer them, but never keep them.
  if (db.$client.inTransaction) return buildSnapshot(db);
  // Generation and version are taken before reading: a write landing in between only makes the next read reload.
  const snapshot = buildSnapshot(db);
  state.snapshot = snapshot;
  state.snapshotGeneration = generation;
  state.snapshotDataVersion = version;
  return snapshot;
}
