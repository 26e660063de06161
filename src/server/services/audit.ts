// The audit trail: who changed what, when, with the value before and after. Entries are written by the
// service that makes the change, inside its transaction, so an entry exists exactly when its change was committed.
// Nothing here updates or deletes an entry (and the table's triggers refuse it).
import { and, asc, count, desc, eq, gte, inArray, lt, lte, type SQL } from 'drizzle-orm';
import { auditLog, configurations, users } from '../../../db/schema';
import { formatQuoteNumber } from '../../shared/quote-dates';
import type { AuditEntry, AuditPage, AuditQuery } from '../../shared/schemas/audit';
import type { Clock } from '../clock';
import { insertRows } from '../db/bulk';
import { transaction, type Db, type NotPromise } from '../db/database';
import { creatorName } from './configuration-rows';
import { enqueueForAudit } from './webhook-outbox';

/**
 * Who made a change: a signed-in user (by id), the customer of a share link (userId null, named as they said), a
 * command run on the server (userId null, named by the command), or someone not signed in at all (userId null: a
 * reset request, a sign-in for an unknown account).
 */
export type AuditBy = { userId: number } | { customer: string } | { command: string } | { anonymous: string };

export interface AuditRecord {
  entity: string;
  entityId: number | null;
  action: string;
  before?: unknown;
  after?: unknown;
  /** false: no webhook event for this entry (a change that announces itself once for many entries). */
  webhook?: false;
}

function actorName(db: Db, by: AuditBy): { userId: number | null; actor: string } {
  if ('customer' in by) return { userId: null, actor: by.customer };
  if ('command' in by) return { userId: null, actor: by.command };
  if ('anonymous' in by) return { userId: null, actor: by.anonymous };
  const u = db
    .select({ firstname: users.firstname, lastname: users.lastname, username: users.username })
    .from(users)
    .where(eq(users.id, by.userId))
    .get();
  return { userId: by.userId, actor: u ? creatorName(u) : `User ${by.userId}` };
}

const json = (value: unknown) => (value === undefined || value === null ? null : JSON.stringify(value));

const COLUMNS = ['at', 'user_id', 'actor', 'entity', 'entity_id', 'action', 'before', 'after'] as const;

/** Appends one entry. Call it inside the transaction of the change it records. */
export function recordAudit(db: Db, clock: Clock, by: AuditBy, entry: AuditRecord): void {
  const who = actorName(db, by);
  insertRows(db, 'audit_log', COLUMNS, [
    [clock.now().getTime(), who.userId, who.actor, entry.entity, entry.entityId, entry.action, json(entry.before), json(entry.after)],
  ]);
  if (entry.webhook !== false) enqueueForAudit(db, clock, entry);
}

/** Who made a change, as its entries name them: looked up once for a change of many entries. */
export function auditActor(db: Db, by: AuditBy): { userId: number | null; actor: string } {
  return actorName(db, by);
}

/** An entry whose before and after are JSON text already, made before the transaction that writes it. */
export interface PreparedAuditEntry {
  entity: string;
  entityId: number;
  action: string;
  before: string | null;
  after: string | null;
}

/**
 * Appends the entries of one change of many items (a catalogue import), many to a statement, with no webhook event
 * each: the caller announces the change once. Call it inside the transaction of the change.
 */
export function recordAuditEntries(
  db: Db,
  clock: Clock,
  who: { userId: number | null; actor: string },
  entries: readonly PreparedAuditEntry[],
): void {
  const at = clock.now().getTime();
  insertRows(
    db,
    'audit_log',
    COLUMNS,
    entries.map((e) => [at, who.userId, who.actor, e.entity, e.entityId, e.action, e.before, e.after]),
  );
}

/**
 * A catalogue or account change with its entry: `before` is read, the change made and the entry written in one
 * transaction. `after` reads the state the change left (undefined after a delete).
 */
export async function audited<T extends NotPromise>(
  db: Db,
  clock: Clock,
  by: AuditBy,
  what: { entity: string; action: 'create' | 'update' | 'delete'; entityId?: number },
  before: () => unknown,
  change: () => T,
  after: (result: T) => { entityId: number; value: unknown } | undefined,
): Promise<T> {
  return transaction(db, () => {
    const old = what.action === 'create' ? null : before();
    const result = change();
    const now = after(result);
    recordAudit(db, clock, by, {
      entity: what.entity,
      entityId: now?.entityId ?? what.entityId ?? null,
      action: what.action,
      before: old ?? null,
      after: now?.value ?? null,
    });
    return result;
  });
}

type Row = typeof auditLog.$inferSelect;

function toEntry(r: Row): AuditEntry {
  return { ...r, at: r.at.toISOString(), before: r.before ?? null, after: r.after ?? null };
}

/** A `from`/`to` bound: a date (YYYY-MM-DD, the whole day in UTC for `to`) or a timestamp. */
function bound(value: string, end: boolean): Date {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return new Date(`${value}T${end ? '23:59:59.999' : '00:00:00.000'}Z`);
  return new Date(value);
}

