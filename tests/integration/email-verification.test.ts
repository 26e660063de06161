// Only a verified sender mails customers (docs/API.md "Email verification", "Sending a quote"): registration mails a
// link that verifies the account once, within 24 hours; a new link on request, at most 5 an hour; an unverified
// account cannot send (share links stay); sends are bounded per hour (SEND_LIMIT_PER_HOUR); REGISTRATION=closed
// refuses sign-ups. Both doors.
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, emailLogs, emailVerificationTokens, users } from '../../db/schema';
import { hashToken } from '../../src/server/auth/tokens';
import { ConfigError, loadConfig } from '../../src/server/config';
import { bootstrapAdmin } from '../../src/server/seed/seed';
import { demoAccounts } from '../../src/server/seed/demo-data';
import { oweDueReminders } from '../../src/server/services/reminders';
import { mailsOfTypeTo, registerAccount, registration, tokenMailedTo } from '../support/accounts';
import { DAY, HOUR, MINUTE } from '../support/clock';
import { demoIds, saveCustomerQuote, withDemoIds, type DemoIds } from '../support/configurations';
import { trpcCall } from '../support/trpc-http';
import { appWithAdmin, APP_URL, createTestApp, USER, type TestApp, type TestClient } from '../support/test-app';

const INVALID_LINK = 'Invalid or expired verification link';
const UNVERIFIED = 'Please verify your email address before sending quotes';
const CLOSED = 'Registration is closed. Ask an administrator for an account.';

let t: TestApp;
let admin: TestClient;
let ids: DemoIds;
beforeAll(async () => ({ t, admin, ids } = await withDemoIds(appWithAdmin())));
afterAll(() => t.closeWhenMailed());

const verify = (token: unknown) => t.client().post('/api/verify-email', { token });
const quoteMails = () => t.db.select().from(emailLogs).where(eq(emailLogs.type, 'quote_sent')).all();
const quoteFor = (client: TestClient) =>
  saveCustomerQuote(client, ids, { name: 'Verification check', customerCompany: 'Contoso', customerEmail: 'buyer@contoso.test' });

describe('registration mails a verification link', () => {
  it('logs the mail with the link masked; the outbox holds APP_URL/verify-email?token=…; only the hash is stored', async () => {
    const account = await registerAccount(t, { firstname: 'Visit', lastname: 'cheap-pills.example', companyName: 'Win a prize' });
    const [log, ...others] = await mailsOfTypeTo(t, account.email, 'email_verification');
    expect(others).toHaveLength(0);
    expect(log).toMatchObject({ status: 'sent', subject: 'Verify your email address', userId: account.id });
    expect(log!.content).toContain(`href="${APP_URL}/verify-email?token=••••"`);
    // it goes to an address nobody has proved: nothing the registrant typed is in it
    for (const typed of ['Visit', 'cheap-pills', 'Win a prize']) expect(log!.content).not.toContain(typed);
    const token = await tokenMailedTo(t, account.email, 'verify-email');
    expect(token).toMatch(/^[a-z2-7]{32}$/);
    expect(log!.content).not.toContain(token);
    const row = t.db.select().from(emailVerificationTokens).where(eq(emailVerificationTokens.userId, account.id)).get();
    expect(row).toMatchObject({ id: hashToken(token), origin: 'registration', usedAt: null });
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(DAY);
    expect((await account.client.get('/api/user')).body.emailVerified).toBe(false);
  });

  it('the link verifies the account once: 200, then emailVerified on both doors; used again → 400', async () => {
    const account = await registerAccount(t);
    const token = await tokenMailedTo(t, account.email, 'verify-email');
    const res = await verify(token);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ message: 'Your email address has been verified.' });
    expect((await account.client.get('/api/user')).body.emailVerified).toBe(true);
    expect((await trpcCall(account.client, 'query', 'auth.me')).body.result.data.emailVerified).toBe(true);
    const entry = t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, account.id), eq(auditLog.action, 'email_verified')))
      .get();
    expect(entry).toMatchObject({ entity: 'user', userId: account.id });

    const again = await verify(token);
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ message: INVALID_LINK, error: INVALID_LINK });
  });

  it('a link 24 hours old, an unknown one, or none at all → 400 with the message, and nothing is verified (both doors)', async () => {
    const account = await registerAccount(t);
    const token = await tokenMailedTo(t, account.email, 'verify-email');
    t.clock.advance(DAY);
    try {
      expect((await verify(token)).body).toMatchObject({ message: INVALID_LINK });
      const viaTrpc = await trpcCall(t.client(), 'mutation', 'auth.verifyEmail', { token });
      expect(viaTrpc.status).toBe(400);
      expect(viaTrpc.body.error.message).toBe(INVALID_LINK);
    } finally {
      t.clock.advance(-DAY);
    }
    for (const bad of ['not-a-token', '', 42, undefined, 'x'.repeat(500)]) {
      const res = await verify(bad);
      expect(res.status, String(bad)).toBe(400);
      expect(res.body.message).toBe(INVALID_LINK);
    }
    expect((await account.client.get('/api/user')).body.emailVerified).toBe(false);
    // A minute short of a day, a link still works.
    const late = await registerAccount(t);
    const lateToken = await tokenMailedTo(t, late.email, 'verify-email');
    t.clock.advance(DAY - MINUTE);
    try {
      expect((await trpcCall(t.client(), 'mutation', 'auth.verifyEmail', { token: lateToken })).status).toBe(200);
    } finally {
      t.clock.advance(-(DAY - MINUTE));
    }
  });
});

