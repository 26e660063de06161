// Mail the product owes (docs/API.md "Mail the product owes"): the customer's confirmation with its PDF, the owner's
// notice of an answer and reminders are written with the change that causes them and sent from there by the worker.
// A full PDF queue or a mail server that is down only delays them (tried again on the test clock), a restart loses
// none, and none goes twice. Delivery is real: .eml files in the outbox, or SMTP to a local server (smtp-receiver.ts).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import { simpleParser, type ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailLogs, owedMails } from '../../db/schema';
import { addDays } from '../../src/shared/quote-dates';
import {
  PDF_BUSY,
  PDF_CONCURRENCY,
  PDF_QUEUE_LIMIT,
  PDF_RETRY_AFTER_S,
  PdfBusyError,
  renderQuotePdfOffThread,
} from '../../src/server/pdf/render-pool';
import { todayOf } from '../../src/server/services/configurations';
import { oweDueReminders } from '../../src/server/services/reminders';
import { DAY, HOUR, MINUTE } from '../support/clock';
import { demoIds, saveCustomerQuote, type DemoIds } from '../support/configurations';
import { largestQuote } from '../support/quote-forms';
import { smtpReceiver, type SmtpReceiver } from '../support/smtp-receiver';
import { createTestApp, USER, type TestApp, type TestClient } from '../support/test-app';

const CONFIRMATION = 'quote_acceptance_confirmation';

async function shareNew(t: TestApp, user: TestClient, ids: DemoIds, name: string, extra: Record<string, unknown> = {}) {
  const q = await saveCustomerQuote(user, ids, { name, customerCompany: 'Contoso Ltd', customerEmail: 'buyer@contoso.test', ...extra });
  const res = await user.post(`/api/configurations/${q.id}/share`);
  expect(res.status).toBe(201);
  return { ...q, token: (res.body.url as string).split('/q/')[1]! };
}

const accept = (t: TestApp, token: string, who: string) =>
  t.client().post(`/api/shared/${token}/accept`, { name: `Customer ${who}`, email: `${who}@contoso.test`, consent: true });

/** The email log's rows of these types, oldest first. */
const logged = (t: TestApp, ...types: string[]) => t.db.select().from(emailLogs).where(inArray(emailLogs.type, types)).orderBy(emailLogs.id).all();

/** Every .eml in the app's outbox, parsed. */
async function outbox(t: TestApp): Promise<ParsedMail[]> {
  const dir = t.config.outboxDir;
  if (!fs.existsSync(dir)) return [];
  return Promise.all(fs.readdirSync(dir).map((f) => simpleParser(fs.readFileSync(path.join(dir, f)))));
}

const owedOf = (t: TestApp, kind: string) => t.db.select().from(owedMails).where(eq(owedMails.kind, kind)).orderBy(owedMails.id).all();

/** The kinds of the mail still owed (pending), sorted. */
function pendingKinds(t: TestApp): string[] {
  return t.db
    .select()
    .from(owedMails)
    .where(eq(owedMails.status, 'pending'))
    .all()
    .map((m) => m.kind)
    .sort();
}

function expectPdfAttached(mail: ParsedMail, number: string): void {
  expect(mail.attachments).toHaveLength(1);
  expect(mail.attachments[0]!.contentType).toBe('application/pdf');
  expect(mail.attachments[0]!.filename).toContain(number);
  expect(mail.attachments[0]!.content.subarray(0, 5).toString()).toBe('%PDF-');
}

