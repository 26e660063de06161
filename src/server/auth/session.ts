// Sessions after Lucia's current design (lucia-auth.com/sessions): a random token in the cookie, its SHA-256 as the
// row id, sliding expiry (30 days idle) with an absolute cap (90 days from creation). A sign-in without "Remember me"
// (remember: false) makes a short session: a browser-session cookie, 12 hours idle, capped at 24 hours.
import { eq, sql } from 'drizzle-orm';
import { sessions, users } from '../../../db/schema';
import type { Clock } from '../clock';
import { perDatabase, type Db } from '../db/database';
import { dataVersion, watchTables, type TableWatch } from '../db/watch';
import { generateToken, hashToken } from './tokens';

const DAY = 24 * 60 * 60 * 1000;
export const SESSION_IDLE_MS = 30 * DAY;
export const SESSION_ABSOLUTE_MS = 90 * DAY;
const HOUR = 60 * 60 * 1000;
export const SHORT_SESSION_IDLE_MS = 12 * HOUR;
export const SHORT_SESSION_ABSOLUTE_MS = 24 * HOUR;
export const SESSION_COOKIE = 'session';

export type SessionUser = typeof users.$inferSelect;
/** Who is asking: ownership decides what they may see and change. */
export type Actor = Pick<SessionUser, 'id' | 'isAdmin'>;
export interface Session {
  id: string;
  userId: number;
  createdAt: Date;
  expiresAt: Date;
  /** false: a short session whose cookie ends with the browser session. */
  persistent: boolean;
}

/** Idle window, absolute cap, and how often the expiry is pushed forward (at most one write per step). */
function lifetime(persistent: boolean): { idle: number; absolute: number; refreshStep: number } {
  return persistent
    ? { idle: SESSION_IDLE_MS, absolute: SESSION_ABSOLUTE_MS, refreshStep: DAY }
    : { idle: SHORT_SESSION_IDLE_MS, absolute: SHORT_SESSION_ABSOLUTE_MS, refreshStep: HOUR };
}

export function createSession(db: Db, clock: Clock, userId: number, options: { persistent?: boolean } = {}): { token: string; session: Session } {
  const token = generateToken();
  const now = clock.now();
  const persistent = options.persistent ?? true;
  const session: Session = {
    id: hashToken(token),
    userId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + lifetime(persistent).idle),
    persistent,
  };
  db.insert(sessions).values(session).run();
  return { token, session };
}

/**
 * The statements of the per-request session check, prepared once per database and reused (drizzle builds the SQL
 * text and better-sqlite3 compiles it only the first time), so the lookup every signed-in request makes is cheap.
 * Keyed by the Db, so each test database gets its own and a closed one is collected.
 */
function prepareSessionStatements(db: Db) {
  const id = sql.placeholder('id');
  return {
    lookup: db
      .select({ session: sessions, user: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.id, id))
      .prepare(),
    remove: db.delete(sessions).where(eq(sessions.id, id)).prepare(),
    /** expiresAt in epoch milliseconds: the column's stored form (a placeholder skips drizzle's Date mapping). */
    extend: db
      .update(sessions)
      .set({ expiresAt: sql`${sql.placeholder('expiresAt')}` })
      .where(eq(sessions.id, id))
      .prepare(),
  };
}
const statementsFor = perDatabase(prepareSessionStatements);

/**
 * Sessions already checked, by cookie token, so a signed-in request needs neither the hash nor a query. An entry is
 * used only while nothing can have changed it: no write to `sessions` or `users` through this connection since
 * (TEMP triggers, src/server/db/watch.ts: sign-in, sign-out, a refresh, a password or admin-flag change, a deleted
 * account all count) and no commit by another connection (data_version). Expiry and the refresh step are still
 * judged against the clock on every request; a refresh goes through the database. Never used inside a transaction.
 */