describe('an admin changes the address', () => {
  it('the links mailed to the old address die (both doors); a new link goes to the new address and verifies it', async () => {
    const viaRest = await registerAccount(t);
    const viaTrpc = await registerAccount(t);
    const oldRest = await tokenMailedTo(t, viaRest.email, 'verify-email');
    const oldTrpc = await tokenMailedTo(t, viaTrpc.email, 'verify-email');
    const moved = await admin.patch(`/api/admin/users/${viaRest.id}`, { email: `moved-${viaRest.email}` });
    expect(moved.status, moved.text).toBe(200);
    const movedTrpc = await trpcCall(admin, 'mutation', 'admin.users.update', { id: viaTrpc.id, email: `moved-${viaTrpc.email}` });
    expect(movedTrpc.status, movedTrpc.text).toBe(200);
    for (const [token, account] of [
      [oldRest, viaRest],
      [oldTrpc, viaTrpc],
    ] as const) {
      const res = await verify(token);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(INVALID_LINK);
      expect((await account.client.get('/api/user')).body.emailVerified).toBe(false);
    }
    // the same address in other letters is no new address: its link still works
    const cased = await registerAccount(t);
    const casedToken = await tokenMailedTo(t, cased.email, 'verify-email');
    expect((await admin.patch(`/api/admin/users/${cased.id}`, { email: cased.email.toUpperCase() })).status).toBe(200);
    expect((await verify(casedToken)).status).toBe(200);

    expect((await viaRest.client.post('/api/verify-email/resend')).status).toBe(200);
    const fresh = await tokenMailedTo(t, `moved-${viaRest.email}`, 'verify-email');
    expect((await verify(fresh)).status).toBe(200);
    expect((await viaRest.client.get('/api/user')).body.emailVerified).toBe(true);
  });
});

describe('POST /api/verify-email/resend', () => {
  it('mails a new link, at most 5 an hour (429 with Retry-After beyond); an hour after the first it mails again', async () => {
    const account = await registerAccount(t);
    const start = t.clock.now().getTime();
    for (let i = 1; i <= 5; i++) {
      const res = await account.client.post('/api/verify-email/resend');
      expect(res.status, `resend ${i}: ${res.text}`).toBe(200);
      expect(res.body).toEqual({ message: 'A new verification link has been sent to your email address.', sent: true });
      t.clock.advance(MINUTE);
    }
    // the registration's mail and five resends
    expect(await mailsOfTypeTo(t, account.email, 'email_verification')).toHaveLength(6);
    const sixth = await account.client.post('/api/verify-email/resend');
    expect(sixth.status).toBe(429);
    expect(sixth.body.message).toBe('Too many verification emails. Please try again in 55 minutes.');
    expect(sixth.headers.get('retry-after')).toBe(String((start + HOUR - t.clock.now().getTime()) / 1000));
    const viaTrpc = await trpcCall(account.client, 'mutation', 'auth.resendVerification');
    expect(viaTrpc.status).toBe(429);
    expect(await mailsOfTypeTo(t, account.email, 'email_verification')).toHaveLength(6);

    t.clock.advance(start + HOUR - t.clock.now().getTime());
    expect((await account.client.post('/api/verify-email/resend')).status).toBe(200);
    // any of the links mailed verifies the account (the newest here)
    expect((await verify(await tokenMailedTo(t, account.email, 'verify-email'))).status).toBe(200);
  });

  it('signed out → 401; a verified account gets no mail', async () => {
    expect((await t.client().post('/api/verify-email/resend')).status).toBe(401);
    const demo = await t.login(USER.email, USER.password);
    const res = await demo.post('/api/verify-email/resend');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Your email address is already verified.', sent: false });
    expect(await mailsOfTypeTo(t, USER.email, 'email_verification')).toHaveLength(0);
  });
});

