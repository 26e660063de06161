import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailLogs } from '../../db/schema';
import { createMailer } from '../../src/server/mail/mailer';
import { registration, resetMailsTo } from '../support/accounts';
import { MINUTE } from '../support/clock';
import { appWithAdmin, ADMIN, USER, type TestApp, type TestClient } from '../support/test-app';

let t: TestApp;
let admin: TestClient;
beforeAll(async () => ({ t, admin } = await appWithAdmin()));
afterAll(() => t.closeWhenMailed());

describe('GET /api/admin/email-logs', () => {
  it('lists the reset mails newest first, with their content and the linked user', async () => {
    await t.client().post('/api/password-reset/request', { email: USER.email });
    t.clock.advance(MINUTE);
    const body = registration({ firstname: 'Lou', lastname: 'Logged', companyName: 'Log BV' });
    await t.client().post('/api/register', body);
    await t.client().post('/api/password-reset/request', { email: body.email });
    await t.services.mailer.idle();

    const res = await admin.get('/api/admin/email-logs');
    expect(res.status).toBe(200);
    // The registration mailed its verification link between the two reset mails.
    const [newest, verification, older] = res.body;
    expect(newest).toMatchObject({
      to: body.email,
      type: 'password_reset',
      subject: 'Reset your password',
      status: 'sent',
      error: null,
      user: { firstname: 'Lou', lastname: 'Logged', companyName: 'Log BV', username: body.email },
    });
    expect(Object.keys(newest).sort()).toEqual(
      ['content', 'createdAt', 'error', 'id', 'metadata', 'sentAt', 'status', 'subject', 'to', 'type', 'user'].sort(),
    );
    expect(newest.createdAt).toBe(t.clock.now().toISOString());
    expect(newest.sentAt).toBe(t.clock.now().toISOString());
    expect(newest.content).toContain('/reset-password?token=');
    expect(newest.metadata).toEqual({ expiresAt: new Date(t.clock.now().getTime() + 24 * 60 * MINUTE).toISOString() });
    expect(verification).toMatchObject({ to: body.email, type: 'email_verification', subject: 'Verify your email address' });
    expect(older).toMatchObject({ to: USER.email, user: { firstname: 'Sam', username: USER.email } });
    expect(older.id).toBeLessThan(verification.id);
    expect(verification.id).toBeLessThan(newest.id);
  });

  it('shows user null once the linked account is deleted, and keeps the log', async () => {
    const body = registration();
    const reg = await t.client().post('/api/register', body);
    await t.client().post('/api/password-reset/request', { email: body.email });
    await resetMailsTo(t, body.email);
    expect((await admin.delete(`/api/admin/users/${reg.body.id}`)).status).toBe(204);
    const logs = (await admin.get('/api/admin/email-logs')).body as { to: string; user: unknown }[];
    const log = logs.find((l) => l.to === body.email);
    expect(log).toBeDefined();
    expect(log!.user).toBeNull();
  });

  it('shows a delivery that failed (SMTP server unreachable) with its error and no sent time', async () => {
    const unreachable = createMailer(t.db, { ...t.config, smtpUrl: 'smtp://127.0.0.1:1' }, t.clock);
    const pending = unreachable.send({ type: 'test', to: 'x@example.org', subject: 'S', html: '<p>x</p>', text: 'x' });
    // Logged as pending before delivery is even tried.
    const row = t.db.select().from(emailLogs).where(eq(emailLogs.to, 'x@example.org')).get();
    expect(row?.status).toBe('pending');
    const result = await pending;
    unreachable.close();
    expect(result.status).toBe('failed');
    const logs = (await admin.get('/api/admin/email-logs')).body as { id: number; status: string; error: string; sentAt: null }[];
    const logged = logs.find((l) => l.id === result.logId);
    expect(logged).toMatchObject({ status: 'failed', sentAt: null, user: null, content: '<p>x</p>' });
    expect(logged!.error).toMatch(/ECONNREFUSED|connect/i);
  });

  it('is the same list through tRPC as admin.emailLogs.list', async () => {
    const viaCaller = await t.callerAs(ADMIN.email).admin.emailLogs.list();
    const viaRest = (await admin.get('/api/admin/email-logs')).body;
    expect(viaCaller).toEqual(viaRest);
  });

  it('is refused to anonymous (401) and to a non-admin (403)', async () => {
    expect((await t.client().get('/api/admin/email-logs')).status).toBe(401);
    const user = await t.login(USER.email, USER.password);
    expect((await user.get('/api/admin/email-logs')).status).toBe(403);
    await expect(t.callerAs(USER.email).admin.emailLogs.list()).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(t.callerAs(null).admin.emailLogs.list()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });
});
