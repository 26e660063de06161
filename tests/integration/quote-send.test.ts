// Sending a quote from the app (docs/API.md "Sending a quote", "The seller"): the seller's Company record, a link the
// owner can copy again that the database alone never yields, the mail itself read back from the outbox (subject,
// sender, cc, body, link, PDF attached), sending again, reminders before expiry (once), and the customer's copy of
// an acceptance. Both doors.
import fs from 'node:fs';
import path from 'node:path';
import { createHmac } from 'node:crypto';
import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding';
import { simpleParser, type ParsedMail } from 'mailparser';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, emailLogs, quoteShares } from '../../db/schema';
import { hashToken } from '../../src/server/auth/tokens';
import { oweDueReminders } from '../../src/server/services/reminders';
import { SECRET_FILE } from '../../src/server/secret';
import { registerAccount } from '../support/accounts';
import { demoIds, saveCustomerQuote, withDemoIds, type DemoIds } from '../support/configurations';
import { DAY } from '../support/clock';
import { euro, pdfText } from '../support/documents';
import { formatAmsterdamTime } from '../../src/shared/format';
import { trpcCall } from '../support/trpc-http';
import { appWithAdminAndUser, APP_URL, createTestApp, USER, type TestApp, type TestClient } from '../support/test-app';

let t: TestApp;
let ids: DemoIds;
let user: TestClient;
let admin: TestClient;
let customer: TestClient;

const COMPANY = {
  name: 'Nordlicht Workplace GmbH',
  address: 'Hafenstraße 12\n20457 Hamburg',
  email: 'sales@nordlicht.test',
  phone: '+49 40 1234567',
  vatNumber: 'DE123456789',
  terms: 'Prices exclude VAT. Invoices are due within 30 days.\nThe contract renews yearly unless cancelled.',
};

beforeAll(async () => {
  ({ t, admin, user, ids } = await withDemoIds(appWithAdminAndUser()));
  customer = t.client();
});
afterAll(() => t.close());

const save = (extra: Record<string, unknown> = {}) =>
  saveCustomerQuote(user, ids, { name: 'Northwind HQ rollout (copy)', customerCompany: 'Contoso Ltd', customerEmail: 'ada@contoso.test', ...extra });

/** Every mail in the outbox, parsed, newest last. */
async function outbox(): Promise<ParsedMail[]> {
  await t.mailed();
  const dir = t.config.outboxDir;
  if (!fs.existsSync(dir)) return [];
  const files = fs.readdirSync(dir).sort((a, b) => Number(a.split('-')[1]!.split('.')[0]) - Number(b.split('-')[1]!.split('.')[0]));
  return Promise.all(files.map((f) => simpleParser(fs.readFileSync(path.join(dir, f)))));
}
const mailsTo = async (address: string) =>
  (await outbox()).filter((m) => m.to && !Array.isArray(m.to) && m.to.value.some((v) => v.address === address));
const linkIn = (text: string) => /http:\/\/[^\s]+\/q\/[a-z2-7]{32}/.exec(text)?.[0];

describe('the seller: GET /api/company and PUT /api/admin/company', () => {
  it('answers COMPANY_NAME until an admin saves the details; the change is audited; users may read but not write', async () => {
    expect((await user.get('/api/company')).body).toEqual({
      name: 'Quote Configurator',
      address: null,
      email: null,
      phone: null,
      vatNumber: null,
      terms: null,
    });
    expect((await user.put('/api/admin/company', COMPANY)).status).toBe(403);
    expect((await customer.get('/api/company')).status).toBe(401);
    const saved = await admin.put('/api/admin/company', COMPANY);
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual(COMPANY);
    expect((await user.get('/api/company')).body).toEqual(COMPANY);
    const entry = t.db.select().from(auditLog).where(eq(auditLog.entity, 'company')).orderBy(desc(auditLog.id)).get();
    expect(entry).toMatchObject({ action: 'update', before: { name: 'Quote Configurator', terms: null }, after: COMPANY });
  });

  it('refuses bad details with a message and changes nothing (both doors)', async () => {
    for (const [body, message] of [
      [{ ...COMPANY, name: ' ' }, 'Please enter the company name'],
      [{ ...COMPANY, email: 'nope' }, 'Please enter a valid email address'],
      [{ ...COMPANY, terms: 'x'.repeat(10_001) }, 'The terms must be at most 10,000 characters'],
      [{ ...COMPANY, phone: '+49\u0007' }, expect.stringContaining('Phone')],
    ] as const) {
      const res = await admin.put('/api/admin/company', body);
      expect(res.status).toBe(400);
      expect(res.body.message).toEqual(message);
    }
    const trpc = await trpcCall(admin, 'mutation', 'admin.company.update', { ...COMPANY, email: 'nope' });
    expect(trpc.status).toBe(400);
    expect((await user.get('/api/company')).body).toEqual(COMPANY);
  });
});

