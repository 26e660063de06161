// Per-client-address limits on registrations and reset requests (docs/PRODUCT.md "Accounts and sessions"): a fixed number per
// address per 10 minutes, RATE_LIMIT_REGISTER / RATE_LIMIT_RESET (0 = off). Kept in memory: one process serves the
// app (docs/PRODUCT.md "Running it"), and a restart forgetting the counts is harmless at these sizes.
import type { Context as HonoContext } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { AppConfig } from '../config';
import type { Clock } from '../clock';
import { RetryLaterError } from '../errors';

export const RATE_WINDOW_MS = 10 * 60 * 1000;
export type RateLimitKind = 'register' | 'reset' | 'shared';

/** The address used when a request has no socket (in-process requests: tests, scripts). */
export const LOCAL_ADDRESS = 'local';

/**
 * The client's address: the socket's peer; with TRUST_PROXY, the LAST X-Forwarded-For entry (the one our own proxy
 * appended: the address that connected to it; entries to its left are whatever the client claimed and are ignored).
 */
export function clientAddressOf(c: HonoContext, config: Pick<AppConfig, 'trustProxy'>): string {
  if (config.trustProxy) {
    const last = c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim();
    if (last) return last;
  }
  try {
    return getConnInfo(c).remote.address ?? LOCAL_ADDRESS;
  } catch {
    return LOCAL_ADDRESS; // no socket: app.request() in tests
  }
}

interface Window {
  start: number;
  count: number;
}

/** Fixed windows per (kind, address). Old windows are swept as new ones open, so memory follows the active addresses. */
export class RateLimiter {
  private readonly windows = new Map<string, Window>();
  private lastSweep = 0;

  constructor(
    private readonly clock: Clock,
    private readonly limits: Record<RateLimitKind, number>,
  ) {}

  /** Counts one request; throws a 429 with Retry-After once the address is over its limit for this window. */
  take(kind: RateLimitKind, address: string): void {
    const limit = this.limits[kind];
    if (limit <= 0) return;
    const now = this.clock.now().getTime();
    this.sweep(now);
    const key = `${kind} ${address}`;
    let w = this.windows.get(key);
    if (!w || now - w.start >= RATE_WINDOW_MS) {
      w = { start: now, count: 0 };
      this.windows.set(key, w);
    }
    if (w.count >= limit) {
      const seconds = Math.ceil((w.start + RATE_WINDOW_MS - now) / 1000);
      const minutes = Math.max(1, Math.ceil(seconds / 60));
      throw new RetryLaterError(`Too many requests from your address. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, seconds);
    }
    w.count += 1;
  }

  private sweep(now: number): void {
    if (now - this.lastSweep < RATE_WINDOW_MS) return;
    this.lastSweep = now;
    for (const [key, w] of this.windows) if (now - w.start >= RATE_WINDOW_MS) this.windows.delete(key);
  }
}

// One limiter per app (its config object), so test apps in one process do not share counts.
const limiters = new WeakMap<object, RateLimiter>();

export function rateLimiterFor(services: { config: AppConfig; clock: Clock }): RateLimiter {
  let l = limiters.get(services.config);
  if (!l) {
    l = new RateLimiter(services.clock, {
      register: services.config.rateLimitRegister,
      reset: services.config.rateLimitReset,
      shared: services.config.rateLimitShared,
    });
    limiters.set(services.config, l);
  }
  return l;
}
