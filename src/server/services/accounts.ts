// Self-service accounts: sign-in checks, registration and profile changes, each on the audit trail.
import { DomainError, RetryLaterError, UnauthorizedError } from '../errors';
import { eq } from 'drizzle-orm';
import { users } from '../../../db/schema';
import type { RegisterInput, UpdateProfileInput } from '../../shared/schemas/auth';
import { HASH_CONCURRENCY, HASH_QUEUE_LIMIT, hashPool, ServerBusyError } from '../auth/hash-pool';
import { verifyPasswordOrDummy } from '../auth/password';
import { invalidateSession } from '../auth/session';
import { passwordStamp, readDeviceCookie } from '../auth/device-cookie';
import type { Clock } from '../clock';
import { transaction, type Db } from '../db/database';
import { recordAudit } from './audit';
import { loginNameKey } from '../../shared/schemas/text';
import { beginLoginAttempt, cancelLoginAttempt, clearLoginFailures } from './login-throttle';
import {
  assertLoginNamesFree,
  assertUsernameIsOwnAddress,
  findUserById,
  findUserByLogin,
  insertUser,
  rethrowUniqueAsConflict,
  toUserDto,
  USERNAME_TAKEN,
  type UserRow,
} from './users';

export const INVALID_CREDENTIALS = 'Invalid username or password';

