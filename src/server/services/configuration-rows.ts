// Reading saved configurations into DTOs: every list, every load and the answer to every save come through here.
// It is the hottest read of a busy team (a salesperson's list holds all their quotes), so it bypasses drizzle's row
// mapper: that mapper checks every field of every row against the schema (instanceof chains), several times
// SQLite's own work. The statements are prepared once per database; rows come back as arrays and are
// mapped by hand. tests/integration/configurations*.test.ts hold the DTOs to their values.
import { centsToEuro, formatMoney } from '../../shared/money';
import { addOnSelectionOf } from '../../shared/pricing-key';
import { formatQuoteNumber, isExpired } from '../../shared/quote-dates';
import type { PaymentFrequency, QuoteStatus } from '../../shared/value-sets';
import type { QuoteAcceptance, QuoteDecline } from '../../../db/schema';
import { perDatabase, type Db } from '../db/database';
import type {
  ConfigurationDetailDto,
  ConfigurationDto,
  ConfigurationSnapshot,
  StoredAddOn,
  StoredCustomItem,
} from '../../shared/schemas/configuration-output';

/**
 * One row as SQLite hands it over, as an array (better-sqlite3's raw mode: building an object of 23 keys per row
 * cost as much as reading it): JSON columns as text, timestamps as epoch milliseconds. The order is COLUMNS'.
 */
type RawRow = [
  id: number,
  name: string,
  userId: number,
  packageId: number,
  packageName: string,
  pricingModel: 'sqm' | 'user',
  squareMeters: number,
  userCount: number,
  locations: number,
  contractDuration: number,
  paymentFrequency: PaymentFrequency,
  addOns: string,
  discountIds: string,
  customItems: string,
  totalMonthly: number,
  setupFees: number,
  tcv: number,
  addOnNames: string,
  createdAt: number,
  updatedAt: number,
  firstname: string,
  lastname: string,
  username: string,
  number: number,
  revision: number,
  status: QuoteStatus,
  validUntil: string,
  customerCompany: string | null,
  customerName: string | null,
  customerEmail: string | null,
  acceptance: string | null,
  decline: string | null,
  viewCount: number,
  firstViewedAt: number | null,
  lastViewedAt: number | null,
  linkRevision: number | null,
];
type RawRowWithSnapshot = [...RawRow, snapshot: string];
const SNAPSHOT = 36;

const COLUMNS = `c.id, c.name, c.user_id, c.package_id, c.package_name, c.pricing_model, c.square_meters, c.user_count,
  c.locations, c.contract_duration, c.payment_frequency, c.add_ons, c.discount_ids, c.custom_items,
  c.total_monthly_cents, c.setup_fees_cents, c.tcv_cents, c.add_on_names, c.created_at, c.updated_at,
  u.firstname, u.lastname, u.username, c.number, c.revision, c.status, c.valid_until, c.customer_company,
  c.customer_name, c.customer_email, c.acceptance, c.decline, c.view_count, c.first_viewed_at, c.last_viewed_at,
  (SELECT s.revision FROM quote_shares s WHERE s.configuration_id = c.id AND s.revoked_at IS NULL)`;
const FROM = 'FROM configurations c JOIN users u ON u.id = c.user_id';

/** The reads, prepared once per database. */
const statementsOf = perDatabase(({ $client: sqlite }) => {
  const rows = <P extends unknown[], R>(text: string) => sqlite.prepare<P, R>(text).raw(true);
  return {
    byId: rows<[number], RawRowWithSnapshot>(`SELECT ${COLUMNS}, c.snapshot ${FROM} WHERE c.id = ?`),
    byIdAndOwner: rows<[number, number], RawRowWithSnapshot>(`SELECT ${COLUMNS}, c.snapshot ${FROM} WHERE c.id = ? AND c.user_id = ?`),
    /** The rows whose ids (a JSON array) a list chose from an index; in no particular order. */
    byIds: rows<[string], RawRow>(`SELECT ${COLUMNS} ${FROM} WHERE c.id IN (SELECT value FROM json_each(?))`),
  };
});

