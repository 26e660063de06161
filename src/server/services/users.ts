import { and, asc, eq, ne, or, sql } from 'drizzle-orm';
import { users } from '../../../db/schema';
import type { Db } from '../db';

export type UserRow = typeof users.$inferSelect;

/** The user object of every answer: never the password or its hash. */
export interface UserDto {
  id: number;
  username: string;
  email: string;
  firstname: string;
  lastname: string;
  companyName: string;
  isAdmin: boolean;
  createdAt: string;
  lastLogin: string | null;
}

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
  };
}

/**
 * Login matches the given name against username or email, case-insensitively (CONTRACT §4). Names are kept unique
 * across both columns (see isLoginNameTaken), so at most one account matches; the email match wins regardless.
 */
export function findUserByLogin(db: Db, login: string): UserRow | undefined {
  const l = login.trim().toLowerCase();
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
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`)
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
  const l = name.trim().toLowerCase();
  const match = or(sql`lower(${users.email}) = ${l}`, sql`lower(${users.username}) = ${l}`);
  const row = db
    .select({ id: users.id })
    .from(users)
    .where(exceptUserId === undefined ? match : and(match, ne(users.id, exceptUserId)))
    .get();
  return row !== undefined;
}

export function countAdmins(db: Db): number {
  const row = db.select({ n: sql<number>`count(*)` }).from(users).where(eq(users.isAdmin, true)).get();
  return row?.n ?? 0;
}

/** True for a SQLite UNIQUE violation, however drizzle wraps it: the race after a check-first is still a 409. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === 'SQLITE_CONSTRAINT_UNIQUE') return true;
  }
  return false;
}
