// OWASP's device cookies (Blocking Brute Force Attacks; docs/DECISIONS.md "Expensive work and lockouts"): a browser that signed in to an account holds a
// signed cookie naming that account. It has no session power (it signs nobody in); it only lets the browser's login
// attempts be counted on their own, so failures from elsewhere never lock its owner out.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { parse, serialize } from 'hono/utils/cookie';
import { serverSecrets } from '../../../db/schema';
import type { Db } from '../db/database';

export const DEVICE_COOKIE = 'device';
/**
 * 180 days: trust outlives any session (the point is the browser, not the sign-in), but not for ever — a browser
 * that has not signed in for half a year is a stranger again. Renewed at every sign-in.
 */
export const DEVICE_COOKIE_MAX_AGE_S = 180 * 24 * 60 * 60;
/** A cookie issued this far in the future (another process's clock) still counts. */
const CLOCK_SKEW_S = 5 * 60;
const SECRET_NAME = 'device-cookie-hmac';

export interface DeviceCookie {
  userId: number;
  /** Random per issue: the key the device's own failures are counted under. */
  nonce: string;
  /** Seconds since the epoch when it was issued. */
  issuedAt: number;
  /** Which password it was issued under (passwordStamp): a new password ends the trust of every browser. */
  passwordStamp: string;
}

const secrets = new WeakMap<Db, Buffer>();

/**
 * The signing key: 32 random bytes made by the first start and kept in the database (server_secrets), so a restart
 * or a second process does not turn every trusted browser back into an untrusted one — which, during an attack on an
 * account, would lock its owner out. A stolen database yields the key, but then the attacker holds the hashes too.
 */
function secretOf(db: Db): Buffer {
  let secret = secrets.get(db);
  if (secret) return secret;
  db.insert(serverSecrets)
    .values({ name: SECRET_NAME, value: randomBytes(32).toString('base64') })
    .onConflictDoNothing()
    .run();
  const row = db.select({ value: serverSecrets.value }).from(serverSecrets).where(eq(serverSecrets.name, SECRET_NAME)).get();
  secret = Buffer.from(row!.value, 'base64');
  secrets.set(db, secret);
  return secret;
}

const signature = (db: Db, payload: string) => createHmac('sha256', secretOf(db)).update(payload).digest('base64url');

/**
 * A short keyed digest of the account's password hash: it changes when the password does, and says nothing about the
 * password to whoever reads the cookie (it is keyed, and of the hash, never of the password).
 */
export function passwordStamp(db: Db, passwordHash: string): string {
  return createHmac('sha256', secretOf(db)).update(`password:${passwordHash}`).digest('base64url').slice(0, 16);
}

/**
 * A fresh cookie value for the account: `<userId>.<issued, seconds>.<nonce>.<password stamp>.<HMAC-SHA256 of the
 * rest>`.
 */
export function issueDeviceCookie(db: Db, user: { id: number; passwordHash: string }, now: Date): string {
  const payload = `${user.id}.${Math.floor(now.getTime() / 1000)}.${randomBytes(16).toString('base64url')}.${passwordStamp(db, user.passwordHash)}`;
  return `${payload}.${signature(db, payload)}`;
}

const FORM = /^([1-9]\d{0,14})\.(\d{1,12})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]{43})$/;

/**
 * The account, nonce, issue time and password stamp of a genuine cookie value that has not expired; null for anything
 * forged, altered, malformed, older than DEVICE_COOKIE_MAX_AGE_S or issued in the future. Whether the stamp matches the
 * account's password is the caller's check (it needs the account; this needs no database read beyond the key).
 */
export function readDeviceCookie(db: Db, value: string | undefined, now: Date): DeviceCookie | null {
  const m = value === undefined ? null : FORM.exec(value);
  if (!m) return null;
  const expected = Buffer.from(signature(db, `${m[1]}.${m[2]}.${m[3]}.${m[4]}`));
  const given = Buffer.from(m[5]!);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const issuedAt = Number(m[2]);
  const age = now.getTime() / 1000 - issuedAt;
  if (age >= DEVICE_COOKIE_MAX_AGE_S || age < -CLOCK_SKEW_S) return null;
  return { userId: Number(m[1]), issuedAt, nonce: m[3]!, passwordStamp: m[4]! };
}

/** The device cookie's value in a Cookie header, if any. */
export function deviceCookieOf(cookieHeader: string | undefined): string | undefined {
  if (!cookieHeader || !cookieHeader.includes(`${DEVICE_COOKIE}=`)) return undefined;
  return parse(cookieHeader, DEVICE_COOKIE)[DEVICE_COOKIE];
}

/** The Set-Cookie line: httpOnly (scripts never see it), SameSite=Lax, Secure on https, as long as it is valid. */
export function deviceSetCookie(value: string, secure: boolean): string {
  return serialize(DEVICE_COOKIE, value, { httpOnly: true, sameSite: 'Lax', secure, path: '/', maxAge: DEVICE_COOKIE_MAX_AGE_S });
}