function whereOf(q: AuditQuery): SQL | undefined {
  const parts: (SQL | undefined)[] = [
    q.entity !== undefined ? eq(auditLog.entity, q.entity) : undefined,
    q.action !== undefined ? eq(auditLog.action, q.action) : undefined,
    q.userId !== undefined ? eq(auditLog.userId, q.userId) : undefined,
    q.from !== undefined ? gte(auditLog.at, bound(q.from, false)) : undefined,
    q.to !== undefined ? lte(auditLog.at, bound(q.to, true)) : undefined,
  ];
  return and(...parts.filter((p): p is SQL => p !== undefined));
}

/**
 * The quote numbers ("Q-000002") of the quotes a page of entries is about, by quote id, so the Activity tab names a
 * quote as everyone else does. A deleted quote is named by the number its entries recorded, when one did.
 */
function quoteNumbersOf(db: Db, items: readonly AuditEntry[]): Record<string, string> {
  const out: Record<string, string> = {};
  const ids = [...new Set(items.filter((e) => e.entity === 'quote' && e.entityId !== null).map((e) => e.entityId!))];
  if (ids.length === 0) return out;
  for (const r of db
    .select({ id: configurations.id, number: configurations.number })
    .from(configurations)
    .where(inArray(configurations.id, ids))
    .all())
    if (r.number > 0) out[r.id] = formatQuoteNumber(r.number);
  for (const e of items) {
    if (e.entity !== 'quote' || e.entityId === null || out[e.entityId]) continue;
    const recorded = [e.after, e.before].map((v) => (v as { number?: unknown } | null)?.number).find((n) => typeof n === 'string');
    if (typeof recorded === 'string') out[e.entityId] = recorded;
  }
  return out;
}

/** One page of the entries `where` selects, in `order` (`limit` default 50, `page` from 1), and how many it selects in all. */
function auditPage(db: Db, where: SQL | undefined, order: SQL[], paging: { page?: number; limit?: number }): AuditPage {
  const limit = paging.limit ?? 50;
  const page = paging.page ?? 1;
  const rows = db
    .select()
    .from(auditLog)
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset((page - 1) * limit)
    .all();
  const total = db.select({ n: count() }).from(auditLog).where(where).get()?.n ?? 0;
  return { items: rows.map(toEntry), total };
}

/** Newest first, one page; `total` is every matching entry (X-Total-Count); `quoteNumbers` names the quotes on it. */
export async function listAudit(db: Db, q: AuditQuery): Promise<AuditPage & { quoteNumbers: Record<string, string> }> {
  const page = auditPage(db, whereOf(q), [desc(auditLog.at), desc(auditLog.id)], q);
  return { ...page, quoteNumbers: quoteNumbersOf(db, page.items) };
}

/** One quote's own entries, oldest first, one page (`limit` default 50); access is checked by the caller. */
export async function quoteTimeline(db: Db, configurationId: number, paging: { page?: number; limit?: number } = {}): Promise<AuditPage> {
  // Entries are appended in time order: their id is their order (and the index's), cheaper than sorting by time.
  return auditPage(db, and(eq(auditLog.entity, 'quote'), eq(auditLog.entityId, configurationId)), [asc(auditLog.id)], paging);
}

/** Rows per step of the CSV export: a few milliseconds of work between two chances for other requests. */
export const AUDIT_EXPORT_CHUNK = 1000;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Every matching entry as CSV text (header first), newest first, produced a chunk at a time: each chunk is one
 * indexed read of the next AUDIT_EXPORT_CHUNK entries below the last id written (keyset, so a late chunk costs what
 * the first did), and between chunks the event loop serves whatever else is waiting. Entries added meanwhile are not
 * in the export (their ids are above the first chunk's).
 */
export async function* auditCsvChunks(db: Db, q: AuditQuery, chunk = AUDIT_EXPORT_CHUNK): AsyncGenerator<string> {
  yield `${CSV_HEADER}\r\n`;
  const where = whereOf(q);
  let below: number | undefined;
  for (;;) {
    await nextTurn();
    const rows = db
      .select()
      .from(auditLog)
      .where(below === undefined ? where : and(where, lt(auditLog.id, below)))
      .orderBy(desc(auditLog.id))
      .limit(chunk)
      .all();
    if (rows.length === 0) return;
    yield rows.map((r) => `${csvLine(toEntry(r))}\r\n`).join('');
    if (rows.length < chunk) return;
    below = rows[rows.length - 1]!.id;
  }
}

function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'string' ? value : JSON.stringify(value);
  // A cell a spreadsheet would run as a formula is prefixed, so an exported name cannot become one (OWASP CSV injection).
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const CSV_HEADER = ['id', 'at', 'userId', 'actor', 'entity', 'entityId', 'action', 'before', 'after'].join(',');

function csvLine(e: AuditEntry): string {
  return [e.id, e.at, e.userId, e.actor, e.entity, e.entityId, e.action, e.before, e.after].map(csvCell).join(',');
}
