// Account hardening: address squatting, reset tokens masked in the email log, reset timing, and the demo admin in
// production.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailLogs, users } from '../../db/schema';
import { maskStoredResetLinks } from '../../src/server/services/email-logs';
import { bootstrapAdmin } from '../../src/server/seed/seed';
import { demoAccountsWarning, demoHint } from '../../src/server/services/demo-hint';
import { outboxFiles, registration, resetMailsTo, tokenMailedTo } from '../support/accounts';
import { addUser } from '../support/configurations';
import { trpcCall } from '../support/trpc-http';
import { appWithAdmin, ADMIN, createTestApp, USER, type TestApp, type TestClient } from '../support/test-app';

let t: TestApp;
let admin: TestClient;
beforeAll(async () => ({ t, admin } = await appWithAdmin()));
afterAll(() => t.closeWhenMailed());

const SQUAT = 'A username that is an email address must be the account’s own email address';

describe('nobody can squat another person’s address (point 3)', () => {
  it('refuses a profile username that is someone else’s (or nobody’s) address, on both doors', async () => {
    const user = await t.login(USER.email, USER.password);
    // (another account's address is already a 409: "This username is already taken")
    expect((await user.patch('/api/profile', { username: ADMIN.email.toUpperCase() })).status).toBe(409);
    for (const username of ['ops@victim-corp.io', 'OPS@Victim-Corp.io']) {
      const rest = await user.patch('/api/profile', { username });
      expect(rest.status).toBe(400);
      expect(rest.body.message).toBe(SQUAT);
      const trpc = await trpcCall(user, 'mutation', 'auth.updateProfile', { username });
      expect(trpc.status).toBe(400);
      expect(trpc.body.error.message).toBe(SQUAT);
    }
    expect(t.db.select().from(users).where(eq(users.email, USER.email)).get()?.username).toBe(USER.email);
    // the real owner can still register
    const owner = registration({ username: 'ops@victim-corp.io', email: 'ops@victim-corp.io' });
    expect((await t.client().post('/api/register', owner)).status).toBe(201);
  });

  it('accepts the account’s own address (any case) and a plain name', async () => {
    const user = await t.login(USER.email, USER.password);
    expect((await user.patch('/api/profile', { username: 'sam.sales' })).status).toBe(200);
    expect((await user.patch('/api/profile', { username: USER.email.toUpperCase() })).status).toBe(200);
    expect((await user.patch('/api/profile', { username: USER.email })).status).toBe(200);
  });

  it('refuses it in the admin’s create and update too, on both doors', async () => {
    const body = { ...registration(), username: 'ceo@victim-corp.io', isAdmin: false };
    const rest = await admin.post('/api/admin/users', body);
    expect(rest.status).toBe(400);
    expect(rest.body.message).toBe(SQUAT);
    const trpc = await trpcCall(admin, 'mutation', 'admin.users.create', body);
    expect(trpc.status).toBe(400);
    const plain = await admin.post('/api/admin/users', { ...body, username: 'ceo' });
    expect(plain.status).toBe(201);
    const patch = await admin.patch(`/api/admin/users/${plain.body.id}`, { username: 'cfo@victim-corp.io' });
    expect(patch.status).toBe(400);
    expect(patch.body.message).toBe(SQUAT);
    expect((await trpcCall(admin, 'mutation', 'admin.users.update', { id: plain.body.id, username: 'cfo@victim-corp.io' })).status).toBe(400);
    // an address username that is the (new) email is fine
    const both = await admin.patch(`/api/admin/users/${plain.body.id}`, { username: 'cfo@victim-corp.io', email: 'cfo@victim-corp.io' });
    expect(both.status).toBe(200);
  });

  it('moves an address username along when an admin changes that account’s email', async () => {
    const r = registration();
    const created = await admin.post('/api/admin/users', { ...r, isAdmin: false });
    const moved = await admin.patch(`/api/admin/users/${created.body.id}`, { email: `moved-${r.email}` });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ email: `moved-${r.email}`, username: `moved-${r.email}` });
  });

  it('the ADMIN_EMAIL bootstrap is keyed on the email column alone, frees a squatted username and says what it did', async () => {
    const squatter = addUser(t, 'squatter@example.org', { username: 'boss@victim-corp.io' }); // data from before the rule
    const log: string[] = [];
    expect(await bootstrapAdmin(t.db, t.clock, 'boss@victim-corp.io', 'Bootstrap123', (m) => log.push(m))).toBe(true);
    const boss = t.db.select().from(users).where(eq(users.email, 'boss@victim-corp.io')).get();
    expect(boss).toMatchObject({ username: 'boss@victim-corp.io', isAdmin: true });
    expect(t.db.select().from(users).where(eq(users.id, squatter)).get()?.username).toBe('squatter@example.org');
    expect(log.join('\n')).toContain('squatter@example.org');
    expect(log.join('\n')).toContain('Created the admin account boss@victim-corp.io');
    const login = await t.client().post('/api/login', { username: 'boss@victim-corp.io', password: 'Bootstrap123' });
    expect(login.body).toMatchObject({ email: 'boss@victim-corp.io', isAdmin: true });

    const again: string[] = [];
    expect(await bootstrapAdmin(t.db, t.clock, 'BOSS@victim-corp.io', 'Other12345', (m) => again.push(m))).toBe(false);
    expect(again.join('\n')).toMatch(/BOSS@victim-corp\.io already has an account .*an admin.*skipped/);
  });
});

