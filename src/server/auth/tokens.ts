import { createHash, randomBytes } from 'node:crypto';
import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding';

/** A random token of 160 bits, URL- and cookie-safe. */
export function generateToken(): string {
  return encodeBase32LowerCaseNoPadding(randomBytes(20));
}

/**
 * What is stored for a token: its SHA-256 (lower-case hex of the UTF-8 bytes), so a leaked database does not leak
 * usable tokens. node:crypto's native SHA-256, cheap enough for every request. The digest and encoding must never
 * change, or every stored session and reset link stops working (tests/integration/hot-paths.test.ts holds them equal
 * to @oslojs/crypto's).
 */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
