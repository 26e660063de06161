// One page of the saved-configurations table, sorted, searched and paged in SQLite, fast at 100,000 rows.
// Two steps: the page's ids come from an index alone (every sort column has a covering index that also holds the
// name, so a search never reads table rows), then only those 30 rows are read in full. Each shape of query (whose, sort, direction,
// with or without a search) is prepared once per database: the table is every user's first screen after the
// calculator, and building the SQL anew cost more than running it.
import { getTableName } from 'drizzle-orm';
import { columnName as column } from '../db/columns';
import { configurations } from '../../../db/schema';
import {
  CONFIGURATIONS_ALL_MAX,
  CONFIGURATIONS_PAGE_SIZE,
  type ConfigurationAllQuery,
  type ConfigurationListQuery,
  type ConfigurationSort,
} from '../../shared/schemas/configuration';
import type { QuoteStatusFilter } from '../../shared/value-sets';
import { parseQuoteNumber } from '../../shared/quote-dates';
import { perDatabase, transaction, type Db } from '../db/database';
import { readByIds } from './configuration-rows';
import type { Actor } from '../auth/session';
import type { BoundedList, ConfigurationPage } from '../../shared/schemas/configuration-output';
import { listOwner } from './configurations';

const sortColumns = {
  createdAt: configurations.createdAt,
  packageName: configurations.packageName,
  locations: configurations.locations,
  contractDuration: configurations.contractDuration,
  tcv: configurations.tcv,
} satisfies Record<ConfigurationSort, unknown>;

interface Shape {
  owned: boolean;
  /** text: the name contains it, or it reads as a number ("4242"); number: it is a quote number ("Q-004242"). */
  searched: false | 'text' | 'number';
  /** A status filter: one status, or expired (draft or sent, valid until before @today). */
  filter: 'none' | 'status' | 'expired';
  sort: ConfigurationSort;
  direction: 'asc' | 'desc';
}

/** Values for a shape's parameters, by name (those its statement does not use are ignored). */
type Placeholders = Record<string, string | number | null | undefined>;

/**
 * The count and the page's ids of one shape, as better-sqlite3 statements with named parameters (@owner, @pattern,
 * @limit, @offset) and their one column plucked: through drizzle's prepared query, every call would map its
 * placeholders and rows through objects, a large share of a list's time. LIMIT and OFFSET are written `+@limit`:
 * SQLite 3.53 prepares a statement again whenever a bare parameter of its LIMIT or OFFSET is bound anew (its value
 * may shape the plan), and better-sqlite3 binds every parameter on every run, so every list would prepare anew.
 * `+@limit` is the same value, computed at run time.
 */
function prepareShape(db: Db, shape: Shape) {
  const byNumber = `SELECT ${column(configurations.id)} FROM "${getTableName(configurations)}" WHERE ${column(configurations.number)} = @number`;
  const where = [
    shape.owned ? `${column(configurations.userId)} = @owner` : undefined,
    // LIKE is case-insensitive for ASCII in SQLite. A search that reads as a quote number ("Q-000123") also finds
    // that quote: the subquery runs once over the unique number index (@number is null for any other text).
    shape.searched === 'text'
      ? `(${column(configurations.name)} LIKE @pattern ESCAPE '\\' OR ${column(configurations.id)} IN (${byNumber}))`
      : undefined,
    shape.searched === 'number' ? `${column(configurations.id)} IN (${byNumber})` : undefined,
    shape.filter === 'status' ? `${column(configurations.status)} = @status` : undefined,
    shape.filter === 'expired'
      ? `${column(configurations.status)} IN ('draft', 'sent') AND ${column(configurations.validUntil)} < @today`
      : undefined,
  ].filter((condition) => condition !== undefined);
  const filter = where.length > 0 ? ` WHERE ${where.join(' AND ')}` : '';
  const direction = shape.direction === 'asc' ? 'ASC' : 'DESC';
  const table = `"${getTableName(configurations)}"`;
  const sqlite = db.$client;
  return {
    count: sqlite.prepare<[Placeholders], number>(`SELECT count(*) FROM ${table}${filter}`).pluck(),
    ids: sqlite
      .prepare<[Placeholders], number>(
        // id breaks ties, so a row never shows on two pages
        `SELECT ${column(configurations.id)} FROM ${table}${filter} ` +
          `ORDER BY ${column(sortColumns[shape.sort])} ${direction}, ${column(configurations.id)} ${direction} LIMIT +@limit OFFSET +@offset`,
      )
      .pluck(),
  };
}

/** Each shape's statements, prepared the first time it is asked for. */
const shapesOf = perDatabase((): Map<string, ReturnType<typeof prepareShape>> => new Map());

function statementsFor(db: Db, shape: Shape) {
  const byShape = shapesOf(db);
  const key = `${shape.owned}|${shape.searched}|${shape.filter}|${shape.sort}|${shape.direction}`;
  let s = byShape.get(key);
  if (!s) {
    s = prepareShape(db, shape);
    byShape.set(key, s);
  }
  return s;
}

const filterOf = (status: QuoteStatusFilter | undefined): Shape['filter'] =>
  status === undefined ? 'none' : status === 'expired' ? 'expired' : 'status';

/** `%` and `_` typed by a user are literal characters, not wildcards. */
export function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The plain list, bounded: newest first, at most CONFIGURATIONS_ALL_MAX rows per answer (default
 * page 1, limit the maximum). The ids come from the (scope, createdAt, id) index; only the answered rows are read.
 */
export async function listAllBounded(db: Db, actor: Actor, today: string, q: ConfigurationAllQuery): Promise<BoundedList> {
  const owner = listOwner(actor, q?.scope);
  const limit = q?.limit ?? CONFIGURATIONS_ALL_MAX;
  const offset = ((q?.page ?? 1) - 1) * limit;
  const filter = filterOf(q?.status);
  const s = statementsFor(db, { owned: owner !== undefined, searched: false, filter, sort: 'createdAt', direction: 'desc' });
  const params = { owner, status: q?.status, today };
  return transaction(db, () => {
    const total = s.count.get(params) ?? 0;
    const items = offset >= total ? [] : readByIds(db, s.ids.all({ ...params, limit, offset }), today);
    return { items, total, truncated: offset + items.length < total };
  });
}

export async function listConfigurationPage(db: Db, actor: Actor, today: string, q: ConfigurationListQuery): Promise<ConfigurationPage> {
  const search = q.search?.trim();
  const owner = listOwner(actor, q.scope);
  const filter = filterOf(q.status);
  // "Q-004242" is a quote number, not part of a name: the unique index answers it without scanning the names.
  const searched = !search ? false : /^q-?\d+$/i.test(search) ? 'number' : 'text';
  const s = statementsFor(db, { owned: owner !== undefined, searched, filter, sort: q.sort, direction: q.direction });
  const params = {
    owner,
    pattern: searched === 'text' ? likeContains(search!) : undefined,
    number: search ? (parseQuoteNumber(search) ?? null) : undefined,
    status: q.status,
    today,
  };
  return transaction(db, () => {
    const total = s.count.get(params) ?? 0;
    const offset = (q.page - 1) * CONFIGURATIONS_PAGE_SIZE;
    // nothing to find: spares a second scan of the index for a search without matches
    if (offset >= total) return { items: [], total, page: q.page, pageSize: CONFIGURATIONS_PAGE_SIZE };
    const ids = s.ids.all({ ...params, limit: CONFIGURATIONS_PAGE_SIZE, offset });
    return { items: readByIds(db, ids, today), total, page: q.page, pageSize: CONFIGURATIONS_PAGE_SIZE };
  });
}
