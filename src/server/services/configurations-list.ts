// One page of the saved-configurations table, sorted, searched and paged in SQLite, fast at 100,000 rows.
// Two steps: the page's ids come from an index alone (every sort column has a covering index that also holds the
// name, so a search never reads table rows), then only those 30 rows are read in full.
import { and, asc, count, desc, inArray, sql } from 'drizzle-orm';
import { configurations } from '../../../db/schema';
import {
  CONFIGURATIONS_ALL_MAX,
  CONFIGURATIONS_PAGE_SIZE,
  type ConfigurationAllQuery,
  type ConfigurationListQuery,
  type ConfigurationSort,
} from '../../shared/schemas/configuration';
import type { Db } from '../db';
import { listScope, selectConfigurations, toConfigurationDto, type Actor, type ConfigurationDto } from './configurations';

export interface BoundedList {
  items: ConfigurationDto[];
  /** Every row in scope, however many are answered. */
  total: number;
  /** More rows exist than this answer holds. */
  truncated: boolean;
}

/**
 * The plain list, bounded (issue 15 point 11): newest first, at most CONFIGURATIONS_ALL_MAX rows per answer (default
 * page 1, limit the maximum). The ids come from the (scope, createdAt, id) index; only the answered rows are read.
 */
export function listAllBounded(db: Db, actor: Actor, q: ConfigurationAllQuery): BoundedList {
  const where = listScope(actor, q?.scope);
  const limit = q?.limit ?? CONFIGURATIONS_ALL_MAX;
  const offset = ((q?.page ?? 1) - 1) * limit;
  return db.transaction(() => {
    const total = db.select({ n: count() }).from(configurations).where(where).get()?.n ?? 0;
    const items =
      offset >= total
        ? []
        : selectConfigurations(db, where)
            .orderBy(desc(configurations.createdAt), desc(configurations.id))
            .limit(limit)
            .offset(offset)
            .all()
            .map(toConfigurationDto);
    return { items, total, truncated: offset + items.length < total };
  });
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

/** `%` and `_` typed by a user are literal characters, not wildcards. */
export function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function listConfigurationPage(db: Db, actor: Actor, q: ConfigurationListQuery): ConfigurationPage {
  const search = q.search?.trim();
  // LIKE is case-insensitive for ASCII in SQLite.
  const where = and(
    listScope(actor, q.scope),
    search ? sql`${configurations.name} LIKE ${likeContains(search)} ESCAPE '\\'` : undefined,
  );
  const order = q.direction === 'asc' ? asc : desc;
  const page = q.page;
  return db.transaction(() => {
    const total = db.select({ n: count() }).from(configurations).where(where).get()?.n ?? 0;
    const offset = (page - 1) * CONFIGURATIONS_PAGE_SIZE;
    // nothing to find: spares a second scan of the index for a search without matches
    if (offset >= total) return { items: [], total, page, pageSize: CONFIGURATIONS_PAGE_SIZE };
    const ids = db
      .select({ id: configurations.id })
      .from(configurations)
      .where(where)
      // id breaks ties, so a row never shows on two pages
      .orderBy(order(sortColumns[q.sort]), order(configurations.id))
      .limit(CONFIGURATIONS_PAGE_SIZE)
      .offset(offset)
      .all()
      .map((r) => r.id);
    if (ids.length === 0) return { items: [], total, page, pageSize: CONFIGURATIONS_PAGE_SIZE };
    const byId = new Map(
      selectConfigurations(db, inArray(configurations.id, ids))
        .all()
        .map((r) => [r.id, r]),
    );
    const items = ids.flatMap((id) => {
      const row = byId.get(id);
      return row ? [toConfigurationDto(row)] : [];
    });
    return { items, total, page, pageSize: CONFIGURATIONS_PAGE_SIZE };
  });
}
