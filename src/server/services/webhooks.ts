// Webhook subscriptions and their deliveries (docs/API.md "Webhooks"), for the admin. The signing secret is shown once,
// when the webhook is made; every change is an audit entry that never holds the secret.
import { randomBytes } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { webhookDeliveries, webhooks } from '../../../db/schema';
import {
  DELIVERY_FAILURES,
  type CreatedWebhook,
  type CreateWebhookInput,
  type DeliveryDto,
  type DeliveryFailure,
  type UpdateWebhookInput,
  type WebhookDto,
} from '../../shared/schemas/webhooks';
import type { Clock } from '../clock';
import { transaction, type Db } from '../db/database';
import { NotFoundError } from '../errors';
import { recordAudit } from './audit';
import { assertPublicTarget, type WebhookTargets } from './webhook-address';
import { announceDeliveries, insertDelivery, type OutboxEvent } from './webhook-outbox';

/** The deliveries listed per webhook, newest first. */
export const DELIVERIES_SHOWN = 100;

type Row = typeof webhooks.$inferSelect;
type DeliveryRow = typeof webhookDeliveries.$inferSelect;

const toDto = (r: Row): WebhookDto => ({
  id: r.id,
  url: r.url,
  events: r.events as WebhookDto['events'],
  active: r.active,
  createdAt: r.createdAt.toISOString(),
});
const auditView = (r: Row) => ({ url: r.url, events: r.events, active: r.active });
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * The failure a row records, as one of the listed kinds: rows written before the kinds existed hold the network's own
 * words (`ECONNREFUSED`, "No answer in 10 s", "Answered 500"), which are read as their kind, or as nothing when the
 * try got a status code.
 */
function failureOf(r: DeliveryRow): DeliveryFailure | null {
  if (r.lastError === null || r.lastStatus !== null) return null;
  if ((DELIVERY_FAILURES as readonly string[]).includes(r.lastError)) return r.lastError as DeliveryFailure;
  return r.lastError.startsWith('No answer in') ? 'timed out' : 'connection failed';
}

function toDeliveryDto(r: DeliveryRow): DeliveryDto {
  return {
    id: r.id,
    event: r.event,
    status: r.status,
    attempts: r.attempts,
    lastResponseCode: r.lastStatus,
    lastError: failureOf(r),
    createdAt: r.createdAt.toISOString(),
    lastAttemptAt: iso(r.lastAttemptAt),
    nextAttemptAt: iso(r.nextAttemptAt),
  };
}

/** A Standard Webhooks secret: `whsec_` and 32 random bytes in base64. */
const newSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

function rowOf(db: Db, id: number): Row {
  const row = db.select().from(webhooks).where(eq(webhooks.id, id)).get();
  if (!row) throw new NotFoundError('Webhook not found');
  return row;
}

export async function createWebhook(
  db: Db,
  clock: Clock,
  actorId: number,
  input: CreateWebhookInput,
  targets: WebhookTargets,
): Promise<CreatedWebhook> {
  await assertPublicTarget(input.url, targets);
  return transaction(db, () => {
    const row = db.insert(webhooks).values({ url: input.url, events: input.events, secret: newSecret(), createdAt: clock.now() }).returning().get();
    recordAudit(db, clock, { userId: actorId }, { entity: 'webhook', entityId: row.id, action: 'create', after: auditView(row) });
    return { ...toDto(row), secret: row.secret };
  });
}

export async function listWebhooks(db: Db): Promise<WebhookDto[]> {
  return db.select().from(webhooks).orderBy(webhooks.id).all().map(toDto);
}

export async function getWebhook(db: Db, id: number): Promise<WebhookDto> {
  return toDto(rowOf(db, id));
}

/** A new address is checked as a new webhook's is; a change that keeps the address is not looked at again. */
export async function updateWebhook(db: Db, clock: Clock, actorId: number, input: UpdateWebhookInput, targets: WebhookTargets): Promise<WebhookDto> {
  rowOf(db, input.id);
  if (input.url !== undefined) await assertPublicTarget(input.url, targets);
  return transaction(db, () => {
    const before = rowOf(db, input.id);
    const changes = {
      ...(input.url !== undefined ? { url: input.url } : {}),
      ...(input.events !== undefined ? { events: input.events } : {}),
      ...(input.active !== undefined ? { active: input.active } : {}),
    };
    if (Object.keys(changes).length === 0) return toDto(before);
    const row = db.update(webhooks).set(changes).where(eq(webhooks.id, input.id)).returning().get();
    recordAudit(
      db,
      clock,
      { userId: actorId },
      { entity: 'webhook', entityId: row.id, action: 'update', before: auditView(before), after: auditView(row) },
    );
    return toDto(row);
  });
}

/** Deletes the webhook and, with it, its deliveries (nothing more is sent to it). */
export async function deleteWebhook(db: Db, clock: Clock, actorId: number, id: number): Promise<void> {
  transaction(db, () => {
    const before = rowOf(db, id);
    db.delete(webhooks).where(eq(webhooks.id, id)).run();
    recordAudit(db, clock, { userId: actorId }, { entity: 'webhook', entityId: id, action: 'delete', before: auditView(before) });
  });
}

export async function listDeliveries(db: Db, webhookId: number): Promise<DeliveryDto[]> {
  rowOf(db, webhookId);
  return db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.webhookId, webhookId))
    .orderBy(desc(webhookDeliveries.id))
    .limit(DELIVERIES_SHOWN)
    .all()
    .map(toDeliveryDto);
}

function deliveryRowOf(db: Db, webhookId: number, deliveryId: number): DeliveryRow {
  const row = db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.webhookId, webhookId)))
    .get();
  if (!row) throw new NotFoundError('Delivery not found');
  return row;
}

/** Queues a `ping` for the webhook (sent like any event, whether or not the webhook is active); answers it, pending. */
export async function queuePing(db: Db, clock: Clock, webhookId: number): Promise<DeliveryDto> {
  const row = transaction(db, () => {
    rowOf(db, webhookId);
    return insertDelivery(db, clock.now(), webhookId, 'ping', { webhookId });
  });
  announceDeliveries(db);
  return toDeliveryDto(row);
}

/**
 * Sends a delivery again as a new message (a fresh id and timestamp, the same event and data), whatever became of the
 * first: the first keeps its history.
 */
export async function resendDelivery(db: Db, clock: Clock, webhookId: number, deliveryId: number): Promise<DeliveryDto> {
  const row = transaction(db, () => {
    const old = deliveryRowOf(db, webhookId, deliveryId);
    const { data } = JSON.parse(old.payload) as { data: unknown };
    return insertDelivery(db, clock.now(), webhookId, old.event as OutboxEvent, data);
  });
  announceDeliveries(db);
  return toDeliveryDto(row);
}