describe('who is verified from the start', () => {
  it('the demo accounts and the accounts an admin creates; a registration is not', async () => {
    for (const account of demoAccounts) {
      const client = await t.login(account.email, account.password);
      expect((await client.get('/api/user')).body.emailVerified, account.email).toBe(true);
    }
    const made = await admin.post('/api/admin/users', {
      username: 'made-by-admin',
      email: 'made-by-admin@example.org',
      firstname: 'Ma',
      lastname: 'De',
      companyName: 'Acme',
      password: 'Member123',
      isAdmin: false,
    });
    expect(made.status).toBe(201);
    expect(made.body.emailVerified).toBe(true);
    expect(await mailsOfTypeTo(t, 'made-by-admin@example.org', 'email_verification')).toHaveLength(0);
    const registered = await registerAccount(t);
    expect((await registered.client.get('/api/user')).body.emailVerified).toBe(false);
  });

  it('the ADMIN_EMAIL account', async () => {
    const fresh = await createTestApp({ seed: false });
    try {
      expect(await bootstrapAdmin(fresh.db, fresh.clock, 'boss@example.org', 'Bootstrap123', () => {})).toBe(true);
      expect(fresh.db.select().from(users).where(eq(users.email, 'boss@example.org')).get()?.emailVerifiedAt).not.toBeNull();
    } finally {
      fresh.close();
    }
  });
});

describe('accounts from before verification existed', () => {
  it('admins are verified by the upgrade, everyone else verifies with a new link', async () => {
    const old = await createTestApp({ database: path.resolve('tests/fixtures/schema-0007.db'), seed: false });
    try {
      const verified = Object.fromEntries(
        old.db
          .select()
          .from(users)
          .all()
          .map((u) => [u.email, u.emailVerifiedAt !== null]),
      );
      expect(verified).toEqual({ 'admin@example.com': true, 'demo@example.com': false, 'seller@example.com': false });
    } finally {
      old.close();
    }
  });
});

describe('only a verified account sends', () => {
  it('an unverified account → 403 with the message through both doors: nothing mailed, the quote stays a draft; share links stay', async () => {
    const account = await registerAccount(t);
    const quote = await quoteFor(account.client);
    const before = quoteMails().length;
    const res = await account.client.post(`/api/configurations/${quote.id}/send`, { message: 'Here it is' });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ message: UNVERIFIED, error: UNVERIFIED, code: 'FORBIDDEN' });
    const viaTrpc = await trpcCall(account.client, 'mutation', 'configurations.send', { id: quote.id, to: 'someone@else.test' });
    expect(viaTrpc.status).toBe(403);
    expect(viaTrpc.body.error.message).toBe(UNVERIFIED);
    await t.services.mailer.idle();
    expect(quoteMails()).toHaveLength(before);
    expect((await account.client.get(`/api/configurations/${quote.id}`)).body.status).toBe('draft');
    expect((await account.client.get(`/api/configurations/${quote.id}/share`)).status).toBe(404);
    expect(
      t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, quote.id), eq(auditLog.action, 'sent')))
        .all(),
    ).toHaveLength(0);

    const shared = await account.client.post(`/api/configurations/${quote.id}/share`);
    expect(shared.status).toBe(201);

    // once verified, the same account sends
    expect((await verify(await tokenMailedTo(t, account.email, 'verify-email'))).status).toBe(200);
    expect((await account.client.post(`/api/configurations/${quote.id}/send`, {})).status).toBe(200);
    await t.services.mailer.idle();
    expect(quoteMails()).toHaveLength(before + 1);
  });
});

