import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailLogs, passwordResetTokens } from '../../db/schema';
import { hashToken } from '../../src/server/auth/tokens';
import { decodeQuotedPrintable, outboxFiles, registerAccount, resetMailsTo, tokenMailedTo } from '../support/accounts';
import { DAY, MINUTE } from '../support/clock';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { APP_URL: 'https://quotes.example.com/app' } });
});
afterAll(() => t.closeWhenMailed());

const ORIGIN = { origin: 'https://quotes.example.com' };
const REQUESTED = { message: 'If an account exists for that address, a password reset link has been sent.' };
/** A fresh account (and a client signed in to it). */
const newAccount = (overrides: Record<string, unknown> = {}) => registerAccount(t, overrides, ORIGIN);

const INVALID_LINK = 'This password reset link is invalid or has expired.';

/** A reset request, and the mail work it set off (done after the answer) before the clock moves on. */
async function requestReset(email: string) {
  const res = await t.client().post('/api/password-reset/request', { email }, ORIGIN);
  await t.services.mailer.idle();
  return res;
}

/** Requests a reset and returns the token from the mail it sent. */
async function mailedToken(email: string): Promise<string> {
  expect((await requestReset(email)).status).toBe(200);
  return tokenMailedTo(t, email);
}

function reset(token: unknown, newPassword: unknown) {
  return t.client().post('/api/password-reset/reset', { token, newPassword }, ORIGIN);
}

describe('POST /api/password-reset/request', () => {
  it('answers the same status and body for a known and an unknown address', async () => {
    const account = await newAccount();
    const known = await requestReset(account.email);
    const unknown = await requestReset('nobody-here@example.org');
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual(REQUESTED);
    expect(unknown.text).toBe(known.text);
    expect(await resetMailsTo(t, 'nobody-here@example.org')).toHaveLength(0);
    expect(await resetMailsTo(t, account.email)).toHaveLength(1);
  });

  it('sends a mail with HTML and text parts whose link is built from APP_URL, not the Host header', async () => {
    const account = await newAccount({ firstname: '<b>Eve</b>' });
    // (a request with a foreign Host is refused outright: tests/integration/hardening-http.test.ts)
    const res = await t.client().post('/api/password-reset/request', { email: account.email.toUpperCase() }, ORIGIN);
    expect(res.status).toBe(200);
    const [log] = await resetMailsTo(t, account.email);
    expect(log).toMatchObject({ type: 'password_reset', status: 'sent', subject: 'Reset your password' });
    expect(log!.sentAt).not.toBeNull();
    // The log holds the link masked; the live token is only in the mail as sent.
    expect(log!.content).toContain('href="https://quotes.example.com/app/reset-password?token=••••"');
    const token = await tokenMailedTo(t, account.email);
    expect(token).toMatch(/^[a-z2-7]{32}$/);
    expect(log!.content).not.toContain('evil.example');
    // User data is escaped in the HTML.
    expect(log!.content).toContain('Hello &lt;b&gt;Eve&lt;/b&gt;,');
    expect(log!.content).not.toContain('<b>Eve</b>');

    const raw = outboxFiles(t).find((f) => f.includes(`To: ${account.email}`) && f.includes('Subject: Reset your password'));
    expect(raw).toBeDefined();
    const eml = decodeQuotedPrintable(raw!);
    expect(eml).toContain('Content-Type: multipart/alternative');
    expect(eml).toContain('Content-Type: text/plain');
    expect(eml).toContain('Content-Type: text/html');
    // The link is in both parts.
    expect(eml.split(`https://quotes.example.com/app/reset-password?token=${token}`).length - 1).toBeGreaterThanOrEqual(3);
  });

  it('stores only the hash of the token, valid for 24 hours', async () => {
    const account = await newAccount();
    const token = await mailedToken(account.email);
    const row = t.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.id, hashToken(token)))
      .get();
    expect(row).toBeDefined();
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(DAY);
    expect(t.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.id, token)).get()).toBeUndefined();
  });

  it('sends at most 5 mails per address per hour; the 6th answers 200 and sends nothing', async () => {
    const account = await newAccount();
    for (let i = 0; i < 6; i++) {
      const res = await requestReset(account.email);
      expect(res.status).toBe(200);
      expect(res.body).toEqual(REQUESTED);
      t.clock.advance(5 * MINUTE);
    }
    expect(await resetMailsTo(t, account.email)).toHaveLength(5);
    // An hour after the first mail, one more may go.
    t.clock.advance(30 * MINUTE);
    await requestReset(account.email);
    expect(await resetMailsTo(t, account.email)).toHaveLength(6);
  });

  it.each([
    ['not an email', { email: 'not-an-email' }],
    ['missing', {}],
    ['a number', { email: 42 }],
  ])('answers 400 "Please enter a valid email address" for an address that is %s', async (_name, body) => {
    const before = t.db.select().from(emailLogs).all().length;
    const res = await t.client().post('/api/password-reset/request', body, ORIGIN);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Please enter a valid email address');
    expect(t.db.select().from(emailLogs).all().length).toBe(before);
  });
});

