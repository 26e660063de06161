// One page of the saved-configurations table, sorted, searched and paged in SQLite, fast at 100,000 rows.
// Two steps: the page's ids come from an index alone (every sort column has a covering index that also holds the
// name, so a search never reads table rows), then only those 30 rows are read in full. Each shape of query (whose,
// sort, direction, with or without a search) is prepared once per database: the table is every user's first screen
// after the calculator, and building the SQL anew cost more than running it.
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import { configurations } from '../../../db/schema';
import {
  CONFIGURATIONS_ALL_MAX,
  CONFIGURATIONS_PAGE_SIZE,
  type ConfigurationAllQuery,
  type ConfigurationListQuery,
  type ConfigurationSort,
} from '../../shared/schemas/configuration';
import { perDatabase, transaction, type Db } from '../db';
import { readByIds, readJsonByIds, rowTextsOutsideTransaction, type RowsJson, type RowTexts } from './configuration-rows';
import { listOwner, type Actor, type ConfigurationDto } from './configurations';

export interface BoundedList {
  items: ConfigurationDto[];
  /** Every row in scope, however many are answered. */
  total: number;
  /** More rows exist than this answer holds. */
  truncated: boolean;
}

export interface ConfigurationPage {
  items: ConfigurationDto[];
  total: number;
  page: number;
  pageSize: number;
}

const sortColumns = {
  createdAt: configurations.createdAt,
  packageName: configurations.packageName,
  locations: configurations.locations,
  contractDuration: configurations.contractDuration,
  tcv: configurations.tcv,
} satisfies Record<ConfigurationSort, unknown>;

interface Shape {
  owned: boolean;
  searched: boolean;
  sort: ConfigurationSort;
  direction: 'asc' | 'desc';
}

function prepareShape(db: Db, shape: Shape) {
  // LIKE is case-insensitive for ASCII in SQLite.
  const where = and(
    shape.owned ? eq(configurations.userId, sql.placeholder('owner')) : undefined,
    shape.searched ? sql`${configurations.name} LIKE ${sql.placeholder('pattern')} ESCAPE '\\'` : undefined,
  );
  const order = shape.direction === 'asc' ? asc : desc;
  return {
    count: db.select({ n: count() }).from(configurations).where(where).prepare(),
    ids: db
      .select({ id: configurations.id })
      .from(configurations)
      .where(where)
      // id breaks ties, so a row never shows on two pages
      .orderBy(order(sortColumns[shape.sort]), order(configurations.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(),
  };
}
/** Each shape's statements, prepared the first time it is asked for. */
const shapesOf = perDatabase((): Map<string, ReturnType<typeof prepareShape>> => new Map());

function statementsFor(db: Db, shape: Shape) {
  const byShape = shapesOf(db);
  const key = `${shape.owned}|${shape.searched}|${shape.sort}|${shape.direction}`;
  let s = byShape.get(key);
  if (!s) {
    s = prepareShape(db, shape);
    byShape.set(key, s);
  }
  return s;
}

/** `%` and `_` typed by a user are literal characters, not wildcards. */
export function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * How a list answers its rows: as DTOs (the procedures) or as their JSON text (the fast lane, which reuses the texts
 * kept since the rows last changed: configuration-rows.ts); `none` is what an empty page answers. `kept` is taken
 * before the list opens its transaction.
 */
interface RowReader<T> {
  kept(db: Db): RowTexts | undefined;
  read(db: Db, ids: number[], kept: RowTexts | undefined): T;
  count(rows: T): number;
  none: T;
}
const asDtos: RowReader<ConfigurationDto[]> = { kept: () => undefined, read: readByIds, count: (rows) => rows.length, none: [] };
const asJson: RowReader<RowsJson> = {
  kept: rowTextsOutsideTransaction,
  read: readJsonByIds,
  count: (rows) => rows.count,
  none: { json: '[]', count: 0 },
};

/**
 * The plain list, bounded (issue 15 point 11): newest first, at most CONFIGURATIONS_ALL_MAX rows per answer (default
 * page 1, limit the maximum). The ids come from the (scope, createdAt, id) index; only the answered rows are read.
 */
function boundedList<T>(db: Db, actor: Actor, q: ConfigurationAllQuery, rows: RowReader<T>) {
  const owner = listOwner(actor, q?.scope);
  const limit = q?.limit ?? CONFIGURATIONS_ALL_MAX;
  const offset = ((q?.page ?? 1) - 1) * limit;
  const s = statementsFor(db, { owned: owner !== undefined, searched: false, sort: 'createdAt', direction: 'desc' });
  const kept = rows.kept(db);
  return transaction(db, () => {
    const total = s.count.get({ owner })?.n ?? 0;
    const items = offset >= total ? rows.none : rows.read(db, s.ids.all({ owner, limit, offset }).map((r) => r.id), kept);
    return { items, total, truncated: offset + rows.count(items) < total };
  });
}

export function listAllBounded(db: Db, actor: Actor, q: ConfigurationAllQuery): BoundedList {
  return boundedList(db, actor, q, asDtos);
}

/** The same list with its items as JSON text (the fast lane's answer). */
export function listAllBoundedJson(db: Db, actor: Actor, q: ConfigurationAllQuery): Omit<BoundedList, 'items'> & { items: RowsJson } {
  return boundedList(db, actor, q, asJson);
}

function page<T>(db: Db, actor: Actor, q: ConfigurationListQuery, rows: RowReader<T>) {
  const search = q.search?.trim();
  const owner = listOwner(actor, q.scope);
  const s = statementsFor(db, { owned: owner !== undefined, searched: !!search, sort: q.sort, direction: q.direction });
  const params = { owner, pattern: search ? likeContains(search) : undefined };
  const kept = rows.kept(db);
  return transaction(db, () => {
    const total = s.count.get(params)?.n ?? 0;
    const offset = (q.page - 1) * CONFIGURATIONS_PAGE_SIZE;
    // nothing to find: spares a second scan of the index for a search without matches
    if (offset >= total) return { items: rows.none, total, page: q.page, pageSize: CONFIGURATIONS_PAGE_SIZE };
    const ids = s.ids.all({ ...params, limit: CONFIGURATIONS_PAGE_SIZE, offset }).map((r) => r.id);
    return { items: rows.read(db, ids, kept), total, page: q.page, pageSize: CONFIGURATIONS_PAGE_SIZE };
  });
}

export function listConfigurationPage(db: Db, actor: Actor, q: ConfigurationListQuery): ConfigurationPage {
  return page(db, actor, q, asDtos);
}

/** The page as the JSON text `JSON.stringify(listConfigurationPage(...))` gives (the fast lane's answer). */
export function configurationPageJson(db: Db, actor: Actor, q: ConfigurationListQuery): string {
  const p = page(db, actor, q, asJson);
  return `{"items":${p.items.json},"total":${p.total},"page":${p.page},"pageSize":${p.pageSize}}`;
}
