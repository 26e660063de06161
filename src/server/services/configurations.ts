// Saved configurations: a quote's inputs plus the figures the server priced them at. Reads answer from the stored
// row and its snapshot and never price again, so a later catalogue change cannot alter (or lose) a saved quote.
import { ConflictError, InvalidInputError, NotFoundError } from '../errors';
import { and, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import { configurationRevisions, configurations, counters } from '../../../db/schema';
import { columnName } from '../db/columns';
import { formatMoney } from '../../shared/money';
import { addDays, amsterdamDate, formatQuoteNumber } from '../../shared/quote-dates';
import type { CatalogDto } from '../../shared/schemas/catalog';
import { quoteResultToJson, smallestTierMinimum, type PricingCatalog } from '../../shared/pricing';
import { addOnSelectionOf, pickFields, pricingKey } from '../../shared/pricing-key';
import {
  belowMinimumMessage,
  configurationMessages,
  PRICING_FIELDS,
  VALID_UNTIL_MAX_DAYS,
  type ConfigurationFields,
  type ConfigurationPatch,
} from '../../shared/schemas/configuration';
import type { QuoteStatus } from '../../shared/value-sets';
import type { Clock } from '../clock';
import { perDatabase, transaction, type Db } from '../db/database';
import { recordAudit } from './audit';
import { catalogSnapshot } from './catalog-cache';
import { customItemsInEuro, readConfiguration } from './configuration-rows';
import type { Actor } from '../auth/session';
import type { ConfigurationDetailDto, ConfigurationSnapshot, StoredAddOn, StoredCustomItem } from '../../shared/schemas/configuration-output';
import { priceWithPricingCatalog } from './quote';

export const CONFIGURATION_NOT_FOUND = configurationMessages.id;

export const notFound = () => new NotFoundError(CONFIGURATION_NOT_FOUND);
export const acceptedIsFrozen = () => new ConflictError(configurationMessages.accepted);

/** What a quote's life is measured against: the clock and how many days a new quote's prices hold. */
export interface QuoteTime {
  clock: Clock;
  validityDays: number;
}

/** Today in Europe/Amsterdam, YYYY-MM-DD (docs/PRODUCT.md "Saved quotes"). */
export const todayOf = (clock: Clock): string => amsterdamDate(clock.now());

/** What this actor may see: their own, or (admin) everyone's. */
export function readableBy(actor: Actor): SQL | undefined {
  return actor.isAdmin ? undefined : eq(configurations.userId, actor.id);
}

/** A configuration the actor may read, as a step of a larger read or of a transaction; else NOT_FOUND. */
export function readableConfiguration(db: Db, clock: Clock, actor: Actor, id: number): ConfigurationDetailDto {
  const found = readConfiguration(db, todayOf(clock), id, actor.isAdmin ? undefined : actor.id);
  if (!found) throw notFound();
  return found;
}

export async function getConfiguration(db: Db, clock: Clock, actor: Actor, id: number): Promise<ConfigurationDetailDto> {
  return readableConfiguration(db, clock, actor, id);
}

/** A validity date set by a save or a PATCH: never a day before today, nor more than a year after it. */
function checkValidUntil(clock: Clock, validUntil: string): string {
  const today = todayOf(clock);
  if (validUntil < today) throw new InvalidInputError(configurationMessages.validUntilPast);
  if (validUntil > addDays(today, VALID_UNTIL_MAX_DAYS)) {
    throw new InvalidInputError(configurationMessages.validUntilTooFar);
  }
  return validUntil;
}

/** The next quote number: the counter only goes up, so a number is never handed out twice (not even after a delete). */
function nextQuoteNumber(db: Db): number {
  const row = db
    .update(counters)
    .set({ value: sql`${counters.value} + 1` })
    .where(eq(counters.name, 'quote_number'))
    .returning({ value: counters.value })
    .get();
  if (row) return row.value;
  // A database made before the counter existed and never migrated through it: start past every number in use.
  const max = db.get<{ n: number | null }>(sql`SELECT max(${configurations.number}) AS n FROM ${configurations}`)?.n ?? 0;
  db.insert(counters)
    .values({ name: 'quote_number', value: max + 1 })
    .run();
  return max + 1;
}

/**
 * Whose rows a list shows (undefined: everyone's): an admin sees everyone's unless they ask for their own; anyone
 * else always sees only their own (asking for 'all' is not an error: it simply is all they may see).
 */
export function listOwner(actor: Actor, scope: 'mine' | 'all' | undefined): number | undefined {
  return actor.isAdmin && scope !== 'mine' ? undefined : actor.id;
}

interface Priced {
  /** The fields as priced: ids deduplicated, stale stored references dropped. */
  fields: ConfigurationFields;
  packageId: number;
  packageName: string;
  addOns: StoredAddOn[];
  customItems: StoredCustomItem[];
  totalMonthly: number;
  setupFees: number;
  tcv: number;
  snapshot: ConfigurationSnapshot;
}

/**
 * A save refuses what a live quote would silently drop: a saved quote must contain what the user chose. Values
 * carried over from the stored row in a partial update are not the user's new choice: an add-on or discount removed
 * from the catalogue since is dropped there (as a load ignores it, docs/PRODUCT.md "The calculator"), not an error.
 * Returns the fields to price and the add-on names by id.
 */
function resolveCatalogReferences(
  catalog: CatalogDto,
  f: ConfigurationFields,
  sent: { addOns: boolean; discountIds: boolean },
): { fields: ConfigurationFields; addOnNames: Map<number, string> } {
  if (!catalog.packages.some((p) => p.id === f.packageId)) {
    throw new InvalidInputError(configurationMessages.packageNotFound);
  }
  const addOnById = new Map(catalog.addOns.map((a) => [a.id, a]));
  const isAvailable = (id: number) => addOnById.get(id)?.availableForPackages.includes(f.packageId) ?? false;

  if (sent.addOns) {
    const addOnIds = [...new Set(f.addOns.map((a) => a.id))];
    const missing = addOnIds.find((id) => !addOnById.has(id));
    if (missing !== undefined) throw new InvalidInputError(`Add-on ${missing} does not exist`);
    const unavailable = addOnIds.find((id) => !isAvailable(id));
    if (unavailable !== undefined) {
      throw new InvalidInputError(`Add-on ${addOnById.get(unavailable)?.name} is not available for the selected package`);
    }
    // a quantity counts only for an add-on priced per item (docs/PRODUCT.md "Pricing" step 3)
    if (f.addOns.some((a) => a.quantity !== 1 && addOnById.get(a.id)?.unit !== 'item')) {
      throw new InvalidInputError(configurationMessages.quantityNotPerItem);
    }
  }

  const discountIds = [...new Set(f.discountIds)];
  const known = new Set(catalog.discounts.map((d) => d.id));
  const unknownDiscount = discountIds.find((id) => !known.has(id));
  if (sent.discountIds && unknownDiscount !== undefined) {
    throw new InvalidInputError(`Discount ${unknownDiscount} does not exist`);
  }

  // A repeated add-on counts once, the first occurrence wins (as in the engine).
  const selected = new Map<number, StoredAddOn>();
  for (const a of f.addOns) {
    if (isAvailable(a.id) && !selected.has(a.id)) selected.set(a.id, addOnSelectionOf(a));
  }
  const fields: ConfigurationFields = {
    ...f,
    addOns: [...selected.values()],
    discountIds: discountIds.filter((id) => known.has(id)),
  };
  return { fields, addOnNames: new Map(catalog.addOns.map((a) => [a.id, a.name])) };
}

/**
 * A saved quote's units (unit model) or users (user model) are at least its package's smallest tier minimum
 * (docs/PRODUCT.md "Saved quotes"): a save, a pricing change, a share and a send refuse less. A package that is gone
 * has no minimum left to hold.
 */
export function assertMeetsMinimum(
  pricing: PricingCatalog,
  q: Pick<ConfigurationFields, 'packageId' | 'pricingModel' | 'squareMeters' | 'userCount'>,
): void {
  const pkg = pricing.packages.find((p) => p.id === q.packageId);
  if (!pkg) return;
  const user = q.pricingModel === 'user';
  const minimum = smallestTierMinimum(user ? pkg.userPriceTiers : pkg.priceTiers);
  if (minimum !== null && (user ? q.userCount : q.squareMeters) < minimum) {
    throw new InvalidInputError(belowMinimumMessage(q.pricingModel, minimum, pkg.name));
  }
}

/** Prices the fields against the current catalogue with the shared engine: the server's figures are the ones kept. */
export function price(db: Db, clock: Clock, input: ConfigurationFields, sent: { addOns: boolean; discountIds: boolean }): Priced {
  // One reading of the catalogue serves the reference checks and the pricing.
  const { catalog, pricing } = catalogSnapshot(db);
  const { fields: f, addOnNames } = resolveCatalogReferences(catalog, input, sent);
  // the engine names the discounts the calculator's way (selectedDiscountIds)
  const { discountIds, ...inputs } = pickFields(f, PRICING_FIELDS);
  const result = priceWithPricingCatalog(pricing, { ...inputs, selectedDiscountIds: discountIds });
  const form = result.form;
  return {
    fields: f,
    packageId: form.packageId,
    packageName: result.packageName,
    addOns: form.addOns.map(addOnSelectionOf),
    customItems: form.customItems.map((c) => ({ ...c })),
    totalMonthly: result.total,
    setupFees: result.oneTimeCosts,
    tcv: result.tcv,
    snapshot: {
      ...quoteResultToJson(result),
      addOnNames: form.addOns.map((a) => addOnNames.get(a.id) ?? String(a.id)),
      pricedAt: clock.now().toISOString(),
    },
  };
}

/** The stored inputs and figures of a priced configuration: the same columns for a save and an overwrite. */
export function pricedColumns(p: Priced) {
  return {
    // each pricing input in its column of the same name; discountIds as the user selected them (so a load restores
    // them), the snapshot shows which of them applied
    ...pickFields(p.fields, PRICING_FIELDS),
    packageId: p.packageId,
    packageName: p.packageName,
    addOns: p.addOns,
    customItems: p.customItems,
    totalMonthly: p.totalMonthly,
    setupFees: p.setupFees,
    tcv: p.tcv,
    addOnNames: p.snapshot.addOnNames,
    snapshot: p.snapshot,
  };
}

/** A new quote has not been viewed: those columns keep their defaults (0 and null) and are not part of the insert. */
type NewConfiguration = Omit<typeof configurations.$inferInsert, 'id' | 'viewCount' | 'firstViewedAt' | 'lastViewedAt'>;

/**
 * A save is the busiest write: its insert is prepared once per database (building the SQL and compiling it was a
 * fifth of a save). Every column but the id is a placeholder that drizzle encodes (JSON, timestamps) when it runs; a
 * row that lacks one is refused by drizzle ("No value for placeholder").
 */
const insertOf = perDatabase((db) => {
  const { id: _generated, viewCount: _v, firstViewedAt: _f, lastViewedAt: _l, ...columns } = getTableColumns(configurations);
  const values = Object.fromEntries(Object.keys(columns).map((k) => [k, sql.placeholder(k)]));
  const statement = db
    .insert(configurations)
    .values(values as unknown as typeof configurations.$inferInsert)
    .returning({ id: configurations.id })
    .prepare();
  return (row: NewConfiguration): number => statement.get(row)!.id;
});

export async function createConfiguration(db: Db, time: QuoteTime, actor: Actor, f: ConfigurationFields): Promise<ConfigurationDetailDto> {
  assertMeetsMinimum(catalogSnapshot(db).pricing, f);
  return readableConfiguration(db, time.clock, actor, insertConfiguration(db, time, actor, f));
}

/**
 * The save's write alone: prices and inserts in one transaction, and returns the new id. Throws before writing.
 * `sent` says which references the user chose now (a duplicate carries stored ones over: stale ones are dropped).
 */
export function insertConfiguration(
  db: Db,
  time: QuoteTime,
  actor: Actor,
  f: ConfigurationFields,
  sent = { addOns: true, discountIds: true },
): number {
  const insert = insertOf(db);
  const validUntil = checkValidUntil(time.clock, f.validUntil ?? addDays(todayOf(time.clock), time.validityDays));
  // Read outside the transaction, the catalogue is cached (never inside one); the pricing inside then reuses it.
  catalogSnapshot(db);
  return transaction(db, () => {
    const p = price(db, time.clock, f, sent);
    const now = time.clock.now();
    const number = nextQuoteNumber(db);
    const id = insert({
      ...pricedColumns(p),
      name: f.name,
      userId: actor.id,
      createdAt: now,
      updatedAt: now,
      number,
      revision: 1,
      revisedAt: now,
      status: 'draft',
      validUntil,
      customerCompany: f.customerCompany ?? null,
      customerName: f.customerName ?? null,
      customerEmail: f.customerEmail ?? null,
      acceptance: null,
      decline: null,
    });
    recordAudit(
      db,
      time.clock,
      { userId: actor.id },
      {
        entity: 'quote',
        entityId: id,
        action: 'created',
        after: { number: formatQuoteNumber(number), name: f.name, revision: 1, tcv: formatMoney(p.tcv) },
      },
    );
    return id;
  });
}

type Row = typeof configurations.$inferSelect;

/** A stored row's pricing inputs as a save would send them. */
export function fieldsOfRow(row: Row): ConfigurationFields {
  return {
    name: row.name,
    ...pickFields(row, PRICING_FIELDS),
    contractDuration: row.contractDuration as ConfigurationFields['contractDuration'],
    customItems: customItemsInEuro(row.customItems as StoredCustomItem[]),
  };
}

/**
 * Where each column of a revision comes from in the quote's row: the same field of the schema (the priced quote's
 * columns are shared, db/schema.ts pricedQuote), except the quote's id and when the current revision was priced.
 */
const REVISION_SOURCES = (() => {
  const from: Record<string, { name: string }> = {
    ...getTableColumns(configurations),
    configurationId: configurations.id,
    createdAt: configurations.revisedAt,
  };
  const targets = Object.entries(getTableColumns(configurationRevisions));
  return {
    into: targets.map(([, c]) => columnName(c)).join(', '),
    select: targets
      .map(([key]) => {
        const source = from[key];
        if (!source) throw new Error(`configuration_revisions.${key} has no column of the quote's row to copy`);
        return columnName(source);
      })
      .join(', '),
  };
})();

/** Keeps the current revision (inputs, figures, snapshot) before the row is priced again. */
export function archiveRevision(db: Db, id: number): void {
  db.run(
    sql`INSERT INTO ${configurationRevisions} (${sql.raw(REVISION_SOURCES.into)}) SELECT ${sql.raw(REVISION_SOURCES.select)} FROM ${configurations} WHERE ${configurations.id} = ${id}`,
  );
}

/** The columns of a new revision: the priced figures, the revision raised, a sent quote back to draft (docs/PRODUCT.md "Saved quotes"). */
export function revisedColumns(row: Row, p: Priced, now: Date) {
  return {
    ...pricedColumns(p),
    revision: row.revision + 1,
    revisedAt: now,
    updatedAt: now,
    status: row.status === 'sent' ? ('draft' as const) : row.status,
  };
}

/** The entry of a new revision: the figures before and after (and the status, when a sent quote became a draft). */
export function auditRevision(db: Db, clock: Clock, actor: Actor, row: Row, p: Priced): void {
  const figures = (r: { totalMonthly: number; setupFees: number; tcv: number }) => ({
    totalMonthly: formatMoney(r.totalMonthly),
    setupFees: formatMoney(r.setupFees),
    tcv: formatMoney(r.tcv),
  });
  const status = row.status === 'sent' ? 'draft' : row.status;
  recordAudit(
    db,
    clock,
    { userId: actor.id },
    {
      entity: 'quote',
      entityId: row.id,
      action: 'revised',
      before: { revision: row.revision, status: row.status, ...figures(row) },
      after: { revision: row.revision + 1, status, ...figures(p) },
    },
  );
}

/** The owner's row, or NOT_FOUND; an accepted quote cannot be changed (409). */
export function ownRowToChange(db: Db, actor: Actor, id: number): Row {
  const row = db
    .select()
    .from(configurations)
    .where(and(eq(configurations.id, id), eq(configurations.userId, actor.id)))
    .get();
  if (!row) throw notFound();
  if (row.status === 'accepted') throw acceptedIsFrozen();
  return row;
}

/**
 * Overwrite. Only the owner may: the seed gives an admin Load and Delete on other people's quotes, not edit, and
 * an admin silently changing a salesperson's figures would surprise them. For anyone else it does not exist (404).
 * Only what differs from the stored values counts: a changed pricing input prices the whole configuration again as a
 * new revision; a change of name, customer or validity alone keeps the figures and the revision; the same values
 * change nothing at all.
 */
export async function updateConfiguration(db: Db, clock: Clock, actor: Actor, patch: ConfigurationPatch): Promise<ConfigurationDetailDto> {
  // Read outside the transaction, the catalogue is cached (never inside one); the pricing inside then reuses it.
  catalogSnapshot(db);
  transaction(db, () => {
    const row = ownRowToChange(db, actor, patch.id);
    const now = clock.now();
    const details: Partial<Row> = {};
    if (patch.name !== undefined && patch.name !== row.name) details.name = patch.name;
    for (const k of ['customerCompany', 'customerName', 'customerEmail'] as const) {
      if (patch[k] !== undefined && patch[k] !== row[k]) details[k] = patch[k];
    }
    if (patch.validUntil !== undefined && patch.validUntil !== row.validUntil) details.validUntil = checkValidUntil(clock, patch.validUntil);

    const stored = fieldsOfRow(row);
    const f: ConfigurationFields = { ...stored };
    for (const k of PRICING_FIELDS) if (patch[k] !== undefined) Object.assign(f, { [k]: patch[k] });
    const repriced = pricingKey(f) !== pricingKey(stored);
    auditDetails(db, clock, actor, row, details);
    if (!repriced) {
      if (Object.keys(details).length === 0) return;
      db.update(configurations)
        .set({ ...details, updatedAt: now })
        .where(eq(configurations.id, row.id))
        .run();
      return;
    }
    assertMeetsMinimum(catalogSnapshot(db).pricing, f);
    const p = price(db, clock, f, { addOns: patch.addOns !== undefined, discountIds: patch.discountIds !== undefined });
    archiveRevision(db, row.id);
    db.update(configurations)
      .set({ ...revisedColumns(row, p, now), ...details })
      .where(eq(configurations.id, row.id))
      .run();
    auditRevision(db, clock, actor, row, p);
  });
  return readableConfiguration(db, clock, actor, patch.id);
}

/** A quote's status, last valid day, number and name when `actor` may read it (the owner or an admin); otherwise the one 404. */
export function readableStatusOf(db: Db, actor: Actor, id: number): { status: QuoteStatus; validUntil: string; number: number; name: string } {
  const row = db
    .select({ status: configurations.status, validUntil: configurations.validUntil, number: configurations.number, name: configurations.name })
    .from(configurations)
    .where(and(eq(configurations.id, id), readableBy(actor)))
    .get();
  if (!row) throw notFound();
  return row;
}

/**
 * Moves a quote from `from` to `to` and audits the move, inside the caller's transaction; whether the move is allowed
 * is the caller's check. A quote sent again after a decline starts without the old answer (the audit trail keeps it).
 */
export function moveStatus(db: Db, clock: Clock, actor: Actor, id: number, from: QuoteStatus, to: QuoteStatus): void {
  const clearDecline = from === 'declined' ? { decline: null } : {};
  db.update(configurations)
    .set({ status: to, updatedAt: clock.now(), ...clearDecline })
    .where(eq(configurations.id, id))
    .run();
  recordAudit(
    db,
    clock,
    { userId: actor.id },
    { entity: 'quote', entityId: id, action: 'status_changed', before: { status: from }, after: { status: to } },
  );
}

/** The fields of a quote's details (not its pricing) and how an entry names them. */
const DETAIL_FIELDS = ['name', 'customerCompany', 'customerName', 'customerEmail', 'validUntil'] as const;

/** The entry of a change of name, customer or validity: the changed fields only, before and after. */
function auditDetails(db: Db, clock: Clock, actor: Actor, row: Row, details: Partial<Row>): void {
  const changed = DETAIL_FIELDS.filter((k) => k in details);
  if (changed.length === 0) return;
  recordAudit(
    db,
    clock,
    { userId: actor.id },
    {
      entity: 'quote',
      entityId: row.id,
      action: 'details_edited',
      before: { number: formatQuoteNumber(row.number), ...Object.fromEntries(changed.map((k) => [k, row[k]])) },
      after: { number: formatQuoteNumber(row.number), ...Object.fromEntries(changed.map((k) => [k, details[k]])) },
    },
  );
}

/**
 * The owner, or an admin (an admin deletes any saved quote); an accepted quote only an admin. The entry keeps the
 * quote's number, name, status and figures: it outlives the row.
 */
export async function deleteConfiguration(db: Db, clock: Clock, actor: Actor, id: number): Promise<void> {
  transaction(db, () => {
    const row = db
      .select({
        number: configurations.number,
        name: configurations.name,
        status: configurations.status,
        revision: configurations.revision,
        userId: configurations.userId,
        tcv: configurations.tcv,
      })
      .from(configurations)
      .where(and(eq(configurations.id, id), readableBy(actor)))
      .get();
    if (!row) throw notFound();
    if (row.status === 'accepted' && !actor.isAdmin) {
      throw new ConflictError(configurationMessages.acceptedDelete);
    }
    db.delete(configurations).where(eq(configurations.id, id)).run();
    recordAudit(
      db,
      clock,
      { userId: actor.id },
      {
        entity: 'quote',
        entityId: id,
        action: 'deleted',
        before: {
          number: formatQuoteNumber(row.number),
          name: row.name,
          status: row.status,
          revision: row.revision,
          ownerId: row.userId,
          tcv: formatMoney(row.tcv),
        },
      },
    );
  });
}