describe('a full PDF queue', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.closeWhenMailed());

  it('ten customers accept while the owner’s PDFs fill the queue: every confirmation is sent once, each with its PDF', async () => {
    const user = await t.login(USER.email, USER.password);
    const ids = demoIds(t);
    const quotes = [];
    for (let i = 0; i < 10; i++) quotes.push(await shareNew(t, user, ids, `Office ${i}`));
    const big = await user.post('/api/configurations', { name: 'Largest quote', ...largestQuote });
    const { document } = await t.callerAs(USER.email).configurations.pdfData({ id: big.body.id });

    // the owner's downloads take every render thread and every place in the queue
    const downloads = Array.from({ length: PDF_CONCURRENCY + PDF_QUEUE_LIMIT }, () => renderQuotePdfOffThread(document));
    await expect(renderQuotePdfOffThread(document)).rejects.toBeInstanceOf(PdfBusyError);
    const answers = await Promise.all(quotes.map((q, i) => accept(t, q.token, `c${i}`)));
    expect(answers.map((a) => a.status)).toEqual(quotes.map(() => 200));
    // every confirmation is owed, whatever the queue said
    expect(owedOf(t, CONFIRMATION)).toHaveLength(10);
    await t.owedMail.idle();
    expect(
      owedOf(t, CONFIRMATION)
        .filter((m) => m.status === 'pending')
        .map((m) => m.lastError),
    ).toContain(PDF_BUSY);

    // the queue drains; the refused ones are tried again after its Retry-After, on the test clock
    await Promise.all(downloads);
    t.clock.advance(PDF_RETRY_AFTER_S * 1000);
    await t.mailed();
    t.clock.advance(HOUR);
    await t.mailed();

    const logs = logged(t, CONFIRMATION);
    expect(logs.map((l) => l.status)).toEqual(quotes.map(() => 'sent'));
    expect(logs.map((l) => l.to).sort()).toEqual(quotes.map((_, i) => `c${i}@contoso.test`).sort());
    for (const l of logs) expect((l.metadata as { attachments: string[] }).attachments).toHaveLength(1);
    const mails = (await outbox(t)).filter((m) => m.subject?.startsWith('You accepted quote'));
    expect(mails).toHaveLength(10);
    for (const m of mails) expectPdfAttached(m, /Q-\d{6}/.exec(m.subject!)![0]);
    expect(owedOf(t, CONFIRMATION).map((m) => m.status)).toEqual(quotes.map(() => 'sent'));
    // the owner was told of each answer too, once
    expect(logged(t, 'quote_accepted')).toHaveLength(10);
  }, 60_000);
});

describe('a mail server that is down', () => {
  let t: TestApp;
  let rx: SmtpReceiver;
  let user: TestClient;
  let ids: DemoIds;
  beforeAll(async () => {
    rx = await smtpReceiver();
    t = await createTestApp({ env: { SMTP_URL: rx.url } });
    user = await t.login(USER.email, USER.password);
    ids = demoIds(t);
  });
  afterAll(async () => {
    await t.closeWhenMailed();
    await rx.close();
  });

  const waitOf = (m: { lastAttemptAt: Date | null; nextAttemptAt: Date | null }) => m.nextAttemptAt!.getTime() - m.lastAttemptAt!.getTime();

  it('the confirmation and the owner’s notice: tried again after 1 and then 5 minutes, sent once the server is back', async () => {
    rx.down(true);
    const q = await shareNew(t, user, ids, 'Outage');
    expect((await accept(t, q.token, 'ada')).status).toBe(200);
    await t.mailed();
    const kinds = [CONFIRMATION, 'quote_accepted'];
    const rows = () => kinds.map((k) => owedOf(t, k).at(-1)!);
    expect(rows().map((m) => [m.status, m.attempts, waitOf(m)])).toEqual([
      ['pending', 1, MINUTE],
      ['pending', 1, MINUTE],
    ]);
    expect(logged(t, ...kinds).map((l) => l.status)).toEqual(['failed', 'failed']);
    expect(logged(t, CONFIRMATION)[0]!.error).toMatch(/421|Service not available/);

    t.clock.advance(MINUTE);
    await t.mailed();
    expect(rows().map((m) => [m.status, m.attempts, waitOf(m)])).toEqual([
      ['pending', 2, 5 * MINUTE],
      ['pending', 2, 5 * MINUTE],
    ]);
    rx.down(false);
    // back, but nothing is tried before its time
    t.clock.advance(4 * MINUTE);
    await t.mailed();
    expect(rx.received).toHaveLength(0);

    t.clock.advance(MINUTE);
    await t.mailed();
    const mails = await rx.parsed();
    expect(mails).toHaveLength(2);
    expect(mails.filter((m) => m.subject?.startsWith(`Quote ${q.number} was accepted:`))).toHaveLength(1);
    const copy = mails.find((m) => m.subject === `You accepted quote ${q.number} (Advanced) from Quote Configurator`);
    expectPdfAttached(copy!, q.number);
    expect(rows().map((m) => m.status)).toEqual(['sent', 'sent']);
    expect(logged(t, CONFIRMATION).map((l) => l.status)).toEqual(['failed', 'failed', 'sent']);

    // and never again
    t.clock.advance(DAY);
    await t.mailed();
    expect(rx.received).toHaveLength(2);
  });

  it('the owner’s notice of a decline and a reminder go the same way: owed with their change, sent once the server is back', async () => {
    rx.down(true);
    rx.received.length = 0;
    const today = todayOf(t.clock);
    const soon = await saveCustomerQuote(user, ids, { name: 'Expiring', customerEmail: 'buyer@contoso.test', validUntil: addDays(today, 2) });
    const sent = await user.post(`/api/configurations/${soon.id}/send`, { to: 'procurement@contoso.test' });
    expect(sent.body).toMatchObject({ delivered: false });
    const declined = await shareNew(t, user, ids, 'Declined');
    expect((await t.client().post(`/api/shared/${declined.token}/decline`, { reason: 'Budget' })).status).toBe(200);
    expect(await oweDueReminders(t.services)).toBe(1);
    await t.mailed();
    for (const kind of ['quote_declined', 'quote_reminder']) expect(owedOf(t, kind).map((m) => [m.status, m.attempts])).toEqual([['pending', 1]]);

    rx.down(false);
    t.clock.advance(MINUTE);
    await t.mailed();
    const mails = await rx.parsed();
    const notice = mails.find((m) => m.subject?.startsWith(`Quote ${declined.number} was declined`));
    expect(notice?.text).toContain('Budget');
    const reminder = mails.find((m) => m.subject?.startsWith('Reminder'));
    expect(reminder?.to).toMatchObject({ value: [{ address: 'procurement@contoso.test' }] });
    // the link is derived again when the reminder goes out: the one the customer was sent
    expect(reminder?.text).toContain(sent.body.url);
    expect(mails).toHaveLength(2);
    // the log keeps the reminder with the link's token masked, as it keeps the Send mail
    const reminderLog = logged(t, 'quote_reminder').at(-1)!;
    expect(reminderLog.status).toBe('sent');
    expect(reminderLog.content).not.toContain(sent.body.url.split('/q/')[1]);

    expect(await oweDueReminders(t.services)).toBe(0);
    t.clock.advance(HOUR);
    await t.mailed();
    expect(rx.received).toHaveLength(2);
  });
});

