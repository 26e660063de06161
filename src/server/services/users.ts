import { ConflictError, InvalidInputError } from '../errors';
import { and, asc, eq, ne, or, sql } from 'drizzle-orm';
import { users } from '../../../db/schema';
import { hashPassword } from '../auth/password';
import type { Clock } from '../clock';
import { transaction, type Db } from '../db/database';
import type { UserDto } from '../../shared/schemas/auth';
import type { CreateUserInput } from '../../shared/schemas/admin-users';
import { loginNameKey } from '../../shared/schemas/text';

export const EMAIL_TAKEN = 'An account with this email already exists';
export const USERNAME_TAKEN = 'This username is already taken';
export const USERNAME_NOT_OWN_ADDRESS = 'A username that is an email address must be the account’s own email address';

/**
 * Nobody can claim an address that is not theirs (docs/PRODUCT.md "Accounts and sessions"): a username that looks like an email
 * address (it holds an @, after NFKC: `＠` counts) must be the account's own email, compared without regard to case.
 */
export function assertUsernameIsOwnAddress(username: string, email: string): void {
  const name = loginNameKey(username);
  if (name.includes('@') && name !== loginNameKey(email)) {
    throw new InvalidInputError(USERNAME_NOT_OWN_ADDRESS);
  }
}

export type UserRow = typeof users.$inferSelect;

export function toUserDto(u: UserRow): UserDto {
  return {
    id: u.id,
    username: u.username,
    email: u.email,
    firstname: u.firstname,
    lastname: u.lastname,
    companyName: u.companyName,
    isAdmin: u.isAdmin,
    createdAt: u.createdAt.toISOString(),
    lastLogin: u.lastLogin ? u.lastLogin.toISOString() : null,
    emailVerified: u.emailVerifiedAt !== null,
  };
}

/**
 * Login matches the given name against username or email, case-insensitively (docs/PRODUCT.md "Accounts and sessions"). Names are kept unique
 * across both columns (see isLoginNameTaken), so at most one account matches; the email match wins regardless.
 */
export function findUserByLogin(db: Db, login: string): UserRow | undefined {
  const l = loginNameKey(login);
  return db
    .select()
    .from(users)
    .where(or(sql`lower(${users.email}) = ${l}`, sql`lower(${users.username}) = ${l}`))
    .orderBy(sql`lower(${users.email}) = ${l} desc`, asc(users.id))
    .get();
}

export function findUserByEmail(db: Db, email: string): UserRow | undefined {
  return db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${loginNameKey(email)}`)
    .get();
}

export function findUserById(db: Db, id: number): UserRow | undefined {
  return db.select().from(users).where(eq(users.id, id)).get();
}

/**
 * Whether another account already answers to this name at login, as its username or its email (case-insensitive).
 * Usernames and emails share one namespace so that a login name never matches two accounts.
 */
export function isLoginNameTaken(db: Db, name: string, exceptUserId?: number): boolean {
  const l = loginNameKey(name);
  const match = or(sql`lower(${users.email}) = ${l}`, sql`lower(${users.username}) = ${l}`);
  const row = db
    .select({ id: users.id })
    .from(users)
    .where(exceptUserId === undefined ? match : and(match, ne(users.id, exceptUserId)))
    .get();
  return row !== undefined;
}

export function countAdmins(db: Db): number {
  const row = db
    .select({ n: sql<number>`count(*)` })
    .from(users)
    .where(eq(users.isAdmin, true))
    .get();
  return row?.n ?? 0;
}

/** 409 when another account already answers to one of these login names (an account's own two may coincide). */
export function assertLoginNamesFree(db: Db, names: { username?: string; email?: string }, exceptUserId?: number): void {
  if (names.email !== undefined && isLoginNameTaken(db, names.email, exceptUserId)) {
    throw new ConflictError(EMAIL_TAKEN);
  }
  if (names.username !== undefined && isLoginNameTaken(db, names.username, exceptUserId)) {
    throw new ConflictError(USERNAME_TAKEN);
  }
}

/** A write that lost the race after assertLoginNamesFree is still a 409, never a 500. */
export function rethrowUniqueAsConflict(error: unknown, message: string = EMAIL_TAKEN): never {
  if (isUniqueViolation(error)) throw new ConflictError(message);
  throw error;
}

/** An account as the admin's create form gives it; registration and the demo accounts give the same fields. */
export interface NewUser extends CreateUserInput {
  lastLogin?: Date;
  /** Self-registration alone starts unverified; an admin's account and the seeded ones are vouched for. */
  emailVerified: boolean;
}

/** The one way an account is created (registration, admin, seed): names checked free, password hashed, 409 on a clash. */
/** `inTransaction` runs with the insert, in its transaction (an admin's create writes its audit entry there). */
export async function insertUser(db: Db, clock: Clock, u: NewUser, inTransaction?: (row: UserRow) => void): Promise<UserRow> {
  // A name in use is a 409 first (as before); a free address that is not the account's own is then a 400.
  assertLoginNamesFree(db, u);
  assertUsernameIsOwnAddress(u.username, u.email);
  const { password, emailVerified, ...fields } = u;
  const passwordHash = await hashPassword(password);
  try {
    return transaction(db, () => {
      const now = clock.now();
      const row = db
        .insert(users)
        .values({ ...fields, passwordHash, createdAt: now, emailVerifiedAt: emailVerified ? now : null })
        .returning()
        .get();
      inTransaction?.(row);
      return row;
    });
  } catch (error) {
    rethrowUniqueAsConflict(error);
  }
}

/** True for a SQLite UNIQUE violation, however drizzle wraps it: the race after a check-first is still a 409. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === 'SQLITE_CONSTRAINT_UNIQUE') return true;
  }
  return false;
}
