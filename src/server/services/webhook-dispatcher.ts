// Sends the webhook outbox (webhook-outbox.ts) after each commit, in the process that serves the app. Each delivery is
// a POST of its JSON with the Standard Webhooks headers, signed with the webhook's secret by the `standardwebhooks`
// package. A failure (an answer other than 2xx, a refused connection, no answer in 10 s) is tried again after a wait
// that grows from WEBHOOK_RETRY_BASE_MS; after the last try the delivery is marked failed. Everything lives in the
// database: a restart picks up what was pending, at its time. The same loop deletes finished deliveries once they are
// older than the retention, so the table does not grow for ever; a pending one is never deleted.
import { and, asc, eq, inArray, isNotNull, lt, lte, min } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { webhookDeliveries, webhooks } from '../../../db/schema';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { logger } from '../logging';
import { nextTryAt } from './outbox';
import { onDeliveriesWaiting } from './webhook-outbox';

// The waits after each failed try (outbox.ts), in multiples of WEBHOOK_RETRY_BASE_MS.
export { RETRY_FACTORS } from './outbox';
export const DELIVERY_TIMEOUT_MS = 10_000;
/** Deliveries sent at once; the rest wait for the next round. */
const PARALLEL = 4;
/** How often the outbox is looked at even when nothing was announced (a commit by another process, e.g. a script). */
const IDLE_LOOK_MS = 30_000;
const ERROR_MAX = 200;
/** How often finished deliveries older than the retention are deleted (and once at start). */
const PRUNE_EVERY_MS = 60 * 60_000;
const DAY_MS = 86_400_000;

/**
 * Deletes delivered and failed deliveries whose last try is more than `retentionDays` old; answers how many. Pending
 * ones stay whatever their age: they are still to be sent.
 */
export function pruneDeliveries(db: Db, now: Date, retentionDays: number): number {
  const before = new Date(now.getTime() - retentionDays * DAY_MS);
  return db
    .delete(webhookDeliveries)
    .where(and(inArray(webhookDeliveries.status, ['delivered', 'failed']), lt(webhookDeliveries.lastAttemptAt, before)))
    .run().changes;
}

export interface WebhookDispatcher {
  /** Looks at the outbox now. */
  kick(): void;
  /** Resolves when nothing is being sent and nothing is due. */
  idle(): Promise<void>;
  /** Stops sending; resolves when the deliveries in flight have their outcome written. */
  stop(): Promise<void>;
}

export interface DispatcherOptions {
  db: Db;
  clock: Clock;
  retryBaseMs: number;
  /** Days a delivered or failed delivery is kept (WEBHOOK_DELIVERY_RETENTION_DAYS). */
  retentionDays: number;
  timeoutMs?: number;
}

function describeFailure(error: unknown, timeoutMs: number): string {
  const e = error as { name?: string; cause?: { code?: string; message?: string }; message?: string };
  if (e?.name === 'TimeoutError' || e?.name === 'AbortError') return `No answer in ${timeoutMs / 1000} s`;
  const text = e?.cause?.code ?? e?.cause?.message ?? e?.message ?? String(error);
  return text.slice(0, ERROR_MAX);
}

export function startWebhookDispatcher(options: DispatcherOptions): WebhookDispatcher {
  const { db, clock, retryBaseMs, retentionDays } = options;
  const timeoutMs = options.timeoutMs ?? DELIVERY_TIMEOUT_MS;
  const inFlight = new Map<number, Promise<void>>();
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let idleWaiters: (() => void)[] = [];
  let prunedAt = Number.NEGATIVE_INFINITY;

  function pruneWhenDue(): void {
    const now = clock.now();
    if (now.getTime() - prunedAt < PRUNE_EVERY_MS) return;
    prunedAt = now.getTime();
    const deleted = pruneDeliveries(db, now, retentionDays);
    if (deleted > 0) logger.info({ deleted, retentionDays }, 'webhook deliveries past their retention deleted');
  }

  const due = () =>
    db
      .select({ delivery: webhookDeliveries, url: webhooks.url, secret: webhooks.secret })
      .from(webhookDeliveries)
      .innerJoin(webhooks, eq(webhooks.id, webhookDeliveries.webhookId))
      .where(and(eq(webhookDeliveries.status, 'pending'), lte(webhookDeliveries.nextAttemptAt, clock.now())))
      .orderBy(asc(webhookDeliveries.nextAttemptAt), asc(webhookDeliveries.id))
      .limit(PARALLEL * 4)
      .all();

  const nextDue = (): number | null => {
    const row = db
      .select({ at: min(webhookDeliveries.nextAttemptAt) })
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.status, 'pending'), isNotNull(webhookDeliveries.nextAttemptAt)))
      .get();
    return row?.at ? new Date(row.at).getTime() : null;
  };

  async function send(row: ReturnType<typeof due>[number]): Promise<void> {
    const d = row.delivery;
    const attemptAt = clock.now();
    let status: number | null = null;
    let failure: string | null = null;
    try {
      const signature = new Webhook(row.secret).sign(d.messageId, attemptAt, d.payload);
      const res = await fetch(row.url, {
        method: 'POST',
        body: d.payload,
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
        headers: {
          'content-type': 'application/json',
          'user-agent': 'quote-configurator-webhooks',
          'webhook-id': d.messageId,
          'webhook-timestamp': String(Math.floor(attemptAt.getTime() / 1000)),
          'webhook-signature': signature,
        },
      });
      status = res.status;
      await res.body?.cancel().catch(() => undefined);
      if (status < 200 || status > 299) failure = `Answered ${status}`;
    } catch (error) {
      failure = describeFailure(error, timeoutMs);
    }
    const attempts = d.attempts + 1;
    const done = failure === null;
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
      if (!stopped) logger.error({ err: error }, 'webhook delivery: could not record the outcome');
    }
  }

  function look(): void {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = undefined;
    let rows: ReturnType<typeof due>;
    try {
      pruneWhenDue();
      rows = due();
    } catch (error) {
      if (!stopped) logger.error({ err: error }, 'webhook dispatcher: could not read the outbox');
      schedule(IDLE_LOOK_MS);
      return;
    }
    for (const row of rows) {
      if (inFlight.size >= PARALLEL) break;
      if (inFlight.has(row.delivery.id)) continue;
      const p = send(row).finally(() => {
        inFlight.delete(row.delivery.id);
        look();
      });
      inFlight.set(row.delivery.id, p);
    }
    if (inFlight.size > 0) return;
    const next = nextDue();
    if (next === null) {
      for (const w of idleWaiters.splice(0)) w();
      schedule(IDLE_LOOK_MS);
    } else schedule(Math.min(IDLE_LOOK_MS, Math.max(0, next - clock.now().getTime())));
  }

  function schedule(ms: number): void {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(look, ms);
    timer.unref();
  }

  const unsubscribe = onDeliveriesWaiting(db, look);
  setImmediate(look);

  return {
    kick: look,
    idle: () =>
      new Promise((resolve) => {
        idleWaiters.push(resolve);
        setImmediate(look);
      }),
    async stop() {
      stopped = true;
      unsubscribe();
      if (timer) clearTimeout(timer);
      await Promise.allSettled([...inFlight.values()]);
      for (const w of idleWaiters.splice(0)) w();
      idleWaiters = [];
    },
  };
}