describe('reset tokens exist only in the sent mail (point 4)', () => {
  it('the email log stores and answers the link masked; the .eml carries the real token, which works', async () => {
    const r = registration();
    expect((await t.client().post('/api/register', r)).status).toBe(201);
    expect((await t.client().post('/api/password-reset/request', { email: r.email })).status).toBe(200);
    const [row] = await resetMailsTo(t, r.email);
    expect(row!.content).toContain('/reset-password?token=••••');
    expect(row!.content).not.toMatch(/token=[a-z2-7]{8,}/);
    const token = await tokenMailedTo(t, r.email);
    expect(row!.content).not.toContain(token);
    for (const logs of [(await admin.get('/api/admin/email-logs')).body, (await trpcCall(admin, 'query', 'admin.emailLogs.list')).body.result.data]) {
      const mine = logs.find((l: { to: string }) => l.to === r.email);
      expect(mine.content).toContain('token=••••');
      expect(JSON.stringify(logs)).not.toContain(token);
    }
    expect(outboxFiles(t).some((f) => f.includes(r.email))).toBe(true);
    expect((await t.client().post('/api/password-reset/reset', { token, newPassword: 'Fresh12345' })).status).toBe(200);
  });

  it('rows logged before masking are masked at start', async () => {
    const live = '<a href="http://localhost:3000/reset-password?token=abcdefghijklmnopqrstuvwxyz234567">x</a>';
    const id = t.db
      .insert(emailLogs)
      .values({ createdAt: t.clock.now(), to: 'old@example.org', type: 'password_reset', subject: 's', status: 'sent', content: live })
      .returning({ id: emailLogs.id })
      .get().id;
    expect(await maskStoredResetLinks(t.db)).toBe(1);
    expect(t.db.select().from(emailLogs).where(eq(emailLogs.id, id)).get()?.content).toBe(
      '<a href="http://localhost:3000/reset-password?token=••••">x</a>',
    );
    expect(await maskStoredResetLinks(t.db)).toBe(0);
  });

  it('the admin’s reset-link action still answers its link once', async () => {
    const res = await admin.post('/api/admin/users/2/reset-link');
    expect(res.body.resetUrl).toMatch(/reset-password\?token=[a-z2-7]{32}$/);
  });
});

describe('known and unknown reset requests take the same time (point 9)', () => {
  /** The SQL run before the answer is complete. */
  async function statementsOf(email: string): Promise<string[]> {
    const seen: string[] = [];
    const client = t.db.$client;
    const prepare = client.prepare.bind(client);
    client.prepare = ((sql: string) => {
      seen.push(sql);
      return prepare(sql);
    }) as typeof client.prepare;
    try {
      const res = await t.client().post('/api/password-reset/request', { email });
      expect(res.status).toBe(200);
    } finally {
      client.prepare = prepare as typeof client.prepare;
    }
    await t.services.mailer.idle();
    return seen;
  }

  it('does the same database work before answering, whether or not the address has an account', async () => {
    const known = await statementsOf(USER.email);
    const unknown = await statementsOf('nobody-at-all@example.org');
    expect(known).toEqual(unknown);
    // and the mail is still sent, after the answer
    const [row] = await resetMailsTo(t, USER.email);
    expect(row?.status).toBe('sent');
  });
});

describe('the demo admin in production (point 10)', () => {
  it('warns loudly when the demo accounts exist and APP_URL is https or NODE_ENV is production', async () => {
    const https = { ...t.config, production: true };
    expect(await demoAccountsWarning(t.db, https)).toMatch(/WARNING.*admin@example\.com/s);
    expect(await demoAccountsWarning(t.db, { ...t.config, production: false })).toBeNull();
  });

  it('hides the demo hint in production', async () => {
    expect(await demoHint(t.db, { ...t.config, production: false })).toMatchObject({ email: ADMIN.email });
    expect(await demoHint(t.db, { ...t.config, production: true })).toBeNull();
    const prod = await createTestApp({ env: { NODE_ENV: 'production' } });
    try {
      expect(prod.config.production).toBe(true);
      const res = await trpcCall(prod.client(), 'query', 'auth.demoHint');
      expect(res.body.result.data).toBeNull();
      expect(await demoAccountsWarning(prod.db, prod.config)).not.toBeNull();
    } finally {
      prod.close();
    }
  });

  it('treats an https APP_URL as production', async () => {
    const prod = await createTestApp({ seed: false, env: { APP_URL: 'https://quotes.example.com' } });
    try {
      expect(prod.config.production).toBe(true);
      expect(await demoAccountsWarning(prod.db, prod.config)).toBeNull(); // no demo accounts here
    } finally {
      prod.close();
    }
  });
});
