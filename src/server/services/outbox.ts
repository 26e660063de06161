// What the two outboxes share — the webhook deliveries (webhook-outbox.ts) and the mail the product owes
// (owed-mail.ts): a row written in the transaction of the change, a worker told after the commit, and one schedule of
// waits between failed tries.
import { perDatabase, type Db } from '../db/database';

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