interface CachedCheck {
  session: Session;
  user: SessionUser;
  generation: number;
  dataVersion: number;
}
const SESSION_CACHE_MAX = 10_000;
const checkCacheOf = perDatabase((db): { watch: TableWatch; entries: Map<string, CachedCheck> } => ({
  watch: watchTables(db, 'sessions', ['sessions', 'users']),
  entries: new Map(),
}));

/**
 * The session of a token when the cache alone can answer: a check made since nothing could have changed it, still
 * within its expiry, and not yet due for a refresh (which writes). Null means "ask validateSessionToken", never
 * "signed out". Reads nothing but data_version (or takes the request's `reading` of it), writes nothing.
 */
export function cachedSessionCheck(db: Db, clock: Clock, token: string, reading?: number): { session: Session; user: SessionUser } | null {
  if (db.$client.inTransaction || !/^[a-z2-7]{32}$/.test(token)) return null;
  const cache = checkCacheOf(db);
  const hit = cache.entries.get(token);
  if (!hit || hit.generation !== cache.watch.generation || hit.dataVersion !== (reading ?? dataVersion(db))) return null;
  const now = clock.now().getTime();
  const { idle, absolute, refreshStep } = lifetime(hit.session.persistent);
  const expires = hit.session.expiresAt.getTime();
  if (now >= expires || now >= hit.session.createdAt.getTime() + absolute || expires - now < idle - refreshStep) return null;
  return { session: { ...hit.session }, user: hit.user };
}

/** Resolves a cookie token to its session and user; extends the idle expiry (never past the absolute cap). */
export function validateSessionToken(
  db: Db,
  clock: Clock,
  token: string,
  reading?: number,
): { session: Session; user: SessionUser; refreshed: boolean } | null {
  if (!/^[a-z2-7]{32}$/.test(token)) return null;
  const cached = cachedSessionCheck(db, clock, token, reading);
  if (cached) return { ...cached, refreshed: false };
  const cache = db.$client.inTransaction ? null : checkCacheOf(db);
  // Taken before the database is read: a commit landing in between only makes the next check go to the database.
  const version = cache ? dataVersion(db) : 0;
  const result = checkInDatabase(db, clock, token);
  if (cache) {
    if (cache.entries.size >= SESSION_CACHE_MAX) cache.entries.clear();
    // Taken after this check's own writes (a refresh, a removal), which moved the generation on.
    if (result) {
      cache.entries.set(token, {
        session: { ...result.session },
        user: Object.freeze(result.user),
        generation: cache.watch.generation,
        dataVersion: version,
      });
    } else cache.entries.delete(token);
  }
  return result;
}

function checkInDatabase(db: Db, clock: Clock, token: string): { session: Session; user: SessionUser; refreshed: boolean } | null {
  const id = hashToken(token);
  const statements = statementsFor(db);
  const row = statements.lookup.get({ id });
  if (!row) return null;
  const now = clock.now().getTime();
  const { idle, absolute, refreshStep } = lifetime(row.session.persistent);
  const absoluteEnd = row.session.createdAt.getTime() + absolute;
  if (now >= row.session.expiresAt.getTime() || now >= absoluteEnd) {
    statements.remove.run({ id });
    return null;
  }
  const session = { ...row.session };
  // Refresh at most once a step (a day; an hour for a short session) to avoid a write on every request.
  const refreshed = row.session.expiresAt.getTime() - now < idle - refreshStep;
  if (refreshed) {
    session.expiresAt = new Date(Math.min(now + idle, absoluteEnd));
    statements.extend.run({ id, expiresAt: session.expiresAt.getTime() });
  }
  return { session, user: row.user, refreshed };
}

/** What the session check answers (tRPC auth.check, REST GET /api/auth/check); never fails. */
export function sessionCheckOf(user: SessionUser | null): { authenticated: boolean; isAdmin: boolean } {
  return { authenticated: user !== null, isAdmin: user?.isAdmin ?? false };
}

export function invalidateSession(db: Db, sessionId: string): void {
  statementsFor(db).remove.run({ id: sessionId });
}

export function invalidateUserSessions(db: Db, userId: number): void {
  db.delete(sessions).where(eq(sessions.userId, userId)).run();
}
