// Saved configurations: a quote's inputs plus the figures the server priced them at. Reads answer from the stored
// row and its snapshot and never price again, so a later catalogue change cannot alter (or lose) a saved quote.
import { TRPCError } from '@trpc/server';
import { and, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import { configurations } from '../../../db/schema';
import type { CatalogDto } from '../../shared/catalog';
import { quoteResultToJson } from '../../shared/pricing';
import {
  configurationMessages,
  PRICING_FIELDS,
  type ConfigurationFields,
  type ConfigurationPatch,
} from '../../shared/schemas/configuration';
import type { Clock } from '../clock';
import { perDatabase, transaction, type Db } from '../db/database';
import { catalogSnapshot } from './catalog-cache';
import { customItemsInEuro, readConfiguration } from './configuration-rows';
import type { Actor, ConfigurationDetailDto, ConfigurationSnapshot, StoredAddOn, StoredCustomItem } from './configuration-types';
import { priceWithPricingCatalog } from './quote';

export const CONFIGURATION_NOT_FOUND = configurationMessages.id;

const notFound = () => new TRPCError({ code: 'NOT_FOUND', message: CONFIGURATION_NOT_FOUND });

/** What this actor may see: their own, or (admin) everyone's. */
function readableBy(actor: Actor): SQL | undefined {
  return actor.isAdmin ? undefined : eq(configurations.userId, actor.id);
}

export function getConfiguration(db: Db, actor: Actor, id: number): ConfigurationDetailDto {
  const found = readConfiguration(db, id, actor.isAdmin ? undefined : actor.id);
  if (!found) throw notFound();
  return found;
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
 * from the catalogue since is dropped there (as a load ignores it, seed 000 §4), not an error.
 * Returns the fields to price and the add-on names by id.
 */
function resolveCatalogReferences(
  catalog: CatalogDto,
  f: ConfigurationFields,
  sent: { addOns: boolean; discountIds: boolean },
): { fields: ConfigurationFields; addOnNames: Map<number, string> } {
  if (!catalog.packages.some((p) => p.id === f.packageId)) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: configurationMessages.packageNotFound });
  }
  const addOnById = new Map(catalog.addOns.map((a) => [a.id, a]));
  const isAvailable = (id: number) => addOnById.get(id)?.availableForPackages.includes(f.packageId) ?? false;

  if (sent.addOns) {
    const addOnIds = [...new Set(f.addOns.map((a) => a.id))];
    const missing = addOnIds.find((id) => !addOnById.has(id));
    if (missing !== undefined) throw new TRPCError({ code: 'BAD_REQUEST', message: `Add-on ${missing} does not exist` });
    const unavailable = addOnIds.find((id) => !isAvailable(id));
    if (unavailable !== undefined) {
      throw new TRPCError({
        code: 'BAD_REQUEST',
        message: `Add-on ${addOnById.get(unavailable)?.name} is not available for the selected package`,
      });
    }
  }

  const discountIds = [...new Set(f.discountIds)];
  const known = new Set(catalog.discounts.map((d) => d.id));
  const unknownDiscount = discountIds.find((id) => !known.has(id));
  if (sent.discountIds && unknownDiscount !== undefined) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: `Discount ${unknownDiscount} does not exist` });
  }

  // A repeated add-on counts once, the first occurrence wins (as in the engine).
  const selected = new Map<number, StoredAddOn>();
  for (const a of f.addOns) {
    if (isAvailable(a.id) && !selected.has(a.id)) selected.set(a.id, { id: a.id, waiveSetupFee: a.waiveSetupFee });
  }
  const fields: ConfigurationFields = {
    ...f,
    addOns: [...selected.values()],
    discountIds: discountIds.filter((id) => known.has(id)),
  };
  return { fields, addOnNames: new Map(catalog.addOns.map((a) => [a.id, a.name])) };
}

