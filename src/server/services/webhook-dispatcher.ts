// Sends the webhook outbox (webhook-outbox.ts) after each commit, in the process that serves the app. Each delivery is
// a POST of its JSON with the Standard Webhooks headers, signed with the webhook's secret by the `standardwebhooks`
// package. A failure (an answer other than 2xx, a refused connection, no answer in 10 s, an address that is not
// public) is tried again after a wait that grows from WEBHOOK_RETRY_BASE_MS; after the last try the delivery is marked
// failed. Each webhook is its own queue: one delivery at a time to it, in the order they fell due, while other
// webhooks are sent to meanwhile, so a receiver that never answers holds up only its own. Everything lives in the
// database: a restart picks up what was pending, at its time. The same loop deletes finished deliveries once they are
// older than the retention, so the table does not grow for ever; a pending one is never deleted.
import http from 'node:http';
import https from 'node:https';
import { and, asc, eq, inArray, isNotNull, lt, lte, min, notInArray } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { webhookDeliveries, webhooks } from '../../../db/schema';
import type { DeliveryFailure } from '../../shared/schemas/webhooks';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { logger } from '../logging';
import { hourlyPruning, nextTryAt, outboxLoop, retentionCutoff, type OutboxLoop, type OutboxWorker } from './outbox';
import { BlockedAddressError, literalIsBlocked, publicOnlyLookup, type WebhookTargets } from './webhook-address';
import { onDeliveriesWaiting } from './webhook-outbox';

// The waits after each failed try (outbox.ts), in multiples of WEBHOOK_RETRY_BASE_MS.
export { RETRY_FACTORS } from './outbox';
export const DELIVERY_TIMEOUT_MS = 10_000;
/** Webhooks sent to at once (one delivery each); the others' deliveries wait for a free place. */
const PARALLEL_WEBHOOKS = 8;
/** How often the outbox is looked at even when nothing was announced (a commit by another process, e.g. a script). */
const IDLE_LOOK_MS = 30_000;

/**
 * Deletes delivered and failed deliveries whose last try is more than `retentionDays` old; answers how many. Pending
 * ones stay whatever their age: they are still to be sent.
 */
export async function pruneDeliveries(db: Db, now: Date, retentionDays: number): Promise<number> {
  const before = retentionCutoff(now, retentionDays);
  return db
    .delete(webhookDeliveries)
    .where(and(inArray(webhookDeliveries.status, ['delivered', 'failed']), lt(webhookDeliveries.lastAttemptAt, before)))
    .run().changes;
}

export type WebhookDispatcher = OutboxWorker;

export interface DispatcherOptions {
  db: Db;
  clock: Clock;
  retryBaseMs: number;
  /** Days a delivered or failed delivery is kept (WEBHOOK_DELIVERY_RETENTION_DAYS). */
  retentionDays: number;
  /** WEBHOOK_ALLOW_PRIVATE and the resolver that each connection's address is checked with. */
  targets: WebhookTargets;
  timeoutMs?: number;
}

class NoAnswerError extends Error {}

/** A failure as the deliveries list names it: never the network's own words (docs/API.md "Webhooks"). */
function failureKind(error: unknown): DeliveryFailure {
  if (error instanceof BlockedAddressError) return 'blocked address';
  if (error instanceof NoAnswerError) return 'timed out';
  return 'connection failed';
}

interface Post {
  url: string;
  body: string;
  headers: Record<string, string>;
  timeoutMs: number;
  targets: WebhookTargets;
}

/**
 * POSTs and answers the status code; a redirect is an answer like any other (never followed, so it cannot lead
 * inside). Without WEBHOOK_ALLOW_PRIVATE the connection's own lookup refuses a name with an address that is not public,
 * at the moment it connects, so a name cannot pass the save's check and then resolve inside.
 */
function post({ url, body, headers, timeoutMs, targets }: Post): Promise<number> {
  const target = new URL(url);
  if (!targets.allowPrivate && literalIsBlocked(target)) return Promise.reject(new BlockedAddressError(target.hostname));
  return new Promise((resolve, reject) => {
    const request = (target.protocol === 'https:' ? https : http).request(
      target,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        // a connection of its own each time: a kept-alive one would skip the lookup that checks the address
        agent: false,
        ...(targets.allowPrivate ? {} : { lookup: publicOnlyLookup(targets.resolveHost) }),
      },
      (res) => {
        clearTimeout(timer);
        resolve(res.statusCode ?? 0);
        res.destroy();
      },
    );
    const timer = setTimeout(() => request.destroy(new NoAnswerError()), timeoutMs);
    request.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    request.end(body);
  });
}

