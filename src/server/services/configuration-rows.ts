// Reading saved configurations into DTOs: every list, every load and the answer to every save come through here.
// It is the hottest read of a busy team (a salesperson's list holds all their quotes), so it bypasses drizzle's row
// mapper: that mapper checks every field of every row against the schema (instanceof chains) and cost ~18 µs a row,
// five times SQLite's own work. The statements are prepared once per database; rows come back as arrays and are
// mapped by hand. tests/integration/configurations*.test.ts hold the DTOs to their values.
import { centsToEuro, formatMoney } from '../../shared/money';
import { formatQuoteNumber, isExpired } from '../../shared/quote-dates';
import type { QuoteStatus } from '../../shared/schemas/configuration';
import type { QuoteAcceptance, QuoteDecline } from '../../../db/schema';
import { perDatabase, type Db } from '../db/database';
import { dataVersion, watchRows, watchTables, type TableWatch } from '../db/watch';
import type { ConfigurationDetailDto, ConfigurationDto, ConfigurationSnapshot, StoredAddOn, StoredCustomItem } from './configuration-types';

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
  paymentFrequency: 'monthly' | 'quarterly' | 'annually',
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
];
type RawRowWithSnapshot = [...RawRow, snapshot: string];
const SNAPSHOT = 32;

const COLUMNS = `c.id, c.name, c.user_id, c.package_id, c.package_name, c.pricing_model, c.square_meters, c.user_count,
  c.locations, c.contract_duration, c.payment_frequency, c.add_ons, c.discount_ids, c.custom_items,
  c.total_monthly_cents, c.setup_fees_cents, c.tcv_cents, c.add_on_names, c.created_at, c.updated_at,
  u.firstname, u.lastname, u.username, c.number, c.revision, c.status, c.valid_until, c.customer_company,
  c.customer_name, c.customer_email, c.acceptance, c.decline`;
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
    id, name, userId, packageId, packageName, pricingModel, squareMeters, userCount, locations, contractDuration,
    paymentFrequency, addOns, discountIds, customItems, totalMonthly, setupFees, tcv, addOnNames, createdAt, updatedAt,
    firstname, lastname, username, number, revision, status, validUntil, customerCompany, customerName, customerEmail,
    acceptance, decline,
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
    addOnSelections: (JSON.parse(addOns) as StoredAddOn[]).map((a) => ({ id: a.id, waiveSetupFee: a.waiveSetupFee })),
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
  const byId = new Map(statementsOf(db).byIds.all(JSON.stringify(ids)).map((r) => [r[0], r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [row] : [];
  });
}

/** The configurations with these ids, in the order of `ids` (ids without a row are left out). */
export function readByIds(db: Db, ids: number[], today: string): ConfigurationDto[] {
  return rowsByIds(db, ids).map((r) => toDto(r, today));
}

/** A list's rows as the JSON text of their DTOs (an array), and how many there are. */
export interface RowsJson {
  json: string;
  count: number;
}

/**
 * The JSON text of listed rows, kept per database until its row can have changed. Mapping a row and serialising it
 * was ~10 µs, and reading its 23 columns back from SQLite to check it was unchanged cost more than that again (a page
 * of 30 was ~230 µs of a list's ~320); now a list reads only the rows whose text is not kept (those saved since).
 * A text is dropped the moment its row can have changed (db-watch.ts):
 * - a write to a quote through this connection, by any code path (services, scripts, raw SQL, cascades), drops its
 *   text (watchRows);
 * - a write to the users table (a name is in every row's text) drops them all, as does a commit by another
 *   connection (a table watch and data_version, as the catalogue and the session cache use them);
 * - a new day (Europe/Amsterdam) drops them all: `expired` is decided by the date;
 * - a list inside a transaction it did not open (uncommitted rows may be rolled back) neither reads nor keeps texts.
 */
export interface RowTexts {
  texts: Map<number, string>;
  owners: TableWatch;
  /** The owners' generation and data_version when the kept texts were read. */
  ownersGeneration: number;
  dataVersion: number;
  /** The day the kept texts were made on: `expired` in them may change with the date. */
  today: string;
}

/** Texts kept per database, the oldest dropped first: ~1 KiB each. */
const ROW_TEXTS_MAX = 10_000;

const rowTextsOf = perDatabase((db): RowTexts => {
  const kept: RowTexts = { texts: new Map(), owners: watchTables(db, 'row_text_owners', ['users']), ownersGeneration: -1, dataVersion: -1, today: '' };
  watchRows(db, 'row_texts', 'configurations', (id) => kept.texts.delete(id));
  return kept;
});

/**
 * The kept row texts of this database, for a list about to open its own transaction; undefined inside someone
 * else's (the rows it sees may be rolled back, and the triggers must not be created in a transaction that may be).
 */
export function rowTextsOutsideTransaction(db: Db): RowTexts | undefined {
  return db.$client.inTransaction ? undefined : rowTextsOf(db);
}

/**
 * The same rows as readByIds, as the JSON text `JSON.stringify(readByIds(...))` gives: what the fast lane answers a
 * list with (fast-lane.ts). Called inside the list's transaction, with `kept` from rowTextsOutsideTransaction.
 */
export function readJsonByIds(db: Db, ids: number[], kept: RowTexts | undefined, today: string): RowsJson {
  if (kept) {
    const version = dataVersion(db);
    if (version !== kept.dataVersion || kept.owners.generation !== kept.ownersGeneration || today !== kept.today) {
      kept.texts.clear();
      kept.dataVersion = version;
      kept.ownersGeneration = kept.owners.generation;
      kept.today = today;
    }
  }
  const known = ids.map((id) => kept?.texts.get(id));
  const missing = ids.filter((_, i) => known[i] === undefined);
  const read = new Map<number, string>();
  for (const row of missing.length > 0 ? rowsByIds(db, missing) : []) read.set(row[0], JSON.stringify(toDto(row, today)));
  const parts: string[] = [];
  ids.forEach((id, i) => {
    const text = known[i] ?? read.get(id);
    if (text !== undefined) parts.push(text);
  });
  if (kept) for (const [id, text] of read) keep(kept, id, text);
  return { json: `[${parts.join(',')}]`, count: parts.length };
}

function keep(kept: RowTexts, id: number, text: string): void {
  if (kept.texts.size >= ROW_TEXTS_MAX) kept.texts.delete(kept.texts.keys().next().value!);
  kept.texts.set(id, text);
}
