// Self-service accounts: sign-in checks, registration and profile changes (seed 000 §5, CONTRACT §4).
import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import { users } from '../../../db/schema';
import type { RegisterInput, UpdateProfileInput } from '../../shared/schemas/auth';
import { hashPool, ServerBusyError } from '../auth/hash-pool';
import { verifyPasswordOrDummy } from '../auth/password';
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

/**
 * The account for these credentials, or 401 / 429. Unknown accounts are verified against a dummy hash and throttled
 * like known ones, so neither timing nor the throttle tells whether an address has an account.
 */
export async function authenticate(db: Db, clock: Clock, login: string, password: string): Promise<UserRow> {
  // A full hashing pool refuses at once, before any database work (a flood of logins must stay cheap to refuse).
  if (hashPool.full) throw new ServerBusyError();
  const user = findUserByLogin(db, login);
  // Keyed by the account's email when it exists, so its username and its email share one counter.
  const account = loginNameKey(user?.email ?? login);
  const attempt = beginLoginAttempt(db, clock.now(), account);
  if (!attempt.allowed) throw tooManyAttempts(attempt.retryAfterMs);
  let ok: boolean;
  try {
    ok = await verifyPasswordOrDummy(user?.passwordHash, password);
  } catch (error) {
    // Refused by the full hashing pool (429): never judged, so not a failure of this account.
    if (error instanceof ServerBusyError) cancelLoginAttempt(db, attempt.attemptId);
    throw error;
  }
  if (!user || !ok) throw new TRPCError({ code: 'UNAUTHORIZED', message: INVALID_CREDENTIALS });
  clearLoginFailures(db, account);
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
