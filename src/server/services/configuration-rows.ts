// Reading saved configurations into DTOs: every list, every load and the answer to every save come through here.
// Each aggregate has one prepared drizzle query per database (docs/DECISIONS.md "One way to the database"): the
// columns are the schema's, the rows come back by column name in the schema's types (JSON parsed, timestamps as
// Dates). tests/integration/configurations*.test.ts hold the DTOs to their values.
import { and, asc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import { centsToEuro, formatMoney } from '../../shared/money';
import { addOnSelectionOf } from '../../shared/pricing-key';
import { formatQuoteNumber, isExpired } from '../../shared/quote-dates';
import { configurationRevisions, configurations, quoteShares, users } from '../../../db/schema';
import { perDatabase, type Db } from '../db/database';
import type {
  ConfigurationDetailDto,
  ConfigurationDto,
  ConfigurationSnapshot,
  StoredAddOn,
  StoredCustomItem,
} from '../../shared/schemas/configuration-output';

// A list row reads every column but the snapshot (~3 KB a row, which only a single configuration's answer needs).
const { snapshot, ...rowColumns } = getTableColumns(configurations);

/** What a configuration answer is made of: the row, its creator's names and the revision its live link shows. */
const listRow = {
  ...rowColumns,
  firstname: users.firstname,
  lastname: users.lastname,
  username: users.username,
  linkRevision: sql<
    number | null
  >`(SELECT ${quoteShares.revision} FROM ${quoteShares} WHERE ${quoteShares.configurationId} = ${configurations.id} AND ${quoteShares.revokedAt} IS NULL)`,
};

/** The reads, prepared once per database. */
const statementsOf = perDatabase((db) => {
  const rows = () => db.select(listRow).from(configurations).innerJoin(users, eq(users.id, configurations.userId));
  const withSnapshot = () =>
    db
      .select({ ...listRow, snapshot })
      .from(configurations)
      .innerJoin(users, eq(users.id, configurations.userId));
  const id = sql.placeholder('id');
  return {
    byId: withSnapshot().where(eq(configurations.id, id)).prepare(),
    byIdAndOwner: withSnapshot()
      .where(and(eq(configurations.id, id), eq(configurations.userId, sql.placeholder('ownerId'))))
      .prepare(),
    /** The rows whose ids (a JSON array) a list chose from an index; in no particular order. */
    byIds: rows()
      .where(inArray(configurations.id, sql`(SELECT value FROM json_each(${sql.placeholder('ids')}))`))
      .prepare(),
    /** The earlier revisions of a quote, oldest first (the current one is the configuration's row itself). */
    revisions: db
      .select()
      .from(configurationRevisions)
      .where(eq(configurationRevisions.configurationId, id))
      .orderBy(asc(configurationRevisions.revision))
      .prepare(),
    revision: db
      .select()
      .from(configurationRevisions)
      .where(and(eq(configurationRevisions.configurationId, id), eq(configurationRevisions.revision, sql.placeholder('revision'))))
      .prepare(),
  };
});

type ListRow = Awaited<ReturnType<ReturnType<typeof statementsOf>['byIds']['all']>>[number];
type Revision = typeof configurationRevisions.$inferSelect;

/** Stored custom items (price in cents) as answers and inputs carry them (price in euro). */
export function customItemsInEuro(items: StoredCustomItem[]): ConfigurationDto['customItems'] {
  return items.map((c) => ({
    id: c.id,
    name: c.name,
    description: c.description,
    isOneTime: c.isOneTime,
    price: centsToEuro(c.price),
    quantity: c.quantity,
  }));
}

export function creatorName(u: { firstname: string; lastname: string; username: string }): string {
  const full = `${u.firstname} ${u.lastname}`.trim();
  return full === '' ? u.username : full;
}

/** A row as answered; `today` (YYYY-MM-DD, Europe/Amsterdam) decides `expired`. */
function toDto(r: ListRow, today: string): ConfigurationDto {
  return {
    id: r.id,
    name: r.name,
    userId: r.userId,
    packageId: r.packageId,
    packageName: r.packageName,
    locations: r.locations,
    squareMeters: r.squareMeters,
    userCount: r.userCount,
    pricingModel: r.pricingModel,
    addOns: r.addOnNames,
    addOnSelections: (r.addOns as StoredAddOn[]).map(addOnSelectionOf),
    discountIds: r.discountIds,
    contractDuration: r.contractDuration,
    paymentFrequency: r.paymentFrequency,
    customItems: customItemsInEuro(r.customItems as StoredCustomItem[]),
    sellerDiscount: r.sellerDiscount,
    totalMonthly: formatMoney(r.totalMonthly),
    setupFees: formatMoney(r.setupFees),
    tcv: formatMoney(r.tcv),
    createdBy: creatorName(r),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    number: formatQuoteNumber(r.number),
    revision: r.revision,
    status: r.status,
    expired: isExpired(r.validUntil, r.status, today),
    validUntil: r.validUntil,
    customerCompany: r.customerCompany,
    customerName: r.customerName,
    customerEmail: r.customerEmail,
    acceptance: r.acceptance,
    decline: r.decline,
    views: { count: r.viewCount, firstAt: r.firstViewedAt?.toISOString() ?? null, lastAt: r.lastViewedAt?.toISOString() ?? null },
    linkRevision: r.linkRevision,
  };
}

/** One configuration with its snapshot; `ownerId` limits it to that owner's. */
export function readConfiguration(db: Db, today: string, id: number, ownerId?: number): ConfigurationDetailDto | undefined {
  const s = statementsOf(db);
  const row = ownerId === undefined ? s.byId.get({ id }) : s.byIdAndOwner.get({ id, ownerId });
  return row && { ...toDto(row, today), snapshot: row.snapshot as ConfigurationSnapshot };
}

/** The configurations with these ids, in the order of `ids` (ids without a row are left out). */
export function readByIds(db: Db, ids: number[], today: string): ConfigurationDto[] {
  const byId = new Map(
    statementsOf(db)
      .byIds.all({ ids: JSON.stringify(ids) })
      .map((r) => [r.id, r]),
  );
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toDto(row, today)] : [];
  });
}

/** A quote's earlier revisions, oldest first. */
export function readRevisions(db: Db, configurationId: number): Revision[] {
  return statementsOf(db).revisions.all({ id: configurationId });
}

/** One earlier revision of a quote. */
export function readRevision(db: Db, configurationId: number, revision: number): Revision | undefined {
  return statementsOf(db).revision.get({ id: configurationId, revision });
}