describe('SEND_LIMIT_PER_HOUR', () => {
  let limited: TestApp;
  let demo: TestClient;
  let limitedIds: DemoIds;
  beforeAll(async () => {
    limited = await createTestApp({ env: { SEND_LIMIT_PER_HOUR: '2' } });
    demo = await limited.login(USER.email, USER.password);
    limitedIds = demoIds(limited);
  });
  afterAll(() => limited.closeWhenMailed());

  const sentMails = async () => {
    await limited.services.mailer.idle();
    return limited.db.select().from(emailLogs).where(eq(emailLogs.type, 'quote_sent')).all().length;
  };
  const newQuote = (validUntil?: string) =>
    saveCustomerQuote(demo, limitedIds, { name: 'Limited', customerEmail: 'buyer@contoso.test', ...(validUntil ? { validUntil } : {}) });

  it('beyond the limit 429 with Retry-After until the oldest send leaves the hour, nothing mailed (both doors); then allowed again', async () => {
    const quote = await newQuote();
    const start = limited.clock.now().getTime();
    expect((await demo.post(`/api/configurations/${quote.id}/send`, {})).status).toBe(200);
    limited.clock.advance(10 * MINUTE);
    expect((await demo.post(`/api/configurations/${quote.id}/send`, {})).status).toBe(200);
    expect(await sentMails()).toBe(2);

    const refused = await demo.post(`/api/configurations/${quote.id}/send`, {});
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe(String(50 * 60));
    expect(refused.body.message).toBe('You can send at most 2 quotes an hour. Please try again in 50 minutes.');
    const viaTrpc = await trpcCall(demo, 'mutation', 'configurations.send', { id: quote.id });
    expect(viaTrpc.status).toBe(429);
    expect(viaTrpc.headers.get('retry-after')).toBe(String(50 * 60));
    expect(await sentMails()).toBe(2);

    limited.clock.advance(start + HOUR - limited.clock.now().getTime());
    expect((await demo.post(`/api/configurations/${quote.id}/send`, {})).status).toBe(200);
    // the second send of the window is now the oldest: it leaves 10 minutes later
    const next = await demo.post(`/api/configurations/${quote.id}/send`, {});
    expect(next.status).toBe(429);
    expect(next.headers.get('retry-after')).toBe(String(10 * 60));
    expect(await sentMails()).toBe(3);
    limited.clock.advance(HOUR);
  });

  it('the limit is the account’s own: another account still sends; reminders do not count', async () => {
    const other = await limited.login(demoAccounts[0]!.email, demoAccounts[0]!.password);
    // Valid for 3 more days: the reminder is due as soon as it is sent.
    const soon = await newQuote(new Date(limited.clock.now().getTime() + 3 * DAY).toISOString().slice(0, 10));
    expect((await demo.post(`/api/configurations/${soon.id}/send`, {})).status).toBe(200);
    expect(await oweDueReminders(limited.services)).toBe(1);
    await limited.mailed();
    const second = await newQuote();
    expect((await demo.post(`/api/configurations/${second.id}/send`, {})).status).toBe(200);
    expect((await demo.post(`/api/configurations/${second.id}/send`, {})).status).toBe(429);
    const theirs = (await saveCustomerQuote(other, limitedIds, { name: 'Theirs', customerEmail: 'buyer@contoso.test' })).id;
    expect((await other.post(`/api/configurations/${theirs}/send`, {})).status).toBe(200);
  });

  it('0 means no limit; the default is 30; a bad value refuses to start', () => {
    expect(loadConfig({}).sendLimitPerHour).toBe(30);
    expect(loadConfig({ SEND_LIMIT_PER_HOUR: '0' }).sendLimitPerHour).toBe(0);
    for (const bad of ['-1', 'many', '1.5']) {
      expect(() => loadConfig({ SEND_LIMIT_PER_HOUR: bad })).toThrow(ConfigError);
      expect(() => loadConfig({ SEND_LIMIT_PER_HOUR: bad })).toThrow(/SEND_LIMIT_PER_HOUR/);
    }
  });
});

describe('REGISTRATION=closed', () => {
  let closed: TestApp;
  beforeAll(async () => {
    closed = await createTestApp({ env: { REGISTRATION: 'closed' } });
  });
  afterAll(() => closed.close());

  it('POST /api/register and auth.register → 403 with the message, whatever the body; no account is made', async () => {
    const body = registration();
    for (const sent of [body, {}, { username: 'x' }]) {
      const res = await closed.client().post('/api/register', sent);
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ message: CLOSED, error: CLOSED, code: 'FORBIDDEN' });
      const viaTrpc = await trpcCall(closed.client(), 'mutation', 'auth.register', sent);
      expect(viaTrpc.status).toBe(403);
      expect(viaTrpc.body.error.message).toBe(CLOSED);
    }
    expect(closed.db.select().from(users).where(eq(users.email, body.email)).get()).toBeUndefined();
  });

  it('the session check tells the auth page; an admin still creates accounts', async () => {
    expect((await closed.client().get('/api/auth/check')).body).toEqual({ authenticated: false, isAdmin: false, registration: 'closed' });
    expect((await t.client().get('/api/auth/check')).body).toEqual({ authenticated: false, isAdmin: false, registration: 'open' });
    const boss = await closed.login(demoAccounts[0]!.email, demoAccounts[0]!.password);
    const made = await boss.post('/api/admin/users', {
      username: 'hired',
      email: 'hired@example.org',
      firstname: 'Hi',
      lastname: 'Red',
      companyName: 'Acme',
      password: 'Member123',
      isAdmin: false,
    });
    expect(made.status).toBe(201);
  });

  it('REGISTRATION is open or closed (any case); anything else refuses to start', () => {
    expect(loadConfig({}).registration).toBe('open');
    expect(loadConfig({ REGISTRATION: 'Closed' }).registration).toBe('closed');
    expect(() => loadConfig({ REGISTRATION: 'invite-only' })).toThrow(/REGISTRATION: must be open or closed/);
  });
});