describe('a link that lasts', () => {
  it('GET /api/configurations/{id}/share answers the live link again; 404 without one; only its hash and nonce are stored', async () => {
    const q = await save();
    const none = await user.get(`/api/configurations/${q.id}/share`);
    expect(none.status).toBe(404);
    expect(none.body.message).toBe('This quote has no live share link');
    const made = await user.post(`/api/configurations/${q.id}/share`);
    const again = await user.get(`/api/configurations/${q.id}/share`);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ url: made.body.url, expiresAt: made.body.expiresAt, revision: 1 });
    expect((await admin.get(`/api/configurations/${q.id}/share`)).body.url).toBe(made.body.url);
    const stranger = (await registerAccount(t)).client;
    expect((await stranger.get(`/api/configurations/${q.id}/share`)).status).toBe(404);

    const token = (made.body.url as string).split('/q/')[1]!;
    const row = t.db.select().from(quoteShares).where(eq(quoteShares.configurationId, q.id)).get()!;
    expect(row.tokenHash).toBe(hashToken(token));
    expect(JSON.stringify(row)).not.toContain(token);
    // The database alone gives no link: the nonce under any other secret is another token.
    const guess = encodeBase32LowerCaseNoPadding(
      createHmac('sha256', 'not the server secret').update(`share-link:${row.nonce}`).digest().subarray(0, 20),
    );
    expect(guess).not.toBe(token);
    // The secret was generated once into the data folder, readable by the server's user only.
    const file = path.join(path.dirname(t.config.databasePath), SECRET_FILE);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  });
});

