// Email verification (docs/API.md "Email verification"): a link mailed at registration and on request, random,
// stored hashed, valid 24 hours, single use; the same token helpers as the password-reset links. Only a verified
// account may send quotes to customers.
import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import { emailVerificationTokens, users } from '../../../db/schema';
import {
  ALREADY_VERIFIED_MESSAGE,
  EMAIL_VERIFIED_MESSAGE,
  INVALID_VERIFICATION_LINK,
  VERIFICATION_SENT_MESSAGE,
  verificationLimitMessage,
} from '../../shared/schemas/auth';
import { generateToken, hashToken } from '../auth/tokens';
import type { Clock } from '../clock';
import type { AppConfig } from '../config';
import { transaction, type Db } from '../db/database';
import { InvalidInputError, RetryLaterError, UnauthorizedError } from '../errors';
import { emailVerificationMail } from '../mail/templates/email-verification';
import type { Mailer } from '../mail/types';
import { recordAudit } from './audit';
import { findUserById, type UserRow } from './users';

const VERIFICATION_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;
const VERIFICATION_RESENDS_PER_HOUR = 5;
const EMAIL_VERIFICATION_MAIL = 'email_verification';
const HOUR_MS = 60 * 60 * 1000;

interface VerificationServices {
  db: Db;
  clock: Clock;
  config: AppConfig;
  mailer: Mailer;
}

/** The page of the React app that reads the token; always built from APP_URL, never from the request's Host. */
function verifyUrlFor(config: Pick<AppConfig, 'appUrl'>, token: string): string {
  return `${config.appUrl}/verify-email?token=${encodeURIComponent(token)}`;
}

function createVerificationToken(db: Db, clock: Clock, userId: number, origin: 'registration' | 'resend') {
  const token = generateToken();
  const now = clock.now();
  const expiresAt = new Date(now.getTime() + VERIFICATION_TOKEN_TTL_MS);
  db.insert(emailVerificationTokens)
    .values({ id: hashToken(token), userId, createdAt: now, expiresAt, origin })
    .run();
  return { token, expiresAt };
}

function mailLink(services: VerificationServices, user: UserRow, made: { token: string; expiresAt: Date }): void {
  const { config, mailer } = services;
  const mail = emailVerificationMail({ verifyUrl: verifyUrlFor(config, made.token), validHours: 24 });
  void mailer.send({
    type: EMAIL_VERIFICATION_MAIL,
    to: user.email,
    userId: user.id,
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
    metadata: { expiresAt: made.expiresAt.toISOString() },
    // The log keeps the link as …/verify-email?token=•••• : the live token is only in the mail as sent.
    secrets: [made.token, encodeURIComponent(made.token)],
  });
}

/** The link every self-registered account gets with its registration. */
export function mailVerificationAfterRegistration(services: VerificationServices, user: UserRow): void {
  mailLink(services, user, createVerificationToken(services.db, services.clock, user.id, 'registration'));
}

/**
 * A new link for the signed-in account, at most VERIFICATION_RESENDS_PER_HOUR an hour (the registration's own mail
 * aside), counted from the stored tokens so a restart does not reset the window. Earlier links stay usable.
 */
export async function resendVerification(services: VerificationServices, userId: number): Promise<{ message: string; sent: boolean }> {
  const { db, clock } = services;
  const now = clock.now();
  const sent = transaction(db, () => {
    const user = findUserById(db, userId);
    if (!user) throw new UnauthorizedError('Not authenticated');
    if (user.emailVerifiedAt !== null) return null;
    const recent = db
      .select({ at: emailVerificationTokens.createdAt })
      .from(emailVerificationTokens)
      .where(
        and(
          eq(emailVerificationTokens.userId, userId),
          eq(emailVerificationTokens.origin, 'resend'),
          gt(emailVerificationTokens.createdAt, new Date(now.getTime() - HOUR_MS)),
        ),
      )
      .orderBy(asc(emailVerificationTokens.createdAt))
      .all();
    if (recent.length >= VERIFICATION_RESENDS_PER_HOUR) {
      const seconds = (recent[recent.length - VERIFICATION_RESENDS_PER_HOUR]!.at.getTime() + HOUR_MS - now.getTime()) / 1000;
      throw new RetryLaterError(verificationLimitMessage(Math.max(1, Math.ceil(seconds / 60))), seconds);
    }
    return { user, made: createVerificationToken(db, clock, userId, 'resend') };
  });
  if (!sent) return { message: ALREADY_VERIFIED_MESSAGE, sent: false };
  mailLink(services, sent.user, sent.made);
  return { message: VERIFICATION_SENT_MESSAGE, sent: true };
}

/** Marks the token's account verified; every other link of that account dies with it. */
export async function verifyEmail(db: Db, clock: Clock, token: string): Promise<{ message: string }> {
  const tokenId = hashToken(token);
  transaction(db, () => {
    const now = clock.now();
    const row = db
      .select()
      .from(emailVerificationTokens)
      .where(and(eq(emailVerificationTokens.id, tokenId), isNull(emailVerificationTokens.usedAt), gt(emailVerificationTokens.expiresAt, now)))
      .get();
    if (!row) throw new InvalidInputError(INVALID_VERIFICATION_LINK);
    db.update(users)
      .set({ emailVerifiedAt: now })
      .where(and(eq(users.id, row.userId), isNull(users.emailVerifiedAt)))
      .run();
    db.update(emailVerificationTokens)
      .set({ usedAt: now })
      .where(and(eq(emailVerificationTokens.userId, row.userId), isNull(emailVerificationTokens.usedAt)))
      .run();
    // Whoever opened the link holds the account's mailbox: the entry is the account's own.
    recordAudit(db, clock, { userId: row.userId }, { entity: 'user', entityId: row.userId, action: 'email_verified' });
  });
  return { message: EMAIL_VERIFIED_MESSAGE };
}