describe('a restart', () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qc-owed-'));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('mail owed when the app closes, before its worker sent it, is sent once by the next start on the same database', async () => {
    const file = path.join(dir, 'closed.db');
    const first = await createTestApp({ env: { DATABASE_PATH: file } });
    await first.owedMail.stop();
    const owner = await first.login(USER.email, USER.password);
    const q = await shareNew(first, owner, demoIds(first), 'Before the restart');
    expect((await accept(first, q.token, 'grace')).status).toBe(200);
    expect(pendingKinds(first)).toEqual([CONFIRMATION, 'quote_accepted'].sort());
    first.close();

    const second = await createTestApp({ seed: false, env: { DATABASE_PATH: file } });
    try {
      await second.mailed();
      expect(
        logged(second, CONFIRMATION, 'quote_accepted')
          .map((l) => `${l.type} ${l.status}`)
          .sort(),
      ).toEqual([`${CONFIRMATION} sent`, 'quote_accepted sent']);
      const mails = await outbox(second);
      expect(mails).toHaveLength(2);
      expectPdfAttached(
        mails.find((m) => m.subject?.startsWith('You accepted'))!,
        q.number,
      );
    } finally {
      second.close();
    }
    const third = await createTestApp({ seed: false, env: { DATABASE_PATH: file } });
    try {
      await third.mailed();
      expect(logged(third, CONFIRMATION, 'quote_accepted')).toHaveLength(2);
    } finally {
      third.close();
    }
  });

  it('a try cut off by the process ending (claimed, never marked) is made again at the next start', async () => {
    const rx = await smtpReceiver();
    rx.hang(true);
    const file = path.join(dir, 'crashed.db');
    const first = await createTestApp({ env: { DATABASE_PATH: file, SMTP_URL: rx.url } });
    const owner = await first.login(USER.email, USER.password);
    const q = await shareNew(first, owner, demoIds(first), 'Cut off');
    expect((await accept(first, q.token, 'linus')).status).toBe(200);
    // both tries are under way (the server never greets): the rows are claimed when the process goes
    await expect.poll(() => first.db.select().from(owedMails).where(eq(owedMails.status, 'sending')).all().length).toBe(2);
    first.close();
    await rx.close();

    const second = await createTestApp({ seed: false, env: { DATABASE_PATH: file } });
    try {
      await second.mailed();
      const sent = second.db
        .select()
        .from(emailLogs)
        .where(and(inArray(emailLogs.type, [CONFIRMATION, 'quote_accepted']), eq(emailLogs.status, 'sent')))
        .all();
      expect(sent.map((l) => l.type).sort()).toEqual([CONFIRMATION, 'quote_accepted'].sort());
      expect(
        second.db
          .select()
          .from(owedMails)
          .all()
          .map((m) => m.status),
      ).toEqual(['sent', 'sent']);
    } finally {
      second.close();
    }
  });
});