export function startWebhookDispatcher(options: DispatcherOptions): WebhookDispatcher {
  const { db, clock, retryBaseMs, retentionDays, targets } = options;
  const timeoutMs = options.timeoutMs ?? DELIVERY_TIMEOUT_MS;
  const pruneWhenDue = hourlyPruning(clock, 'webhook deliveries', retentionDays, (now) => pruneDeliveries(db, now, retentionDays));

  const pendingAndDue = () => and(eq(webhookDeliveries.status, 'pending'), lte(webhookDeliveries.nextAttemptAt, clock.now()));
  /** Leaves out the webhooks being sent to: each has one delivery at a time. */
  const notBusy = (busy: ReadonlyMap<number, unknown>) => (busy.size === 0 ? undefined : notInArray(webhookDeliveries.webhookId, [...busy.keys()]));

  /** Webhooks with a delivery due and none on its way, the one waiting longest first. */
  const dueWebhooks = (limit: number, busy: ReadonlyMap<number, unknown>) =>
    db
      .select({ id: webhookDeliveries.webhookId })
      .from(webhookDeliveries)
      .where(and(pendingAndDue(), notBusy(busy)))
      .groupBy(webhookDeliveries.webhookId)
      .orderBy(min(webhookDeliveries.nextAttemptAt))
      .limit(limit)
      .all();

  /** A webhook's next delivery: its first due, in the order they fell due. */
  const nextOf = (webhookId: number) =>
    db
      .select({ delivery: webhookDeliveries, url: webhooks.url, secret: webhooks.secret })
      .from(webhookDeliveries)
      .innerJoin(webhooks, eq(webhooks.id, webhookDeliveries.webhookId))
      .where(and(eq(webhookDeliveries.webhookId, webhookId), pendingAndDue()))
      .orderBy(asc(webhookDeliveries.nextAttemptAt), asc(webhookDeliveries.id))
      .limit(1)
      .get();

  /** When the next delivery to a webhook not being sent to falls due. */
  const nextDue = (busy: ReadonlyMap<number, unknown>): number | null => {
    const row = db
      .select({ at: min(webhookDeliveries.nextAttemptAt) })
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.status, 'pending'), isNotNull(webhookDeliveries.nextAttemptAt), notBusy(busy)))
      .get();
    return row?.at ? new Date(row.at).getTime() : null;
  };

  async function send(row: NonNullable<ReturnType<typeof nextOf>>, loop: OutboxLoop): Promise<void> {
    const d = row.delivery;
    const attemptAt = clock.now();
    let status: number | null = null;
    let failure: DeliveryFailure | null = null;
    try {
      const signature = new Webhook(row.secret).sign(d.messageId, attemptAt, d.payload);
      status = await post({
        url: row.url,
        body: d.payload,
        timeoutMs,
        targets,
        headers: {
          'content-type': 'application/json',
          'user-agent': 'quote-configurator-webhooks',
          'webhook-id': d.messageId,
          'webhook-timestamp': String(Math.floor(attemptAt.getTime() / 1000)),
          'webhook-signature': signature,
        },
      });
    } catch (error) {
      failure = failureKind(error);
    }
    const attempts = d.attempts + 1;
    const done = status !== null && status >= 200 && status <= 299;
    const next = done ? null : nextTryAt(clock.now(), attempts, retryBaseMs);
    const last = !done && next === null;
    try {
      db.update(webhookDeliveries)
        .set({
          attempts,
          status: done ? 'delivered' : last ? 'failed' : 'pending',
          lastStatus: status,
          lastError: failure,
          lastAttemptAt: attemptAt,
          nextAttemptAt: next,
        })
        .where(eq(webhookDeliveries.id, d.id))
        .run();
    } catch (error) {
      // The database was closed under a stopping dispatcher: the row stays pending and is sent after the restart.
      if (!loop.stopped) logger.error({ err: error }, 'webhook delivery: could not record the outcome');
    }
  }

  function lookOnce(loop: OutboxLoop): void {
    let next: number | null;
    try {
      pruneWhenDue();
      const free = PARALLEL_WEBHOOKS - loop.inFlight.size;
      for (const { id } of free > 0 ? dueWebhooks(free, loop.inFlight) : []) {
        const row = nextOf(id);
        if (row) loop.start(id, send(row, loop));
      }
      // Every place taken: each send that ends looks again.
      if (loop.inFlight.size >= PARALLEL_WEBHOOKS) return;
      next = nextDue(loop.inFlight);
    } catch (error) {
      if (!loop.stopped) logger.error({ err: error }, 'webhook dispatcher: could not read the outbox');
      loop.schedule(IDLE_LOOK_MS);
      return;
    }
    if (next !== null) loop.schedule(Math.min(IDLE_LOOK_MS, Math.max(0, next - clock.now().getTime())));
    else {
      if (loop.inFlight.size === 0) loop.settled();
      loop.schedule(IDLE_LOOK_MS);
    }
  }

  return outboxLoop((wake) => onDeliveriesWaiting(db, wake), lookOnce);
}
