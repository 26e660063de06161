// What the two outboxes share — the webhook deliveries (webhook-outbox.ts) and the mail the product owes
// (owed-mail.ts): a row written in the transaction of the change, a worker told after the commit, and one schedule of
// waits between failed tries.
import type { Clock } from '../clock';
import { perDatabase, type Db } from '../db/database';
import { logger } from '../logging';

/**
 * The waits after each failed try, in multiples of a base (WEBHOOK_RETRY_BASE_MS for webhooks, a minute for mail):
 * with a minute, 1 min, 5 min, 30 min, 2 h, 4 h and 5 h, seven tries over about 11.6 hours.
 */
export const RETRY_FACTORS = [1, 5, 30, 120, 240, 300] as const;
const MAX_ATTEMPTS = RETRY_FACTORS.length + 1;

/** When the next try is due after `attempts` failed tries, or null when that was the last. */
export function nextTryAt(now: Date, attempts: number, baseMs: number): Date | null {
  if (attempts >= MAX_ATTEMPTS) return null;
  return new Date(now.getTime() + baseMs * RETRY_FACTORS[attempts - 1]!);
}

/** How often an outbox deletes its finished rows past their retention (and at its first look). */
const PRUNE_EVERY_MS = 60 * 60_000;
const DAY_MS = 86_400_000;

/** The moment `retentionDays` before `now`: finished rows last tried before it are deleted. */
export function retentionCutoff(now: Date, retentionDays: number): Date {
  return new Date(now.getTime() - retentionDays * DAY_MS);
}

/**
 * A worker's pruning, called at each look: runs `prune` at the first look and then at most once an hour, and logs
 * what it deleted (`what`: "webhook deliveries", "owed mail") or that it could not.
 */
export function hourlyPruning(clock: Clock, what: string, retentionDays: number, prune: (now: Date) => Promise<number>): () => void {
  let prunedAt = Number.NEGATIVE_INFINITY;
  return () => {
    const now = clock.now();
    if (now.getTime() - prunedAt < PRUNE_EVERY_MS) return;
    prunedAt = now.getTime();
    prune(now).then(
      (deleted) => {
        if (deleted > 0) logger.info({ deleted, retentionDays }, `${what} past their retention deleted`);
      },
      (error: unknown) => logger.error({ err: error }, `${what}: could not delete old rows`),
    );
  };
}

/** Who is told that rows are waiting in one outbox: its workers running on a database (one per process). */
export function outboxSignal(): { listen(db: Db, listener: () => void): () => void; announce(db: Db): void } {
  const listenersOf = perDatabase((): Set<() => void> => new Set());
  return {
    listen(db, listener) {
      listenersOf(db).add(listener);
      return () => listenersOf(db).delete(listener);
    },
    /** Tells the workers after the current synchronous work (and so the transaction it ran in) has ended. */
    announce(db) {
      const listeners = listenersOf(db);
      if (listeners.size === 0) return;
      setImmediate(() => {
        for (const l of listeners) l();
      });
    },
  };
}

/** What a worker's look sees of its loop (outboxLoop). */
export interface OutboxLoop {
  /** The tries on their way, by key (a row's id, a webhook's id). */
  readonly inFlight: Map<number, Promise<void>>;
  readonly stopped: boolean;
  /** Keeps `work` as the try of `key`; when it ends, the loop looks again. */
  start(key: number, work: Promise<void>): void;
  /** Looks again in `ms` (or sooner, when told). */
  schedule(ms: number): void;
  /** Nothing is on its way and nothing is due now: answers whoever waits for idle. */
  settled(): void;
}

export interface OutboxWorker {
  /** Looks at the outbox now. */
  kick(): void;
  /** Resolves when nothing is being sent and nothing is due. */
  idle(): Promise<void>;
  /** Stops looking; resolves when the tries on their way have their outcome written. */
  stop(): Promise<void>;
}

/**
 * The loop both workers run: `lookOnce` after every announced commit (`subscribe`), after each try ends and when its
 * timer fires, never two at once and never after stop.
 */
export function outboxLoop(subscribe: (wake: () => void) => () => void, lookOnce: (loop: OutboxLoop) => void): OutboxWorker {
  const inFlight = new Map<number, Promise<void>>();
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const idleWaiters: (() => void)[] = [];
  const loop: OutboxLoop = {
    inFlight,
    get stopped() {
      return stopped;
    },
    start(key, work) {
      inFlight.set(
        key,
        work.finally(() => {
          inFlight.delete(key);
          look();
        }),
      );
    },
    schedule(ms) {
      if (stopped) return;
      if (timer) clearTimeout(timer);
      timer = setTimeout(look, ms);
      timer.unref();
    },
    settled() {
      for (const w of idleWaiters.splice(0)) w();
    },
  };
  function look(): void {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = undefined;
    lookOnce(loop);
  }
  const unsubscribe = subscribe(look);
  setImmediate(look);
  return {
    kick: look,
    idle: () =>
      new Promise((resolve) => {
        if (stopped) return resolve();
        idleWaiters.push(resolve);
        setImmediate(look);
      }),
    async stop() {
      stopped = true;
      unsubscribe();
      if (timer) clearTimeout(timer);
      await Promise.allSettled([...inFlight.values()]);
      loop.settled();
    },
  };
}
