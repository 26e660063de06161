import { createHash, randomBytes } from 'node:crypto';
import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding';

/** A random token of 160 bits, URL- and cookie-safe. */
export function generateToken(): string {
  return encodeBase32LowerCaseNoPadding(randomBytes(20));
}

/**
 * What is stored for a token: its SHA-256 (lower-case hex of the UTF-8 bytes), so a leaked database does not leak
 * usable tokens. node:crypto's native SHA-256 (about 1 µs) — the same digest and encoding as the pure-JS one used
 * before, so sessions and reset links issued earlier keep working (tests/integration/hot-paths.test.ts).
 */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