/** Stored custom items (price in cents) as answers and inputs carry them (price in euro). */
export function customItemsInEuro(items: StoredCustomItem[]): ConfigurationDto['customItems'] {
  return items.map((c) => ({ id: c.id, name: c.name, description: c.description, isOneTime: c.isOneTime, price: centsToEuro(c.price) }));
}

export function creatorName(u: { firstname: string; lastname: string; username: string }): string {
  const full = `${u.firstname} ${u.lastname}`.trim();
  return full === '' ? u.username : full;
}

/** A row as answered; `today` (YYYY-MM-DD, Europe/Amsterdam) decides `expired`. */
function toDto(r: RawRow | RawRowWithSnapshot, today: string): ConfigurationDto {
  const [
    id,
    name,
    userId,
    packageId,
    packageName,
    pricingModel,
    squareMeters,
    userCount,
    locations,
    contractDuration,
    paymentFrequency,
    addOns,
    discountIds,
    customItems,
    totalMonthly,
    setupFees,
    tcv,
    addOnNames,
    createdAt,
    updatedAt,
    firstname,
    lastname,
    username,
    number,
    revision,
    status,
    validUntil,
    customerCompany,
    customerName,
    customerEmail,
    acceptance,
    decline,
    viewCount,
    firstViewedAt,
    lastViewedAt,
    linkRevision,
  ] = r;
  return {
    id,
    name,
    userId,
    packageId,
    packageName,
    locations,
    squareMeters,
    userCount,
    pricingModel,
    addOns: JSON.parse(addOnNames) as string[],
    addOnSelections: (JSON.parse(addOns) as StoredAddOn[]).map(addOnSelectionOf),
    discountIds: JSON.parse(discountIds) as number[],
    contractDuration,
    paymentFrequency,
    customItems: customItemsInEuro(JSON.parse(customItems) as StoredCustomItem[]),
    totalMonthly: formatMoney(totalMonthly),
    setupFees: formatMoney(setupFees),
    tcv: formatMoney(tcv),
    createdBy: creatorName({ firstname, lastname, username }),
    createdAt: new Date(createdAt).toISOString(),
    updatedAt: new Date(updatedAt).toISOString(),
    number: formatQuoteNumber(number),
    revision,
    status,
    expired: isExpired(validUntil, status, today),
    validUntil,
    customerCompany,
    customerName,
    customerEmail,
    acceptance: acceptance === null ? null : (JSON.parse(acceptance) as QuoteAcceptance),
    decline: decline === null ? null : (JSON.parse(decline) as QuoteDecline),
    views: {
      count: viewCount,
      firstAt: firstViewedAt === null ? null : new Date(firstViewedAt).toISOString(),
      lastAt: lastViewedAt === null ? null : new Date(lastViewedAt).toISOString(),
    },
    linkRevision,
  };
}

/** One configuration with its snapshot; `ownerId` limits it to that owner's. */
export function readConfiguration(db: Db, today: string, id: number, ownerId?: number): ConfigurationDetailDto | undefined {
  const s = statementsOf(db);
  const row = ownerId === undefined ? s.byId.get(id) : s.byIdAndOwner.get(id, ownerId);
  return row && { ...toDto(row, today), snapshot: JSON.parse(row[SNAPSHOT]) as ConfigurationSnapshot };
}

/** The rows with these ids, in the order of `ids` (ids without a row are left out). */
function rowsByIds(db: Db, ids: number[]): RawRow[] {
  const byId = new Map(
    statementsOf(db)
      .byIds.all(JSON.stringify(ids))
      .map((r) => [r[0], r]),
  );
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [row] : [];
  });
}

/** The configurations with these ids, in the order of `ids` (ids without a row are left out). */
export function readByIds(db: Db, ids: number[], today: string): ConfigurationDto[] {
  return rowsByIds(db, ids).map((r) => toDto(r, today));
}
