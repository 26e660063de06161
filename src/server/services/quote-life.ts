// The quote's life (docs/PRODUCT.md "Saved quotes"): whether today's catalogue would price it differently, its status, re-pricing, its
// revisions and duplicates. Writes go through the same pricing and revision keeping as a PATCH (configurations.ts).
import { ConflictError, InvalidInputError, NotFoundError } from '../errors';
import { and, eq } from 'drizzle-orm';
import { configurationRevisions, configurations } from '../../../db/schema';
import { PAYMENT_FREQUENCY_LABELS } from '../../shared/labels';
import { formatMoney } from '../../shared/money';
import { addOnSelectionOf } from '../../shared/pricing-key';
import { configurationMessages, CONFIGURATION_NAME_MAX } from '../../shared/schemas/configuration';
import type { QuoteStatus } from '../../shared/value-sets';
import type { Clock } from '../clock';
import { transaction, type Db } from '../db/database';
import { catalogSnapshot } from './catalog-cache';
import { customItemsInEuro, readRevision, readRevisions } from './configuration-rows';
import type { Actor } from '../auth/session';
import type {
  CatalogDrift,
  ConfigurationDetailDto,
  ConfigurationSnapshot,
  ConfigurationWithDrift,
  RevisionSummary,
  StoredAddOn,
  StoredCustomItem,
} from '../../shared/schemas/configuration-output';
import {
  archiveRevision,
  auditRevision,
  fieldsOfRow,
  readableConfiguration,
  insertConfiguration,
  notFound,
  ownRowToChange,
  price,
  readableBy,
  moveStatus,
  readableStatusOf,
  revisedColumns,
  todayOf,
  type QuoteTime,
} from './configurations';

/** The moves docs/PRODUCT.md "Saved quotes" allows; anything else is a 409 naming both statuses. */
const ALLOWED: Record<QuoteStatus, readonly QuoteStatus[]> = {
  draft: ['sent'],
  sent: ['accepted', 'declined', 'draft'],
  accepted: [],
  declined: ['draft'],
};

/** Figures of a configuration priced on today's catalogue; undefined when it cannot be priced (its package is gone). */
function priceToday(db: Db, clock: Clock, d: ConfigurationDetailDto) {
  try {
    return price(
      db,
      clock,
      {
        name: d.name,
        packageId: d.packageId,
        locations: d.locations,
        squareMeters: d.squareMeters,
        userCount: d.userCount,
        pricingModel: d.pricingModel,
        addOns: d.addOnSelections,
        discountIds: d.discountIds,
        contractDuration: d.contractDuration as 12 | 24 | 36,
        paymentFrequency: d.paymentFrequency,
        customItems: d.customItems,
        sellerDiscount: d.sellerDiscount,
      },
      { addOns: false, discountIds: false },
    );
  } catch (error) {
    if (error instanceof InvalidInputError) return undefined;
    throw error;
  }
}

/** null when today's catalogue prices the stored inputs to the same cents; else today's figures. */
export function catalogDriftOf(db: Db, clock: Clock, d: ConfigurationDetailDto): CatalogDrift | null {
  const p = priceToday(db, clock, d);
  if (!p) return null;
  const today = { totalMonthly: formatMoney(p.totalMonthly), setupFees: formatMoney(p.setupFees), tcv: formatMoney(p.tcv) };
  const same = today.totalMonthly === d.totalMonthly && today.setupFees === d.setupFees && today.tcv === d.tcv;
  return same ? null : today;
}

export async function getWithDrift(db: Db, clock: Clock, actor: Actor, id: number): Promise<ConfigurationWithDrift> {
  const d = readableConfiguration(db, clock, actor, id);
  return { ...d, catalogDrift: catalogDriftOf(db, clock, d) };
}

/** Owner or admin. */
export async function setStatus(db: Db, clock: Clock, actor: Actor, id: number, to: QuoteStatus): Promise<ConfigurationDetailDto> {
  transaction(db, () => {
    const row = readableStatusOf(db, actor, id);
    if (!ALLOWED[row.status].includes(to)) {
      throw new ConflictError(`A quote cannot go from ${row.status} to ${to}`);
    }
    // Its prices no longer hold: the customer could not accept it either.
    if (to === 'accepted' && row.validUntil < todayOf(clock)) throw new ConflictError(configurationMessages.acceptExpired);
    moveStatus(db, clock, actor, id, row.status, to);
  });
  return readableConfiguration(db, clock, actor, id);
}

/**
 * Prices the stored inputs on today's catalogue (the owner; an accepted quote is frozen). New figures make a new
 * revision (a sent quote becomes a draft again: what the customer holds is no longer this quote); the same figures
 * change nothing.
 */
export async function reprice(db: Db, clock: Clock, actor: Actor, id: number): Promise<ConfigurationDetailDto> {
  catalogSnapshot(db);
  transaction(db, () => {
    const row = ownRowToChange(db, actor, id);
    const p = price(db, clock, fieldsOfRow(row), { addOns: false, discountIds: false });
    if (p.totalMonthly === row.totalMonthly && p.setupFees === row.setupFees && p.tcv === row.tcv) return;
    archiveRevision(db, id);
    db.update(configurations)
      .set(revisedColumns(row, p, clock.now()))
      .where(eq(configurations.id, id))
      .run();
    auditRevision(db, clock, actor, row, p);
  });
  return readableConfiguration(db, clock, actor, id);
}

const COPY = ' (copy)';