describe('POST /api/password-reset/reset', () => {
  it('sets the new password, ends every session of the user, and the old password stops working', async () => {
    const account = await newAccount();
    const otherBrowser = t.client();
    await otherBrowser.post('/api/login', { username: account.email, password: account.password }, ORIGIN);
    expect((await account.client.get('/api/user')).status).toBe(200);

    const token = await mailedToken(account.email);
    const res = await reset(token, 'BrandNew123');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Your password has been reset. You can now log in with your new password.' });

    expect((await account.client.get('/api/user')).status).toBe(401);
    expect((await otherBrowser.get('/api/user')).status).toBe(401);
    const oldLogin = await t.client().post('/api/login', { username: account.email, password: account.password }, ORIGIN);
    expect(oldLogin.status).toBe(401);
    const newLogin = await t.client().post('/api/login', { username: account.email, password: 'BrandNew123' }, ORIGIN);
    expect(newLogin.status).toBe(200);
  });

  it('is single use', async () => {
    const account = await newAccount();
    const token = await mailedToken(account.email);
    expect((await reset(token, 'BrandNew123')).status).toBe(200);
    const again = await reset(token, 'Another123');
    expect(again.status).toBe(400);
    expect(again.body.error).toBe(INVALID_LINK);
    expect((await t.client().post('/api/login', { username: account.email, password: 'Another123' }, ORIGIN)).status).toBe(401);
  });

  it('also voids the older links of the same user once one is used', async () => {
    const account = await newAccount();
    const first = await mailedToken(account.email);
    const second = await mailedToken(account.email);
    expect((await reset(second, 'BrandNew123')).status).toBe(200);
    expect((await reset(first, 'Another123')).status).toBe(400);
  });

  it('works until 24 hours after it was made, and not from 24 hours + 1 ms', async () => {
    const early = await newAccount();
    const late = await newAccount();
    const earlyToken = await mailedToken(early.email);
    const lateToken = await mailedToken(late.email);
    t.clock.advance(DAY - 1);
    expect((await reset(earlyToken, 'BrandNew123')).status).toBe(200);
    t.clock.advance(2);
    const expired = await reset(lateToken, 'BrandNew123');
    expect(expired.status).toBe(400);
    expect(expired.body.message).toBe(INVALID_LINK);
  });

  it.each([
    ['too short', 'Ab1', 'Password must be at least 8 characters long'],
    ['without uppercase', 'brandnew123', 'Password must contain at least one uppercase letter'],
    ['without lowercase', 'BRANDNEW123', 'Password must contain at least one lowercase letter'],
    ['without a number', 'BrandNewPass', 'Password must contain at least one number'],
  ])('refuses a new password %s and does not use up the token', async (_name, weak, message) => {
    const account = await newAccount();
    const token = await mailedToken(account.email);
    const refused = await reset(token, weak);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(message);
    expect((await account.client.get('/api/user')).status).toBe(200);
    expect((await reset(token, 'BrandNew123')).status).toBe(200);
  });

  it.each([
    ['unknown', 'abcdefghijklmnopqrstuvwxyz234567'],
    ['empty', ''],
    ['missing', undefined],
    ['not a string', 12345],
  ])('answers 400 for an %s token', async (_name, token) => {
    const res = await reset(token, 'BrandNew123');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: INVALID_LINK, error: INVALID_LINK, code: 'BAD_REQUEST' });
  });

  it('lets a user locked out by failed logins sign in right after a reset', async () => {
    const account = await newAccount();
    for (let i = 0; i < 10; i++) await t.client().post('/api/login', { username: account.email, password: 'WrongPass1' }, ORIGIN);
    const token = await mailedToken(account.email);
    expect((await reset(token, 'BrandNew123')).status).toBe(200);
    expect((await t.client().post('/api/login', { username: account.email, password: 'BrandNew123' }, ORIGIN)).status).toBe(200);
  });

  it('works through tRPC as auth.requestPasswordReset / auth.resetPassword', async () => {
    const account = await newAccount();
    const caller = t.callerAs(null);
    expect(await caller.auth.requestPasswordReset({ email: account.email })).toEqual(REQUESTED);
    await expect(caller.auth.resetPassword({ token: await tokenMailedTo(t, account.email), newPassword: 'BrandNew123' })).resolves.toEqual({
      message: 'Your password has been reset. You can now log in with your new password.',
    });
  });
});

describe('auth.resetTokenStatus (the reset page asks when it opens)', () => {
  it('says a fresh link is usable and a used, expired or unknown one is not, with nothing about the account', async () => {
    const account = await newAccount();
    const caller = t.callerAs(null);
    const token = await mailedToken(account.email);
    expect(await caller.auth.resetTokenStatus({ token })).toEqual({ usable: true });
    expect(await caller.auth.resetTokenStatus({ token: 'abcdefghijklmnopqrstuvwxyz234567' })).toEqual({ usable: false });
    expect((await reset(token, 'BrandNew123')).status).toBe(200);
    expect(await caller.auth.resetTokenStatus({ token })).toEqual({ usable: false });
    const later = await mailedToken(account.email);
    t.clock.advance(DAY + 1);
    expect(await caller.auth.resetTokenStatus({ token: later })).toEqual({ usable: false });
  });

  it('is limited per client address like the other reset calls', async () => {
    const limited = await createTestApp({ env: { RATE_LIMIT_RESET: '2' } });
    try {
      const token = 'zyxwvutsrqponmlkjihgfedcba765432';
      const url = `/trpc/auth.resetTokenStatus?input=${encodeURIComponent(JSON.stringify({ token }))}`;
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) statuses.push((await limited.client().get(url)).status);
      expect(statuses).toEqual([200, 200, 429]);
    } finally {
      limited.close();
    }
  });
});
