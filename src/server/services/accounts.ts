// Self-service accounts: sign-in checks, registration and profile changes (seed 000 §5, CONTRACT §4).
import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import { users } from '../../../db/schema';
import type { RegisterInput, UpdateProfileInput } from '../../shared/schemas/auth';
import { hashPool, ServerBusyError } from '../auth/hash-pool';
import { verifyPasswordOrDummy } from '../auth/password';
import { readDeviceCookie } from '../auth/device-cookie';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { loginNameKey } from '../../shared/schemas/text';
import { RetryLaterError } from '../trpc/errors';
import { beginLoginAttempt, cancelLoginAttempt, clearLoginFailures } from './login-throttle';
import {
  assertLoginNamesFree,
  assertUsernameIsOwnAddress,
  findUserById,
  findUserByLogin,
  insertUser,
  rethrowUniqueAsConflict,
  USERNAME_TAKEN,
  type UserRow,
} from './users';

export const INVALID_CREDENTIALS = 'Invalid username or password';

function tooManyAttempts(retryAfterMs: number): TRPCError {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  return new RetryLaterError(
    `Too many failed login attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    retryAfterMs / 1000,
  );
}

/** The counter a trusted browser's own failures are kept under (login_failures.account). */
const deviceCounter = (nonce: string) => `device:${nonce}`;

/**
 * The account for these credentials, or 401 / 429. Throttled as OWASP's device cookies design says (CONTRACT §4): a
 * browser holding a genuine device cookie for this account counts its own failures (10 per 15 minutes) and is never
 * locked out by failures from elsewhere, and its verification goes ahead of the hashing queue; every other client
 * shares the account's count. Unknown accounts are throttled like known ones and answer after as long as a
 * verification takes (auth/password.ts), so neither timing nor the throttle tells whether an address has an account.
 */
export async function authenticate(
  db: Db,
  clock: Clock,
  login: string,
  password: string,
  deviceCookie?: string,
): Promise<UserRow> {
  const user = findUserByLogin(db, login);
  const device = user ? readDeviceCookie(db, deviceCookie) : null;
  const trusted = device !== null && device.userId === user!.id;
  // A full hashing pool refuses untrusted attempts at once, before any database write (a flood stays cheap to refuse).
  if (!trusted && hashPool.full) throw new ServerBusyError();
  // Keyed by the account's email when it exists, so its username and its email share one counter.
  const account = loginNameKey(user?.email ?? login);
  const counter = trusted ? deviceCounter(device.nonce) : account;
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
  if (!user || !ok) throw new TRPCError({ code: 'UNAUTHORIZED', message: INVALID_CREDENTIALS });
  // Only the counter this attempt was judged by: a sign-in from the owner's browser does not lift a lock that guesses
  // from elsewhere put on the account (that would give an attacker ten fresh guesses each time the owner signs in).
  clearLoginFailures(db, counter);
  return user;
}

export function recordLogin(db: Db, clock: Clock, userId: number): UserRow {
  db.update(users).set({ lastLogin: clock.now() }).where(eq(users.id, userId)).run();
  return findUserById(db, userId)!;
}

export function registerUser(db: Db, clock: Clock, input: RegisterInput): Promise<UserRow> {
  // The username is the address itself: one spelling for both. Registration signs the user in.
  return insertUser(db, clock, {
    username: input.email,
    email: input.email,
    firstname: input.firstname,
    lastname: input.lastname,
    companyName: input.companyName,
    password: input.password,
    isAdmin: false,
    lastLogin: clock.now(),
  });
}

export function updateProfile(db: Db, userId: number, input: UpdateProfileInput): UserRow {
  const changes = {
    ...(input.username !== undefined ? { username: input.username } : {}),
    ...(input.firstname !== undefined ? { firstname: input.firstname } : {}),
    ...(input.lastname !== undefined ? { lastname: input.lastname } : {}),
    ...(input.companyName !== undefined ? { companyName: input.companyName } : {}),
  };
  assertLoginNamesFree(db, { username: changes.username }, userId);
  if (changes.username !== undefined) {
    const current = findUserById(db, userId);
    if (!current) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Not authenticated' });
    assertUsernameIsOwnAddress(changes.username, current.email);
  }
  if (Object.keys(changes).length > 0) {
    try {
      db.update(users).set(changes).where(eq(users.id, userId)).run();
    } catch (error) {
      rethrowUniqueAsConflict(error, USERNAME_TAKEN);
    }
  }
  const user = findUserById(db, userId);
  if (!user) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Not authenticated' });
  return user;
}