describe('POST /api/configurations/{id}/send', () => {
  it('mails the customer from the seller: number in the subject, message, figures, validity, link, PDF attached; a draft becomes sent', async () => {
    await admin.put('/api/admin/company', COMPANY);
    const q = await save();
    const res = await user.post(`/api/configurations/${q.id}/send`, {
      cc: 'buyer@contoso.test, cfo@contoso.test',
      message: 'As discussed on the phone:\nhere is our offer.',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      to: 'ada@contoso.test',
      cc: ['buyer@contoso.test', 'cfo@contoso.test'],
      revision: 1,
      link: 'new',
      delivered: true,
    });
    expect(res.body.url).toMatch(new RegExp(`^${APP_URL}/q/[a-z2-7]{32}$`));
    expect((await user.get(`/api/configurations/${q.id}`)).body.status).toBe('sent');

    const [mail] = await mailsTo('ada@contoso.test');
    expect(mail).toBeDefined();
    expect(mail!.subject).toBe(`Quote ${q.number} (Advanced) from ${COMPANY.name}`);
    expect(mail!.from?.value[0]).toEqual({ name: COMPANY.name, address: 'no-reply@localhost' });
    expect(mail!.replyTo?.value[0]?.address).toBe(USER.email);
    expect((Array.isArray(mail!.cc) ? [] : mail!.cc?.value.map((v) => v.address)) ?? []).toEqual(['buyer@contoso.test', 'cfo@contoso.test']);
    const text = mail!.text ?? '';
    // the mail greets once, then the seller's message, then the quote named by number and package
    expect(text.startsWith('Hello Ada Lovelace,\n\nAs discussed on the phone:\nhere is our offer.\n\n')).toBe(true);
    expect(text).toContain(`Please find our quote ${q.number} (Advanced), revision 1, attached as a PDF.`);
    expect(text).not.toContain('for Advanced for');
    expect(text).toContain(`Monthly total: ${euro(q.totalMonthly)}`);
    expect(text).toContain(`Total contract value: ${euro(q.tcv)}`);
    expect(text).toContain('Valid until: 31 March 2026');
    expect(linkIn(text)).toBe(res.body.url);
    expect(mail!.html).toContain(res.body.url);
    expect(text).toContain('Hafenstraße 12');
    expect(text).not.toContain('Northwind HQ rollout');
    expect(mail!.attachments).toHaveLength(1);
    const pdf = mail!.attachments[0]!;
    expect(pdf.contentType).toBe('application/pdf');
    expect(pdf.filename).toBe(`${q.number}-advanced-for-contoso-ltd.pdf`);
    const printed = pdfText(pdf.content, t.dir);
    expect(printed).toContain(euro(q.tcv));
    expect(printed).toContain('Terms of Nordlicht Workplace GmbH');
    expect(printed).toContain('Invoices are due within 30 days.');
    expect(printed).toContain('VAT DE123456789');

    // The email log has the mail, with the link's token masked (it lives only in the sent mail); the audit names the recipient.
    const log = t.db.select().from(emailLogs).where(eq(emailLogs.type, 'quote_sent')).orderBy(desc(emailLogs.id)).get()!;
    const token = (res.body.url as string).split('/q/')[1]!;
    expect(log).toMatchObject({ to: 'ada@contoso.test', status: 'sent', userId: expect.any(Number) });
    expect(log.content).not.toContain(token);
    expect(log.metadata).toMatchObject({ cc: ['buyer@contoso.test', 'cfo@contoso.test'], attachments: [pdf.filename] });
    const sent = (await user.get(`/api/configurations/${q.id}/activity`)).body.filter((e: { action: string }) => e.action === 'sent');
    expect(sent).toEqual([
      expect.objectContaining({ after: { to: 'ada@contoso.test', cc: ['buyer@contoso.test', 'cfo@contoso.test'], revision: 1, link: 'new' } }),
    ]);
  });

  it('sending again reuses the live link while it shows the current revision; after a change it shares again', async () => {
    const q = await save();
    const first = await user.post(`/api/configurations/${q.id}/send`, {});
    const second = await user.post(`/api/configurations/${q.id}/send`, { to: 'other@contoso.test' });
    expect(second.body).toMatchObject({ link: 'reused', url: first.body.url, to: 'other@contoso.test' });
    expect((await user.patch(`/api/configurations/${q.id}`, { locations: 2 })).status).toBe(200);
    const third = await trpcCall(user, 'mutation', 'configurations.send', { id: q.id });
    expect(third.status).toBe(200);
    expect(third.body.result.data).toMatchObject({ link: 'new', revision: 2 });
    expect(third.body.result.data.url).not.toBe(first.body.url);
    expect((await customer.get(`/api/shared/${(first.body.url as string).split('/q/')[1]}`)).status).toBe(404);
    expect((await user.get(`/api/configurations/${q.id}`)).body).toMatchObject({ status: 'sent', linkRevision: 2 });
  });

  it('refuses what cannot be sent, with a message, changing nothing', async () => {
    const noEmail = await save({ customerEmail: null });
    const r1 = await user.post(`/api/configurations/${noEmail.id}/send`, {});
    expect(r1.status).toBe(400);
    expect(r1.body.message).toBe('Please enter a valid email address');
    expect((await user.post(`/api/configurations/${noEmail.id}/send`, { to: 'not-an-address' })).status).toBe(400);
    expect((await user.post(`/api/configurations/${noEmail.id}/send`, { to: 'a@b.test', message: 'x'.repeat(2001) })).body.message).toBe(
      'The message must be at most 2000 characters',
    );
    expect((await user.get(`/api/configurations/${noEmail.id}`)).body).toMatchObject({ status: 'draft', linkRevision: null });
    const q = await save();
    const token = ((await user.post(`/api/configurations/${q.id}/share`)).body.url as string).split('/q/')[1]!;
    await customer.post(`/api/shared/${token}/accept`, { name: 'Ada', email: 'ada@contoso.test', consent: true });
    const answered = await user.post(`/api/configurations/${q.id}/send`, {});
    expect(answered.status).toBe(409);
    expect((await admin.post(`/api/configurations/${q.id}/send`, {})).status).toBe(409);
    expect((await admin.post('/api/configurations/999999/send', {})).status).toBe(404);
    expect((await customer.post(`/api/configurations/${q.id}/send`, {})).status).toBe(401);
  });

  it('the preview is the mail as it would go out', async () => {
    const q = await save();
    const preview = await trpcCall(user, 'query', 'configurations.sendPreview', { id: q.id, message: 'Hello there' });
    expect(preview.status).toBe(200);
    expect(preview.body.result.data).toMatchObject({
      to: 'ada@contoso.test',
      from: COMPANY.name,
      subject: `Quote ${q.number} (Advanced) from ${COMPANY.name}`,
    });
    expect(preview.body.result.data.text).toContain('Hello there');
  });
});

