import { eq, or, sql } from 'drizzle-orm';
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

/** Login matches the given name against username or email, case-insensitively (CONTRACT §4). */
export function findUserByLogin(db: Db, login: string): UserRow | undefined {
  const l = login.trim().toLowerCase();
  return db
    .select()
    .from(users)
    .where(or(sql`lower(${users.email}) = ${l}`, sql`lower(${users.username}) = ${l}`))
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
