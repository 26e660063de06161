// The webhook outbox: an event becomes one delivery row per subscribed webhook, written in the transaction of the change
// that caused it, so an event exists exactly when its change was committed. The dispatcher (webhook-dispatcher.ts)
// sends the rows after the commit; the request that caused them never waits.
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { configurations, webhookDeliveries, webhooks } from '../../../db/schema';
import { formatMoney } from '../../shared/money';
import { formatQuoteNumber } from '../../shared/quote-dates';
import type { WebhookEvent } from '../../shared/schemas/webhooks';
import type { Clock } from '../clock';
import { perDatabase, type Db } from '../db/database';
import { outboxSignal } from './outbox';

export type OutboxEvent = WebhookEvent | 'ping';

/** The Standard Webhooks message id of a delivery: the same on every attempt, so a receiver can drop repeats. */
export const newMessageId = () => `msg_${randomBytes(16).toString('hex')}`;

/** The dispatchers running on a database (one per process), told after the commit that deliveries wait. */
const waiting = outboxSignal();
export const onDeliveriesWaiting = waiting.listen;
export const announceDeliveries = waiting.announce;

const subscribersOf = perDatabase((db: Db) =>
  db
    .select({ id: webhooks.id, events: webhooks.events })
    .from(webhooks)
    .where(eq(webhooks.active, sql`1`))
    .prepare(),
);

/** Queues `type` for every active webhook that asked for it. Call inside the transaction of the change. */
export function enqueueEvent(db: Db, clock: Clock, type: WebhookEvent, data: unknown | (() => unknown)): void {
  const hooks = subscribersOf(db)
    .all()
    .filter((h) => h.events.includes(type));
  if (hooks.length === 0) return;
  const now = clock.now();
  const value = typeof data === 'function' ? (data as () => unknown)() : data;
  for (const hook of hooks) insertDelivery(db, now, hook.id, type, value);
  announceDeliveries(db);
}

/**
 * One delivery of an event to one webhook, due now: a new message (its own id, `now` as its timestamp). The events,
 * the admin's ping and a resend all queue through here.
 */
export function insertDelivery(db: Db, now: Date, webhookId: number, type: OutboxEvent, data: unknown): typeof webhookDeliveries.$inferSelect {
  const payload = JSON.stringify({ type, timestamp: now.toISOString(), data });
  return db
    .insert(webhookDeliveries)
    .values({ webhookId, messageId: newMessageId(), event: type, payload, status: 'pending', createdAt: now, nextAttemptAt: now })
    .returning()
    .get();
}

/** What a quote event says about the quote: its number, status and stored figures, never its snapshot. */
function quoteData(db: Db, id: number, fallback: unknown): unknown {
  const q = db
    .select({
      number: configurations.number,
      name: configurations.name,
      status: configurations.status,
      revision: configurations.revision,
      validUntil: configurations.validUntil,
      customerCompany: configurations.customerCompany,
      totalMonthly: configurations.totalMonthly,
      setupFees: configurations.setupFees,
      tcv: configurations.tcv,
      sellerDiscount: configurations.sellerDiscount,
    })
    .from(configurations)
    .where(eq(configurations.id, id))
    .get();
  if (!q) return { quote: { id, ...(fallback as object) } };
  return {
    quote: {
      id,
      number: formatQuoteNumber(q.number),
      name: q.name,
      status: q.status,
      revision: q.revision,
      validUntil: q.validUntil,
      customerCompany: q.customerCompany,
      totalMonthly: formatMoney(q.totalMonthly),
      setupFees: formatMoney(q.setupFees),
      tcv: formatMoney(q.tcv),
      sellerDiscount: q.sellerDiscount,
    },
  };
}

const CATALOGUE_ENTITIES = new Set(['package', 'addon', 'category', 'discount']);
/** A quote entry's action, and a status change's new status, as the event it stands for. */
const QUOTE_EVENTS = new Map<string, WebhookEvent>([
  ['created', 'quote.created'],
  ['opened', 'quote.viewed'],
  ['accepted', 'quote.accepted'],
  ['declined', 'quote.declined'],
  ['deleted', 'quote.deleted'],
]);
const STATUS_EVENTS = new Map<string | undefined, WebhookEvent>([
  ['sent', 'quote.sent'],
  ['accepted', 'quote.accepted'],
  ['declined', 'quote.declined'],
]);

/**
 * The webhook event an audit entry stands for, queued in the same transaction: every event is also an audit entry, so
 * nothing that is audited can be missed by a webhook.
 */
export function enqueueForAudit(
  db: Db,
  clock: Clock,
  entry: { entity: string; entityId: number | null; action: string; before?: unknown; after?: unknown },
): void {
  if (CATALOGUE_ENTITIES.has(entry.entity)) {
    enqueueEvent(db, clock, 'catalogue.changed', { entity: entry.entity, id: entry.entityId, action: entry.action });
    return;
  }
  if (entry.entity !== 'quote' || entry.entityId === null) return;
  const type =
    entry.action === 'status_changed'
      ? STATUS_EVENTS.get((entry.after as { status?: string } | null | undefined)?.status)
      : QUOTE_EVENTS.get(entry.action);
  const id = entry.entityId;
  if (type) enqueueEvent(db, clock, type, () => quoteData(db, id, entry.before ?? {}));
}
