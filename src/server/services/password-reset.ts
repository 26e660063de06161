// Password reset tokens: random, stored hashed, valid 24 hours, single use. The same kind of token serves
// the self-service mail and the admin's reset link.
import { InvalidInputError } from '../errors';
import { loginNameKey } from '../../shared/schemas/text';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { emailLogs, passwordResetTokens, users } from '../../../db/schema';
import { INVALID_RESET_LINK } from '../../shared/schemas/auth';
import { hashPassword } from '../auth/password';
import { invalidateUserSessions } from '../auth/session';
import { generateToken, hashToken } from '../auth/tokens';
import type { Clock } from '../clock';
import type { AppConfig } from '../config';
import { transaction, type Db } from '../db/database';
import { passwordResetMail } from '../mail/templates/password-reset';
import type { Mailer } from '../mail/types';
import { revokeAllApiKeysOf } from './api-keys';
import { clearLoginFailures } from './login-throttle';
import { recordAudit } from './audit';
import { findUserByEmail } from './users';

export const RESET_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;
export const RESET_MAILS_PER_HOUR = 5;
export const PASSWORD_RESET_MAIL = 'password_reset';
const HOUR_MS = 60 * 60 * 1000;

/** The page of the React app that reads the token; always built from APP_URL, never from the request's Host. */
export function resetUrlFor(config: Pick<AppConfig, 'appUrl'>, token: string): string {
  return `${config.appUrl}/reset-password?token=${encodeURIComponent(token)}`;
}

export function createResetToken(db: Db, clock: Clock, userId: number, origin: 'self' | 'admin'): { token: string; expiresAt: Date } {
  const token = generateToken();
  const now = clock.now();
  const expiresAt = new Date(now.getTime() + RESET_TOKEN_TTL_MS);
  db.insert(passwordResetTokens)
    .values({ id: hashToken(token), userId, createdAt: now, expiresAt, origin })
    .run();
  return { token, expiresAt };
}

function resetMailsInLastHour(db: Db, to: string, now: Date): number {
  const row = db
    .select({ n: sql<number>`count(*)` })
    .from(emailLogs)
    .where(and(eq(emailLogs.to, to), eq(emailLogs.type, PASSWORD_RESET_MAIL), gt(emailLogs.createdAt, new Date(now.getTime() - HOUR_MS))))
    .get();
  return row?.n ?? 0;
}

/**
 * Sends a reset mail when the address has an account and it has had fewer than 5 such mails in the last hour.
 * Whatever happens, the caller answers the same: nothing here may reveal whether the account exists. The procedure
 * runs this through mailer.defer, after answering, so known and unknown addresses take the same time.
 */
export async function requestPasswordReset(services: { db: Db; clock: Clock; config: AppConfig; mailer: Mailer }, email: string): Promise<void> {
  const { db, clock, config, mailer } = services;
  const user = findUserByEmail(db, email);
  if (!user) return;
  const now = clock.now();
  // Counted per stored address: every reset mail goes to user.email, spelled as stored.
  const mailed = resetMailsInLastHour(db, user.email, now) < RESET_MAILS_PER_HOUR;
  const requested = (after: { mailed: boolean }) =>
    recordAudit(db, clock, { anonymous: 'Password reset request' }, { entity: 'user', entityId: user.id, action: 'password_reset_requested', after });
  if (!mailed) {
    requested({ mailed: false });
    return;
  }
  const { token, expiresAt } = transaction(db, () => {
    const made = createResetToken(db, clock, user.id, 'self');
    requested({ mailed: true });
    return made;
  });
  const mail = passwordResetMail({ firstname: user.firstname, resetUrl: resetUrlFor(config, token), validHours: 24 });
  void mailer.send({
    type: PASSWORD_RESET_MAIL,
    to: user.email,
    userId: user.id,
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
    metadata: { expiresAt: expiresAt.toISOString() },
    // The log keeps the link as …/reset-password?token=•••• : the live token is only in the mail as sent.
    secrets: [token, encodeURIComponent(token)],
  });
}

function usableToken(db: Db, tokenId: string, now: Date) {
  return db
    .select()
    .from(passwordResetTokens)
    .where(and(eq(passwordResetTokens.id, tokenId), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, now)))
    .get();
}

/**
 * Whether a reset link can still be used, for the reset page to say so when it opens. Answers a yes or no only: never
 * whose link it is, nor whether it expired or was used.
 */
export async function resetTokenUsable(db: Db, clock: Clock, token: string): Promise<boolean> {
  return usableToken(db, hashToken(token), clock.now()) !== undefined;
}

/**
 * Sets the new password and ends every session and API key of the user. The new password has been validated before this is
 * called, so a weak one never reaches here and the token stays usable.
 */
export async function resetPassword(db: Db, clock: Clock, token: string, newPassword: string): Promise<void> {
  const tokenId = hashToken(token);
  if (!usableToken(db, tokenId, clock.now())) throw new InvalidInputError(INVALID_RESET_LINK);
  const passwordHash = await hashPassword(newPassword);
  // better-sqlite3 is synchronous: every statement on `db` inside this callback belongs to the transaction.
  transaction(db, () => {
    const now = clock.now();
    // Re-checked after the hash: a parallel reset with the same token may have used it meanwhile.
    const row = usableToken(db, tokenId, now);
    if (!row) throw new InvalidInputError(INVALID_RESET_LINK);
    db.update(users).set({ passwordHash }).where(eq(users.id, row.userId)).run();
    // Who reset it is whoever held the link: the account's own mailbox, or the person an admin handed a link to.
    recordAudit(
      db,
      clock,
      { userId: row.userId },
      { entity: 'user', entityId: row.userId, action: 'password_reset', after: { linkFrom: row.origin } },
    );
    // Every outstanding link of this user dies with the one used: an older mail must not reset it again.
    db.update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.userId, row.userId), isNull(passwordResetTokens.usedAt)))
      .run();
    invalidateUserSessions(db, row.userId);
    revokeAllApiKeysOf(db, clock, { userId: row.userId }, row.userId);
    const user = db.select({ email: users.email }).from(users).where(eq(users.id, row.userId)).get();
    // Whoever proved control of the mailbox is not still locked out by someone else's guesses.
    if (user) clearLoginFailures(db, loginNameKey(user.email));
  });
}
