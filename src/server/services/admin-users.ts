// User management for admins (the Users tab). At least one admin always exists: the last one cannot be deleted or demoted.
import { ConflictError, DomainError, NotFoundError } from '../errors';
import { and, asc, eq, isNull, ne } from 'drizzle-orm';
import { emailVerificationTokens, sessions, users } from '../../../db/schema';
import type { UserDto } from '../../shared/schemas/auth';
import type { CreateUserInput, UserChanges } from '../../shared/schemas/admin-users';
import { hashPassword } from '../auth/password';
import type { Clock } from '../clock';
import type { AppConfig } from '../config';
import { transaction, type Db } from '../db/database';
import { revokeAllApiKeysOf } from './api-keys';
import { recordAudit } from './audit';
import { createResetToken, resetUrlFor } from './password-reset';
import {
  assertLoginNamesFree,
  assertUsernameIsOwnAddress,
  countAdmins,
  findUserById,
  insertUser,
  rethrowUniqueAsConflict,
  toUserDto,
  type UserRow,
} from './users';

export const USER_NOT_FOUND = 'User not found';
export const LAST_ADMIN_DELETE = 'The last admin cannot be deleted';
export const LAST_ADMIN_DEMOTE = 'The last admin cannot lose admin privileges';
export const SELF_DELETE = 'You cannot delete your own account';

function notFound(): DomainError {
  return new NotFoundError(USER_NOT_FOUND);
}

export async function listUsers(db: Db): Promise<UserDto[]> {
  return db.select().from(users).orderBy(asc(users.id)).all().map(toUserDto);
}

/** Who the admin is, for the audit entry of every account change they make. */
export interface AdminActor {
  userId: number;
  sessionId: string;
  clock: Clock;
}

export async function createUser(db: Db, clock: Clock, input: CreateUserInput, by?: AdminActor): Promise<UserDto> {
  return toUserDto(
    await insertUser(db, clock, { ...input, emailVerified: true }, (row) => {
      if (by) recordAudit(db, clock, { userId: by.userId }, { entity: 'user', entityId: row.id, action: 'create', after: toUserDto(row) });
    }),
  );
}

/**
 * Applies only the fields given. A new password ends the user's other sessions and every API key of theirs (whoever
 * knew the old one is out); the admin's own current session survives a change of their own password.
 */
export async function updateUser(db: Db, actor: AdminActor, id: number, changes: UserChanges): Promise<UserDto> {
  const existing = findUserById(db, id);
  if (!existing) throw notFound();
  if (changes.email !== undefined || changes.username !== undefined) {
    // An address username follows its email: a new email moves a username that was the old address along with it.
    const followsEmail =
      changes.username === undefined && changes.email !== undefined && existing.username.toLowerCase() === existing.email.toLowerCase();
    if (followsEmail) changes = { ...changes, username: changes.email };
  }
  assertLoginNamesFree(db, changes, id);
  if (changes.email !== undefined || changes.username !== undefined) {
    assertUsernameIsOwnAddress(changes.username ?? existing.username, changes.email ?? existing.email);
  }
  const passwordHash = changes.password !== undefined ? await hashPassword(changes.password) : undefined;
  try {
    transaction(db, () => {
      const user = findUserById(db, id);
      if (!user) throw notFound();
      if (changes.isAdmin === false && user.isAdmin && countAdmins(db) <= 1) throw new ConflictError(LAST_ADMIN_DEMOTE);
      const { password: _password, ...fields } = changes;
      const set: Partial<UserRow> = { ...fields, ...(passwordHash !== undefined ? { passwordHash } : {}) };
      if (Object.keys(set).length > 0) db.update(users).set(set).where(eq(users.id, id)).run();
      // A link mailed to the old address must not verify the new one (docs/API.md "Email verification").
      if (changes.email !== undefined && changes.email.toLowerCase() !== user.email.toLowerCase()) {
        db.update(emailVerificationTokens)
          .set({ usedAt: actor.clock.now() })
          .where(and(eq(emailVerificationTokens.userId, id), isNull(emailVerificationTokens.usedAt)))
          .run();
      }
      // The password itself is never recorded, only that it was changed.
      const after = { ...toUserDto(findUserById(db, id)!), ...(passwordHash !== undefined ? { passwordChanged: true } : {}) };
      const by = { userId: actor.userId };
      recordAudit(db, actor.clock, by, { entity: 'user', entityId: id, action: 'update', before: toUserDto(user), after });
      // The two changes that hand over or take away power, as entries of their own (one filter finds them).
      if (changes.isAdmin !== undefined && changes.isAdmin !== user.isAdmin) {
        recordAudit(db, actor.clock, by, {
          entity: 'user',
          entityId: id,
          action: 'role_changed',
          before: { isAdmin: user.isAdmin },
          after: { isAdmin: changes.isAdmin },
        });
      }
      if (passwordHash !== undefined) {
        db.delete(sessions)
          .where(and(eq(sessions.userId, id), ne(sessions.id, actor.sessionId)))
          .run();
        recordAudit(db, actor.clock, by, { entity: 'user', entityId: id, action: 'password_changed' });
        revokeAllApiKeysOf(db, actor.clock, by, id);
      }
    });
  } catch (error) {
    rethrowUniqueAsConflict(error);
  }
  return toUserDto(findUserById(db, id)!);
}

/** Deletes the account; its sessions, reset tokens and saved configurations go with it (FK cascades). */
export async function deleteUser(db: Db, actor: { userId: number; clock?: Clock }, id: number): Promise<void> {
  transaction(db, () => {
    const user = findUserById(db, id);
    if (!user) throw notFound();
    if (user.id === actor.userId) throw new ConflictError(SELF_DELETE);
    if (user.isAdmin && countAdmins(db) <= 1) throw new ConflictError(LAST_ADMIN_DELETE);
    db.delete(users).where(eq(users.id, id)).run();
    if (actor.clock)
      recordAudit(db, actor.clock, { userId: actor.userId }, { entity: 'user', entityId: id, action: 'delete', before: toUserDto(user) });
  });
}

/** A reset link for another account, made by an admin: audited (never the link itself), as it can take the account over. */
export async function createAdminResetLink(
  db: Db,
  clock: Clock,
  config: Pick<AppConfig, 'appUrl'>,
  id: number,
  by: { userId: number },
): Promise<{ resetUrl: string; expiresAt: string }> {
  const { token, expiresAt } = transaction(db, () => {
    const user = findUserById(db, id);
    if (!user) throw notFound();
    const made = createResetToken(db, clock, id, 'admin');
    recordAudit(db, clock, by, {
      entity: 'user',
      entityId: id,
      action: 'reset_link_created',
      after: { username: user.username, expiresAt: made.expiresAt.toISOString() },
    });
    return made;
  });
  return { resetUrl: resetUrlFor(config, token), expiresAt: expiresAt.toISOString() };
}
