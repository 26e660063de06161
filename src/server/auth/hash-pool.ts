// Password hashing is bounded as a resource (docs/PRODUCT.md "Accounts and sessions"): argon2 (19 MiB, ~50 ms of a core each)
// runs at most HASH_CONCURRENCY at a time with at most HASH_QUEUE_LIMIT waiting. Beyond that the request is answered
// at once with 429 + Retry-After instead of joining a queue that would make a real user's login wait seconds: the
// last in line waits about 8 × 50 ms ≈ 0.4 s. At most 2 hashes at once, and always one core left for the event loop
// (a 2-core machine hashes one at a time, 8 waiting; 3 cores or more: 2 at a time, 16 waiting).
import os from 'node:os';
import { RetryLaterError } from '../errors';

export const HASH_CONCURRENCY = Math.max(1, Math.min(2, os.availableParallelism() - 1));
export const HASH_QUEUE_LIMIT = 8 * HASH_CONCURRENCY;
export const SERVER_BUSY = 'The server is busy. Please try again in a moment.';

export class ServerBusyError extends RetryLaterError {
  constructor() {
    super(SERVER_BUSY, 1);
  }
}

export class HashPool {
  private active = 0;
  private readonly queue: (() => void)[] = [];

  constructor(
    private readonly concurrency = HASH_CONCURRENCY,
    private readonly queueLimit = HASH_QUEUE_LIMIT,
  ) {}

  /** True when a new task would be refused now: callers may refuse before doing any other work. */
  get full(): boolean {
    return this.active >= this.concurrency && this.queue.length >= this.queueLimit;
  }

  /**
   * Runs `task` when a slot is free; rejects with ServerBusyError (429) at once when the queue is full. A `priority`
   * task (a sign-in from a browser the account trusts, auth/device-cookie.ts) goes to the front of the queue and is
   * never refused for its length: a flood of guesses must not stand between an owner and their account. Such tasks
   * are few by construction (10 failures per device per 15 minutes).
   */
  async run<T>(task: () => Promise<T>, { priority = false }: { priority?: boolean } = {}): Promise<T> {
    if (this.active >= this.concurrency) {
      if (!priority && this.queue.length >= this.queueLimit) throw new ServerBusyError();
      await new Promise<void>((resolve) => (priority ? this.queue.unshift(resolve) : this.queue.push(resolve)));
    } else {
      this.active += 1;
    }
    try {
      return await task();
    } finally {
      const next = this.queue.shift();
      // The slot passes straight to the next in line (active stays the same), or is freed.
      if (next) next();
      else this.active -= 1;
    }
  }
}

/** The process's one pool: every argon2 hash and verification goes through it (auth/password.ts). */
export const hashPool = new HashPool();
