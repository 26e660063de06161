// Helpers for the account, reset-mail and admin-user tests.
import fs from 'node:fs';
import path from 'node:path';
import { and, desc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { emailLogs } from '../../db/schema';
import type { TestApp } from './test-app';

let counter = 0;

/** A unique, valid registration body; override any field. */
export function registration(overrides: Record<string, unknown> = {}) {
  counter += 1;
  const email = `person${counter}-${Date.now()}@example.org`;
  return {
    username: email,
    email,
    firstname: 'Jo',
    lastname: 'Li',
    companyName: 'Acme',
    password: 'Secret123',
    ...overrides,
  };
}

/** Registers a fresh account through POST /api/register (201 expected): its registration, its id and a client signed in to it. */
export async function registerAccount(t: TestApp, overrides: Record<string, unknown> = {}, headers?: Record<string, string>) {
  const body = registration(overrides);
  const client = t.client();
  const res = await client.post('/api/register', body, headers);
  expect(res.status, res.text).toBe(201);
  return { ...body, id: res.body.id as number, client };
}

/** Mails of one type logged for this address, newest first (after every delivery started so far has finished). */
export async function mailsOfTypeTo(t: TestApp, to: string, type: string) {
  await t.services.mailer.idle();
  return t.db
    .select()
    .from(emailLogs)
    .where(and(eq(emailLogs.to, to), eq(emailLogs.type, type)))
    .orderBy(desc(emailLogs.id))
    .all();
}

/** Reset mails logged for this address, newest first. */
export const resetMailsTo = (t: TestApp, to: string) => mailsOfTypeTo(t, to, 'password_reset');

/** The page a mailed link opens: the reset page or the email verification page. */
export type LinkPage = 'reset-password' | 'verify-email';

/** The token of the link to `page` in a mail as sent (the email log only holds it masked: `token=••••`). */
export function tokenFromHtml(html: string, page: LinkPage = 'reset-password'): string {
  const match = new RegExp(`${page}\\?token=([a-z2-7]+)`).exec(html);
  if (!match?.[1]) throw new Error(`no ${page} link in: ${html}`);
  return match[1];
}

/** The .eml files written to the outbox, oldest first. */
export function outboxFiles(t: TestApp): string[] {
  if (!fs.existsSync(t.config.outboxDir)) return [];
  return fs
    .readdirSync(t.config.outboxDir)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .map((f) => fs.readFileSync(path.join(t.config.outboxDir, f), 'utf8'));
}

/**
 * The value of one attribute-bearing Set-Cookie header, split into its parts. Of several joined by `Headers.get` (the
 * session cookie, then the device cookie at sign-in), the first: they are split where `, name=` starts the next.
 */
export function cookieParts(setCookie: string | null): { value: string; attributes: string[] } {
  if (!setCookie) throw new Error('no Set-Cookie header');
  const [cookie = ''] = setCookie.split(/, (?=[\w-]+=)/);
  const [first = '', ...attributes] = cookie.split(';').map((s) => s.trim());
  return { value: first.slice(first.indexOf('=') + 1), attributes };
}

/** Undoes quoted-printable transfer encoding, as a mail client would before showing a part. */
export function decodeQuotedPrintable(text: string): string {
  return text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/**
 * The token of the newest mail with a link to `page` sent to this address, read from its .eml file in the outbox: the
 * only place it exists besides the recipient's mailbox (the email log stores the link masked).
 */
export async function tokenMailedTo(t: TestApp, to: string, page: LinkPage = 'reset-password'): Promise<string> {
  await t.services.mailer.idle();
  if (!fs.existsSync(t.config.outboxDir)) throw new Error(`no mail sent to ${to}`);
  const logId = (f: string) => Number(/-(\d+)\.eml$/.exec(f)?.[1] ?? 0);
  const files = fs
    .readdirSync(t.config.outboxDir)
    .filter((f) => f.endsWith('.eml'))
    .sort((a, b) => logId(b) - logId(a));
  for (const f of files) {
    const eml = decodeQuotedPrintable(fs.readFileSync(path.join(t.config.outboxDir, f), 'utf8'));
    if (new RegExp(`^To: ${to.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, 'im').test(eml) && eml.includes(`/${page}?token=`))
      return tokenFromHtml(eml, page);
  }
  throw new Error(`no mail sent to ${to}`);
}