function tooManyAttempts(retryAfterMs: number): DomainError {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  return new RetryLaterError(
    `Too many failed login attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    retryAfterMs / 1000,
  );
}

/** The counter a trusted browser's own failures are kept under (login_failures.account). */
const deviceCounter = (nonce: string) => `device:${nonce}`;

/**
 * The account for these credentials, or 401 / 429. Throttled as OWASP's device cookies design says: a
 * browser holding a genuine device cookie for this account counts its own failures (10 per 15 minutes) and is never
 * locked out by failures from elsewhere, and its verification goes ahead of the hashing queue; every other client
 * shares the account's count. Unknown accounts are throttled like known ones and answer after as long as a
 * verification takes (auth/password.ts), so neither timing nor the throttle tells whether an address has an account.
 */
export async function authenticate(db: Db, clock: Clock, login: string, password: string, deviceCookie?: string): Promise<UserRow> {
  // The signature is checked before anything else (no database work): a flood without a genuine device cookie is
  // refused at once while the untrusted lane is full, and never reaches the database or the hashing pool.
  const device = readDeviceCookie(db, deviceCookie, clock.now());
  if (device === null) refuseWhenUntrustedLaneFull();
  const user = findUserByLogin(db, login);
  // Issued under the account's current password: one changed since (a reset, an admin) trusts no earlier browser.
  const trusted = device !== null && user !== undefined && device.userId === user.id && device.passwordStamp === passwordStamp(db, user.passwordHash);
  if (!trusted && device !== null) refuseWhenUntrustedLaneFull();
  if (trusted) return judge(db, clock, user, password, deviceCounter(device.nonce), true);
  untrustedInFlight += 1;
  try {
    // Keyed by the account's email when it exists, so its username and its email share one counter.
    return await judge(db, clock, user, password, loginNameKey(user?.email ?? login), false);
  } finally {
    untrustedInFlight -= 1;
  }
}

/**
 * Untrusted sign-ins (no device cookie for the account; logins for unknown accounts among them) in progress at most:
 * as many as the hashing pool holds. Beyond that they are answered 429 at once, before any database work, as a full
 * pool answers; unknown accounts hash nothing but wait as long as a verification takes, and without this bound a
 * flood of them would cost the event loop a database write each.
 */
export const UNTRUSTED_LOGINS_MAX = HASH_CONCURRENCY + HASH_QUEUE_LIMIT;
let untrustedInFlight = 0;

function refuseWhenUntrustedLaneFull(): void {
  if (untrustedInFlight >= UNTRUSTED_LOGINS_MAX || hashPool.full) throw new ServerBusyError();
}

/** Counts the attempt under `counter`, verifies, and clears that counter on success. */
async function judge(db: Db, clock: Clock, user: UserRow | undefined, password: string, counter: string, trusted: boolean): Promise<UserRow> {
  const attempt = beginLoginAttempt(db, clock.now(), counter);
  if (!attempt.allowed) throw tooManyAttempts(attempt.retryAfterMs);
  let ok: boolean;
  try {
    ok = await verifyPasswordOrDummy(user?.passwordHash, password, { priority: trusted });
  } catch (error) {
    // Refused by the full hashing pool (429): never judged, so not a failure of this account.
    if (error instanceof ServerBusyError) cancelLoginAttempt(db, attempt.attemptId);
    throw error;
  }
  if (!user || !ok) {
    recordFailedSignIn(db, clock, user, counter);
    throw new UnauthorizedError(INVALID_CREDENTIALS);
  }
  // Only the counter this attempt was judged by: a sign-in from the owner's browser does not lift a lock that guesses
  // from elsewhere put on the account (that would give an attacker ten fresh guesses each time the owner signs in).
  clearLoginFailures(db, counter);
  return user;
}

/**
 * A refused password, on the audit trail: for an account that exists, under that account; for an unknown one, with
 * userId null and only the name that was tried (the counter it was judged under, which holds no password).
 */
function recordFailedSignIn(db: Db, clock: Clock, user: UserRow | undefined, counter: string): void {
  recordAudit(db, clock, user ? { userId: user.id } : { anonymous: 'Unknown account' }, {
    entity: 'user',
    entityId: user?.id ?? null,
    action: 'sign_in_failed',
    after: user ? { username: user.username, trustedBrowser: counter.startsWith('device:') } : { username: counter },
  });
}

/** A successful sign-in: the last-login time and its audit entry, in one transaction. */
export async function recordLogin(db: Db, clock: Clock, userId: number): Promise<UserRow> {
  transaction(db, () => {
    db.update(users).set({ lastLogin: clock.now() }).where(eq(users.id, userId)).run();
    recordAudit(db, clock, { userId }, { entity: 'user', entityId: userId, action: 'signed_in' });
  });
  return findUserById(db, userId)!;
}

export function registerUser(db: Db, clock: Clock, input: RegisterInput): Promise<UserRow> {
  // The username is the address itself: one spelling for both. Registration signs the user in.
  return insertUser(
    db,
    clock,
    {
      username: input.email,
      email: input.email,
      firstname: input.firstname,
      lastname: input.lastname,
      companyName: input.companyName,
      password: input.password,
      isAdmin: false,
      lastLogin: clock.now(),
      // Verified by the link mailed with the registration (services/email-verification.ts).
      emailVerified: false,
    },
    (row) => recordAudit(db, clock, { userId: row.id }, { entity: 'user', entityId: row.id, action: 'registered', after: toUserDto(row) }),
  );
}

/** The user's own profile change, with its audit entry (the changed fields, before and after) in one transaction. */
export async function updateProfile(db: Db, clock: Clock, userId: number, input: UpdateProfileInput): Promise<UserRow> {
  const changes = {
    ...(input.username !== undefined ? { username: input.username } : {}),
    ...(input.firstname !== undefined ? { firstname: input.firstname } : {}),
    ...(input.lastname !== undefined ? { lastname: input.lastname } : {}),
    ...(input.companyName !== undefined ? { companyName: input.companyName } : {}),
  };
  assertLoginNamesFree(db, { username: changes.username }, userId);
  if (changes.username !== undefined) {
    const current = findUserById(db, userId);
    if (!current) throw new UnauthorizedError('Not authenticated');
    assertUsernameIsOwnAddress(changes.username, current.email);
  }
  if (Object.keys(changes).length > 0) {
    try {
      transaction(db, () => {
        const before = findUserById(db, userId);
        if (!before) return;
        const changed = (Object.keys(changes) as (keyof typeof changes)[]).filter((k) => changes[k] !== before[k]);
        if (changed.length === 0) return;
        db.update(users).set(changes).where(eq(users.id, userId)).run();
        recordAudit(
          db,
          clock,
          { userId },
          {
            entity: 'user',
            entityId: userId,
            action: 'profile_changed',
            before: Object.fromEntries(changed.map((k) => [k, before[k]])),
            after: Object.fromEntries(changed.map((k) => [k, changes[k]])),
          },
        );
      });
    } catch (error) {
      rethrowUniqueAsConflict(error, USERNAME_TAKEN);
    }
  }
  const user = findUserById(db, userId);
  if (!user) throw new UnauthorizedError('Not authenticated');
  return user;
}

/** Sign-out: the session ends and the audit says so, in one transaction. */
export async function signOut(db: Db, clock: Clock, sessionId: string, userId: number): Promise<void> {
  transaction(db, () => {
    invalidateSession(db, sessionId);
    recordAudit(db, clock, { userId }, { entity: 'user', entityId: userId, action: 'signed_out' });
  });
}