describe('the mail greets once', () => {
  /** The mail's text up to the quote's own sentence: the greetings and the seller's message. */
  async function opening(message: string | undefined, extra: Record<string, unknown> = {}) {
    const q = await save({ customerEmail: 'greet@contoso.test', ...extra });
    expect((await user.post(`/api/configurations/${q.id}/send`, message === undefined ? {} : { message })).status).toBe(200);
    const mail = (await mailsTo('greet@contoso.test')).at(-1)!;
    return (mail.text ?? '').split('Please find our quote')[0]!.trim();
  }
  const greetings = (text: string) => text.split('\n').filter((l) => /^(hello|hi|dear|good morning|beste|hallo)\b/i.test(l) || /^Ada,$/.test(l));

  it('a message that opens with a greeting of its own is not greeted again', async () => {
    for (const message of [
      'Hi Ada,\n\nAs discussed, here is the quote.',
      'Dear Ms Lovelace,\nplease find our offer.',
      'Hello Ada!\nHere it is.',
      'Good morning Ada,\nhere it is.',
      'Beste Ada,\nhierbij de offerte.',
      'Ada,\nhere it is.',
    ]) {
      const text = await opening(message);
      expect(text, message).toBe(message);
      expect(greetings(text), message).toHaveLength(1);
    }
  });

  it('a message that does not greet, or none, gets the one greeting: the customer by name, else "Hello,"', async () => {
    expect(await opening('As discussed on the phone: here is our offer.')).toBe(
      'Hello Ada Lovelace,\n\nAs discussed on the phone: here is our offer.',
    );
    expect(await opening(undefined)).toBe('Hello Ada Lovelace,');
    expect(await opening('Highlights below.', { customerName: null })).toBe('Hello,\n\nHighlights below.');
  });
});

describe('one time, one zone', () => {
  it('the confirmation mail and its PDF name the moment of the acceptance in Europe/Amsterdam: CET in winter, CEST in summer', async () => {
    const start = t.clock.now().getTime();
    const acceptAt = async (iso: string, email: string) => {
      const q = await save({ customerEmail: email, validUntil: '2026-04-30' });
      const token = ((await user.post(`/api/configurations/${q.id}/send`, {})).body.url as string).split('/q/')[1]!;
      t.clock.advance(Date.parse(iso) - t.clock.now().getTime());
      expect((await customer.post(`/api/shared/${token}/accept`, { name: 'Grace Hopper', email, consent: true })).status).toBe(200);
      const copy = (await mailsTo(email)).find((m) => m.subject?.startsWith('You accepted'));
      return { q, text: copy!.text ?? '', pdf: pdfText(copy!.attachments[0]!.content, t.dir) };
    };
    try {
      const winter = await acceptAt('2026-03-02T02:06:00Z', 'winter@fabrikam.test');
      expect(winter.text).toContain(`This confirms that you accepted quote ${winter.q.number} (Advanced), revision 1, on 2 Mar 2026, 03:06 CET.`);
      expect(winter.pdf).toMatch(/Date and time\s+2 Mar 2026, 03:06 CET/);
      const summer = await acceptAt('2026-04-01T12:00:00Z', 'summer@fabrikam.test');
      expect(summer.text).toContain('on 1 Apr 2026, 14:00 CEST.');
      expect(summer.pdf).toMatch(/Date and time\s+1 Apr 2026, 14:00 CEST/);
    } finally {
      t.clock.advance(start - t.clock.now().getTime());
    }
  });
});