/** A new draft owned by the actor, from any quote they may read: same inputs and customer, priced today. */
export async function duplicate(db: Db, time: QuoteTime, actor: Actor, id: number): Promise<ConfigurationDetailDto> {
  const source = db
    .select()
    .from(configurations)
    .where(and(eq(configurations.id, id), readableBy(actor)))
    .get();
  if (!source) throw notFound();
  const name = `${source.name.slice(0, CONFIGURATION_NAME_MAX - COPY.length)}${COPY}`;
  const newId = insertConfiguration(
    db,
    time,
    actor,
    {
      ...fieldsOfRow(source),
      name,
      customerCompany: source.customerCompany,
      customerName: source.customerName,
      customerEmail: source.customerEmail,
    },
    { addOns: false, discountIds: false },
  );
  return readableConfiguration(db, time.clock, actor, newId);
}

type RevisionRow = typeof configurationRevisions.$inferSelect;

/** The inputs and figures of one revision, as the current row holds them too. */
type RevisionInputs = Pick<
  RevisionRow,
  | 'revision'
  | 'packageId'
  | 'packageName'
  | 'pricingModel'
  | 'squareMeters'
  | 'userCount'
  | 'locations'
  | 'contractDuration'
  | 'paymentFrequency'
  | 'addOns'
  | 'discountIds'
  | 'customItems'
  | 'totalMonthly'
  | 'setupFees'
  | 'tcv'
  | 'addOnNames'
  | 'snapshot'
  | 'createdAt'
>;

/** What a person would say changed between two revisions' inputs. */
function changesBetween(before: RevisionInputs, after: RevisionInputs): string[] {
  const out: string[] = [];
  const step = (label: string, a: string | number, b: string | number) => {
    if (a !== b) out.push(`${label}: ${a} → ${b}`);
  };
  step('Package', before.packageName, after.packageName);
  step('Pricing model', before.pricingModel === 'sqm' ? 'Units' : 'Users', after.pricingModel === 'sqm' ? 'Units' : 'Users');
  step('Units', before.squareMeters, after.squareMeters);
  step('Users', before.userCount, after.userCount);
  step('Locations', before.locations, after.locations);
  step('Contract', `${before.contractDuration} months`, `${after.contractDuration} months`);
  step('Payment', PAYMENT_FREQUENCY_LABELS[before.paymentFrequency], PAYMENT_FREQUENCY_LABELS[after.paymentFrequency]);
  const added = after.addOnNames.filter((n) => !before.addOnNames.includes(n));
  const removed = before.addOnNames.filter((n) => !after.addOnNames.includes(n));
  if (added.length > 0) out.push(`Add-ons added: ${added.join(', ')}`);
  if (removed.length > 0) out.push(`Add-ons removed: ${removed.join(', ')}`);
  if (added.length === 0 && removed.length === 0 && JSON.stringify(before.addOns) !== JSON.stringify(after.addOns)) {
    out.push('Add-on setup fee waivers changed');
  }
  if (JSON.stringify([...before.discountIds].sort()) !== JSON.stringify([...after.discountIds].sort())) out.push('Discounts changed');
  if (JSON.stringify(before.customItems) !== JSON.stringify(after.customItems)) out.push('Custom items changed');
  if (out.length === 0) out.push("Re-priced on that day's catalogue");
  return out;
}

/** Every revision of a quote the actor may read, oldest first, the current one last. */
function allRevisions(db: Db, actor: Actor, id: number): { current: typeof configurations.$inferSelect; list: RevisionInputs[] } {
  const current = db
    .select()
    .from(configurations)
    .where(and(eq(configurations.id, id), readableBy(actor)))
    .get();
  if (!current) throw notFound();
  const earlier = readRevisions(db, id);
  return { current, list: [...earlier, { ...current, createdAt: current.revisedAt }] };
}

/** GET /api/configurations/{id}/revisions: newest first, the current one included. */
export async function listRevisions(db: Db, actor: Actor, id: number): Promise<RevisionSummary[]> {
  const { list } = allRevisions(db, actor, id);
  return list
    .map((r, i) => ({
      revision: r.revision,
      createdAt: r.createdAt.toISOString(),
      totalMonthly: formatMoney(r.totalMonthly),
      setupFees: formatMoney(r.setupFees),
      tcv: formatMoney(r.tcv),
      changes: i === 0 ? [] : changesBetween(list[i - 1]!, r),
    }))
    .reverse();
}

/** The quote as it was at revision `n`: its inputs and figures then; name, customer, status and validity as now. */
export async function getRevision(db: Db, clock: Clock, actor: Actor, id: number, n: number): Promise<ConfigurationWithDrift> {
  const current = readableConfiguration(db, clock, actor, id);
  if (n === current.revision) return { ...current, catalogDrift: catalogDriftOf(db, clock, current) };
  const r = readRevision(db, id, n);
  if (!r) throw new NotFoundError(configurationMessages.revision);
  const then: ConfigurationDetailDto = {
    ...current,
    revision: r.revision,
    packageId: r.packageId,
    packageName: r.packageName,
    pricingModel: r.pricingModel,
    squareMeters: r.squareMeters,
    userCount: r.userCount,
    locations: r.locations,
    contractDuration: r.contractDuration,
    paymentFrequency: r.paymentFrequency,
    addOns: r.addOnNames,
    addOnSelections: (r.addOns as StoredAddOn[]).map(addOnSelectionOf),
    discountIds: r.discountIds,
    customItems: customItemsInEuro(r.customItems as StoredCustomItem[]),
    totalMonthly: formatMoney(r.totalMonthly),
    setupFees: formatMoney(r.setupFees),
    tcv: formatMoney(r.tcv),
    snapshot: r.snapshot as ConfigurationSnapshot,
  };
  return { ...then, catalogDrift: catalogDriftOf(db, clock, then) };
}