/** Prices the fields against the current catalogue with the shared engine: the server's figures are the ones kept. */
function price(
  db: Db,
  clock: Clock,
  input: ConfigurationFields,
  sent: { addOns: boolean; discountIds: boolean },
): Priced {
  // One reading of the catalogue serves the reference checks and the pricing.
  const { catalog, pricing } = catalogSnapshot(db);
  const { fields: f, addOnNames } = resolveCatalogReferences(catalog, input, sent);
  const result = priceWithPricingCatalog(pricing, {
    packageId: f.packageId,
    pricingModel: f.pricingModel,
    squareMeters: f.squareMeters,
    userCount: f.userCount,
    locations: f.locations,
    addOns: f.addOns,
    customItems: f.customItems,
    selectedDiscountIds: f.discountIds,
    contractDuration: f.contractDuration,
    paymentFrequency: f.paymentFrequency,
  });
  const form = result.form;
  return {
    fields: f,
    packageId: form.packageId,
    packageName: result.packageName,
    addOns: form.addOns.map((a) => ({ id: a.id, waiveSetupFee: a.waiveSetupFee })),
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
function pricedColumns(f: ConfigurationFields, p: Priced) {
  return {
    name: f.name,
    packageId: p.packageId,
    packageName: p.packageName,
    pricingModel: f.pricingModel,
    squareMeters: f.squareMeters,
    userCount: f.userCount,
    locations: f.locations,
    contractDuration: f.contractDuration,
    paymentFrequency: f.paymentFrequency,
    addOns: p.addOns,
    // What the user selected (so a load restores it); the snapshot shows which of them applied.
    discountIds: p.fields.discountIds,
    customItems: p.customItems,
    totalMonthly: p.totalMonthly,
    setupFees: p.setupFees,
    tcv: p.tcv,
    addOnNames: p.snapshot.addOnNames,
    snapshot: p.snapshot,
  };
}

type NewConfiguration = ReturnType<typeof pricedColumns> & { userId: number; createdAt: Date; updatedAt: Date };

/**
 * A save is the busiest write: its insert is prepared once per database (building the SQL and compiling it was a
 * fifth of a save). Every column but the id is a placeholder that drizzle encodes (JSON, timestamps) when it runs; a
 * row that lacks one is refused by drizzle ("No value for placeholder").
 */
const insertOf = perDatabase((db) => {
  const { id: _generated, ...columns } = getTableColumns(configurations);
  const values = Object.fromEntries(Object.keys(columns).map((k) => [k, sql.placeholder(k)]));
  const statement = db
    .insert(configurations)
    .values(values as unknown as typeof configurations.$inferInsert)
    .returning({ id: configurations.id })
    .prepare();
  return (row: NewConfiguration): number => statement.get(row)!.id;
});

export function createConfiguration(db: Db, clock: Clock, actor: Actor, f: ConfigurationFields): ConfigurationDetailDto {
  return getConfiguration(db, actor, insertConfiguration(db, clock, actor, f));
}

/** The save's write alone: prices and inserts in one transaction, and returns the new id. Throws before writing. */
export function insertConfiguration(db: Db, clock: Clock, actor: Actor, f: ConfigurationFields): number {
  const insert = insertOf(db);
  // Read outside the transaction, the catalogue is cached (never inside one); the pricing inside then reuses it.
  catalogSnapshot(db);
  return transaction(db, () => {
    const p = price(db, clock, f, { addOns: true, discountIds: true });
    const now = clock.now();
    return insert({ ...pricedColumns(f, p), userId: actor.id, createdAt: now, updatedAt: now });
  });
}

/**
 * Overwrite. Only the owner may: the seed gives an admin Load and Delete on other people's quotes, not edit, and
 * an admin silently changing a salesperson's figures would surprise them. For anyone else it does not exist (404).
 * A change of any pricing input prices the whole configuration again; a rename alone keeps the stored figures.
 */
export function updateConfiguration(db: Db, clock: Clock, actor: Actor, patch: ConfigurationPatch): ConfigurationDetailDto {
  // Read outside the transaction, the catalogue is cached (never inside one); the pricing inside then reuses it.
  catalogSnapshot(db);
  transaction(db, () => {
    const row = db
      .select()
      .from(configurations)
      .where(and(eq(configurations.id, patch.id), eq(configurations.userId, actor.id)))
      .get();
    if (!row) throw notFound();
    const now = clock.now();
    const repriced = PRICING_FIELDS.some((k) => patch[k] !== undefined);
    if (!repriced) {
      if (patch.name === undefined) return;
      db.update(configurations).set({ name: patch.name, updatedAt: now }).where(eq(configurations.id, row.id)).run();
      return;
    }
    const f: ConfigurationFields = {
      name: patch.name ?? row.name,
      packageId: patch.packageId ?? row.packageId,
      locations: patch.locations ?? row.locations,
      squareMeters: patch.squareMeters ?? row.squareMeters,
      userCount: patch.userCount ?? row.userCount,
      pricingModel: patch.pricingModel ?? row.pricingModel,
      addOns: patch.addOns ?? row.addOns,
      discountIds: patch.discountIds ?? row.discountIds,
      contractDuration: patch.contractDuration ?? (row.contractDuration as ConfigurationFields['contractDuration']),
      paymentFrequency: patch.paymentFrequency ?? row.paymentFrequency,
      customItems: patch.customItems ?? customItemsInEuro(row.customItems as StoredCustomItem[]),
    };
    const p = price(db, clock, f, { addOns: patch.addOns !== undefined, discountIds: patch.discountIds !== undefined });
    db.update(configurations)
      .set({
        ...pricedColumns(f, p),
        updatedAt: now,
      })
      .where(eq(configurations.id, row.id))
      .run();
  });
  return getConfiguration(db, actor, patch.id);
}

/** The owner, or an admin (seed 001: an admin deletes any saved configuration). */
export function deleteConfiguration(db: Db, actor: Actor, id: number): void {
  const result = db
    .delete(configurations)
    .where(and(eq(configurations.id, id), readableBy(actor)))
    .run();
  if (result.changes === 0) throw notFound();
}