describe('after the answer', () => {
  it('the customer gets a confirmation with the accepted PDF; the owner’s mail names revision, monthly total and TCV', async () => {
    const q = await save({ customerEmail: 'buyer@fabrikam.test', customerCompany: 'Fabrikam' });
    const sent = await user.post(`/api/configurations/${q.id}/send`, {});
    const token = (sent.body.url as string).split('/q/')[1]!;
    await customer.post(`/api/shared/${token}/accept`, { name: 'Grace Hopper', email: 'grace@fabrikam.test', consent: true });
    const [copy] = await mailsTo('grace@fabrikam.test');
    expect(copy?.subject).toBe(`You accepted quote ${q.number} (Advanced) from ${COMPANY.name}`);
    const fingerprint = (await user.get(`/api/configurations/${q.id}`)).body.acceptance.fingerprint;
    expect(copy?.text).toContain(fingerprint);
    expect(copy?.attachments[0]?.contentType).toBe('application/pdf');
    const printed = pdfText(copy!.attachments[0]!.content, t.dir);
    expect(printed).toMatch(/Accepted by\s+Grace Hopper \(grace@fabrikam\.test\)/);
    const owner = (await mailsTo(USER.email)).filter((m) => m.subject?.startsWith(`Quote ${q.number} was accepted`));
    expect(owner).toHaveLength(1);
    const answeredAt = formatAmsterdamTime((await user.get(`/api/configurations/${q.id}`)).body.acceptance.at);
    expect(answeredAt).toMatch(/ CES?T$/);
    expect(owner[0]!.text).toContain(`revision 1, on ${answeredAt}: ${euro(q.totalMonthly)} per month, total contract value ${euro(q.tcv)}`);
  });
});

describe('reminders', () => {
  it('one reminder QUOTE_REMINDER_DAYS before expiry, to the address last sent to, with the same link; never twice', async () => {
    const soon = await save({ validUntil: '2026-03-04', customerEmail: 'soon@contoso.test' });
    const later = await save({ validUntil: '2026-03-20', customerEmail: 'later@contoso.test' });
    const sent = await user.post(`/api/configurations/${soon.id}/send`, { to: 'procurement@contoso.test' });
    await user.post(`/api/configurations/${later.id}/send`, {});
    // a quote shared but never mailed has no address to remind
    const unsent = await save({ validUntil: '2026-03-03', customerEmail: 'unsent@contoso.test' });
    await user.post(`/api/configurations/${unsent.id}/share`);

    expect(await oweDueReminders(t.services)).toBe(1);
    const reminders = await mailsTo('procurement@contoso.test');
    const reminder = reminders.find((m) => m.subject?.startsWith('Reminder'));
    expect(reminder?.subject).toBe(`Reminder: quote ${soon.number} (Advanced) from ${COMPANY.name} is valid until 4 March 2026`);
    expect(reminder?.text).toContain(`our quote ${soon.number} (Advanced) is valid until 4 March 2026`);
    expect(linkIn(reminder?.text ?? '')).toBe(sent.body.url);
    expect(await oweDueReminders(t.services)).toBe(0);
    expect((await mailsTo('later@contoso.test')).filter((m) => m.subject?.startsWith('Reminder'))).toHaveLength(0);

    t.clock.advance(17 * DAY);
    try {
      expect(await oweDueReminders(t.services)).toBe(1);
      expect((await mailsTo('later@contoso.test')).filter((m) => m.subject?.startsWith('Reminder'))).toHaveLength(1);
      expect(await oweDueReminders(t.services)).toBe(0);
    } finally {
      t.clock.advance(-17 * DAY);
    }
    const audit = (await user.get(`/api/configurations/${soon.id}/activity`)).body.filter((e: { action: string }) => e.action === 'reminder_sent');
    expect(audit).toEqual([expect.objectContaining({ userId: null, after: { to: 'procurement@contoso.test', revision: 1 } })]);
  });

  it('QUOTE_REMINDER_DAYS=0 sends none', async () => {
    const quiet = await createTestApp({ env: { QUOTE_REMINDER_DAYS: '0' } });
    try {
      const u = await quiet.login(USER.email, USER.password);
      const pkg = demoIds(quiet).pkg('Entry');
      const q = (
        await u.post('/api/configurations', { name: 'q', packageId: pkg, squareMeters: 100, customerEmail: 'x@y.test', validUntil: '2026-03-02' })
      ).body;
      expect((await u.post(`/api/configurations/${q.id}/send`, {})).status).toBe(200);
      expect(await oweDueReminders(quiet.services)).toBe(0);
    } finally {
      quiet.close();
    }
  });
});
