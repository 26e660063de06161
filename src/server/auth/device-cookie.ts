// OWASP's device cookies (Blocking Brute Force Attacks, CONTRACT §4): a browser that signed in to an account holds a
// signed cookie naming that account. It has no session power (it signs nobody in); it only lets the browser's login
// attempts be counted on their own, so failures from elsewhere never lock its owner out.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { parse, serialize } from 'hono/utils/cookie';
import { serverSecrets } from '../../../db/schema';
import type { Db } from '../db/database';

export const DEVICE_COOKIE = 'device';
/** A year: trust outlives any session (the point is the browser, not the sign-in). Renewed at every sign-in. */
export const DEVICE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;
const SECRET_NAME = 'device-cookie-hmac';

export interface DeviceCookie {
  userId: number;
  /** Random per issue: the key the device's own failures are counted under. */
  nonce: string;
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
  db.insert(serverSecrets).values({ name: SECRET_NAME, value: randomBytes(32).toString('base64') }).onConflictDoNothing().run();
  const row = db.select({ value: serverSecrets.value }).from(serverSecrets).where(eq(serverSecrets.name, SECRET_NAME)).get();
  secret = Buffer.from(row!.value, 'base64');
  secrets.set(db, secret);
  return secret;
}

const signature = (db: Db, payload: string) => createHmac('sha256', secretOf(db)).update(payload).digest('base64url');

/** A fresh cookie value for `userId`: `<userId>.<nonce>.<HMAC-SHA256 of both>`. */
export function issueDeviceCookie(db: Db, userId: number): string {
  const payload = `${userId}.${randomBytes(16).toString('base64url')}`;
  return `${payload}.${signature(db, payload)}`;
}

const FORM = /^([1-9]\d{0,14})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

/** The account and nonce of a genuine cookie value; null for anything forged, altered or malformed. */
export function readDeviceCookie(db: Db, value: string | undefined): DeviceCookie | null {
  const m = value === undefined ? null : FORM.exec(value);
  if (!m) return null;
  const expected = Buffer.from(signature(db, `${m[1]}.${m[2]}`));
  const given = Buffer.from(m[3]!);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { userId: Number(m[1]), nonce: m[2]! };
}

/** The device cookie's value in a Cookie header, if any. */
export function deviceCookieOf(cookieHeader: string | undefined): string | undefined {
  if (!cookieHeader || !cookieHeader.includes(`${DEVICE_COOKIE}=`)) return undefined;
  return parse(cookieHeader, DEVICE_COOKIE)[DEVICE_COOKIE];
}

/** The Set-Cookie line: httpOnly (scripts never see it), SameSite=Lax, Secure on https, a year long. */
export function deviceSetCookie(value: string, secure: boolean): string {
  return serialize(DEVICE_COOKIE, value, { httpOnly: true, sameSite: 'Lax', secure, path: '/', maxAge: DEVICE_COOKIE_MAX_AGE_S });
}
