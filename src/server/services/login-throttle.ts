// Failed-login throttling per account, not per client address (docs/PRODUCT.md "Accounts and sessions": a whole team may share one address).
import { asc, eq, lte } from 'drizzle-orm';
import { loginFailures } from '../../../db/schema';
import { transaction, type Db } from '../db/database';

export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILED_LOGINS = 10;

export type LoginAttempt = { allowed: true; attemptId: number } | { allowed: false; retryAfterMs: number };

/**
 * Starts an attempt for `account` (a lower-cased login name). The attempt is recorded as a failure up front, in the
 * same synchronous step as the count, so parallel guesses cannot all slip under the limit while a hash is verified;
 * a successful login then clears the account's failures.
 */
export function beginLoginAttempt(db: Db, now: Date, account: string): LoginAttempt {
  const windowStart = new Date(now.getTime() - LOGIN_WINDOW_MS);
  return transaction(db, () => {
    // Failures that left the window matter to no account any more: the table stays as small as the recent failures.
    db.delete(loginFailures).where(lte(loginFailures.at, windowStart)).run();
    const recent = db
      .select({ at: loginFailures.at })
      .from(loginFailures)
      .where(eq(loginFailures.account, account))
      .orderBy(asc(loginFailures.at))
      .all();
    if (recent.length >= MAX_FAILED_LOGINS) {
      // Open again once enough failures have left the window to go below the limit.
      const freesAt = recent[recent.length - MAX_FAILED_LOGINS]!.at.getTime() + LOGIN_WINDOW_MS;
      return { allowed: false as const, retryAfterMs: Math.max(0, freesAt - now.getTime()) };
    }
    const row = db.insert(loginFailures).values({ account, at: now }).returning({ id: loginFailures.id }).get();
    return { allowed: true as const, attemptId: row.id };
  });
}

/** Takes back an attempt that was never judged (the hashing pool was full): it must not count toward the lockout. */
export function cancelLoginAttempt(db: Db, attemptId: number): void {
  db.delete(loginFailures).where(eq(loginFailures.id, attemptId)).run();
}

export function clearLoginFailures(db: Db, account: string): void {
  db.delete(loginFailures).where(eq(loginFailures.account, account)).run();
}
