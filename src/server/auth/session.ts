// Sessions after Lucia's current design (lucia-auth.com/sessions): a random token in the cookie, its SHA-256 as the
// row id, sliding expiry (30 days idle) with an absolute cap (90 days from creation).
import { eq } from 'drizzle-orm';
import { sessions, users } from '../../../db/schema';
import type { Clock } from '../clock';
import type { Db } from '../db';
import { generateToken, hashToken } from './tokens';

const DAY = 24 * 60 * 60 * 1000;
export const SESSION_IDLE_MS = 30 * DAY;
export const SESSION_ABSOLUTE_MS = 90 * DAY;
export const SESSION_COOKIE = 'session';

export type SessionUser = typeof users.$inferSelect;
export interface Session {
  id: string;
  userId: number;
  createdAt: Date;
  expiresAt: Date;
}

export function createSession(db: Db, clock: Clock, userId: number): { token: string; session: Session } {
  const token = generateToken();
  const now = clock.now();
  const session: Session = {
    id: hashToken(token),
    userId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + SESSION_IDLE_MS),
  };
  db.insert(sessions).values(session).run();
  return { token, session };
}

/** Resolves a cookie token to its session and user; extends the idle expiry (never past the absolute cap). */
export function validateSessionToken(
  db: Db,
  clock: Clock,
  token: string,
): { session: Session; user: SessionUser; refreshed: boolean } | null {
  if (!/^[a-z2-7]{32}$/.test(token)) return null;
  const id = hashToken(token);
  const row = db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, id))
    .get();
  if (!row) return null;
  const now = clock.now().getTime();
  const absoluteEnd = row.session.createdAt.getTime() + SESSION_ABSOLUTE_MS;
  if (now >= row.session.expiresAt.getTime() || now >= absoluteEnd) {
    db.delete(sessions).where(eq(sessions.id, id)).run();
    return null;
  }
  const session = { ...row.session };
  // Refresh at most once a day to avoid a write on every request.
  const refreshed = row.session.expiresAt.getTime() - now < SESSION_IDLE_MS - DAY;
  if (refreshed) {
    session.expiresAt = new Date(Math.min(now + SESSION_IDLE_MS, absoluteEnd));
    db.update(sessions).set({ expiresAt: session.expiresAt }).where(eq(sessions.id, id)).run();
  }
  return { session, user: row.user, refreshed };
}

export function invalidateSession(db: Db, sessionId: string): void {
  db.delete(sessions).where(eq(sessions.id, sessionId)).run();
}

export function invalidateUserSessions(db: Db, userId: number): void {
  db.delete(sessions).where(eq(sessions.userId, userId)).run();
}
