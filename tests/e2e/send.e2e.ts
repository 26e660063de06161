// "Send it from the app" in the browser: the admin fills in the Company tab; the seller sends a saved quote from the
// calculator (recipient, cc, message, the preview), copies the live link again from Share, and finds Send on the list;
// the customer's page names the seller with its details and the owner as contact, shows the terms before Accept and
// never the quote's internal name. Then reminders against the real process: one is sent before expiry, and a restart
// sends no second one. Screenshots at 1280 and 390 px.
import fs from 'node:fs';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, amsterdamDate } from '../../src/shared/quote-dates';
import { serverAndBrowser, signInThroughApi, startServer } from './harness';
import { closeToast, DESKTOP, openSavedQuote, screenshotBoth } from './screens';

const TERMS =
  'Prices exclude VAT. Invoices are due within 30 days of acceptance.\nThe subscription renews yearly unless cancelled three months ahead.';

async function outbox(dir: string): Promise<ParsedMail[]> {
  const box = path.join(dir, 'outbox');
  if (!fs.existsSync(box)) return [];
  return Promise.all(
    fs
      .readdirSync(box)
      .sort()
      .map((f) => simpleParser(fs.readFileSync(path.join(box, f)))),
  );
}

describe('sending a quote from the app', () => {
  const e2e = serverAndBrowser({ RATE_LIMIT_REGISTER: '0', RATE_LIMIT_RESET: '0' });
  let admin: Page;
  let seller: Page;
  let customer: Page;
  let quote: { id: number; number: string; tcv: string };
  let link = '';
  const errors: string[] = [];

  beforeAll(async () => {
    admin = await (await e2e.browser.newContext({ viewport: DESKTOP })).newPage();
    seller = await (await e2e.browser.newContext({ viewport: DESKTOP })).newPage();
    customer = await (await e2e.browser.newContext({ viewport: DESKTOP })).newPage();
    for (const p of [admin, seller, customer]) p.on('pageerror', (e) => errors.push(e.message));
    await signInThroughApi(seller, e2e.server.url, 'demo@example.com', 'Demo12345', '/');
    const packages = (await (await seller.request.get(`${e2e.server.url}/api/packages`)).json()) as { id: number; name: string }[];
    const res = await seller.request.post(`${e2e.server.url}/api/configurations`, {
      data: {
        name: 'Northwind HQ rollout (copy)',
        packageId: packages.find((p) => p.name === 'Ultimate')!.id,
        squareMeters: 2400,
        locations: 3,
        contractDuration: 36,
        paymentFrequency: 'monthly',
        customerCompany: 'Contoso Ltd',
        customerName: 'Ada Lovelace',
        customerEmail: 'ada@contoso.test',
      },
    });
    expect(res.status()).toBe(201);
    quote = await res.json();
  });
  afterAll(async () => {
    for (const p of [admin, seller, customer]) await p?.context().close();
    expect(errors).toEqual([]);
  });

  it('the admin fills in the Company tab', async () => {
    await signInThroughApi(admin, e2e.server.url, 'admin@example.com', 'Admin1234', '/admin/dashboard');
    await admin.getByRole('tab', { name: 'Company' }).click();
    await admin.getByLabel('Company name').fill('Nordlicht Workplace GmbH');
    await admin.getByLabel('VAT number').fill('DE123456789');
    await admin.getByLabel('Email').fill('sales@nordlicht.test');
    await admin.getByLabel('Phone').fill('+49 40 1234567');
    await admin.getByLabel('Address').fill('Hafenstraße 12\n20457 Hamburg');
    await admin.getByLabel('Terms and conditions').fill(TERMS);
    await admin.getByRole('button', { name: 'Save company details' }).click();
    await closeToast(admin, 'Company details saved');
    await screenshotBoth(admin, 'company-tab');
    const saved = await (await admin.request.get(`${e2e.server.url}/api/company`)).json();
    expect(saved).toMatchObject({ name: 'Nordlicht Workplace GmbH', vatNumber: 'DE123456789', terms: TERMS });
  });

  it('the seller sends the quote from the calculator: recipient filled in, a message, the preview of the mail', async () => {
    await openSavedQuote(seller, e2e.server.url, quote.id);
    await seller.getByRole('button', { name: 'Send', exact: true }).click();
    const dialog = seller.getByRole('dialog', { name: `Send ${quote.number}` });
    await dialog.waitFor();
    expect(await dialog.getByLabel('To').inputValue()).toBe('ada@contoso.test');
    await dialog.getByLabel('Cc').fill('buyer@contoso.test');
    await dialog.getByLabel('Message').fill('Hi Ada,\n\nGreat talking to you today. Here is the offer for the three offices.');
    const preview = dialog.getByTestId('send-preview');
    await expect.poll(() => preview.textContent()).toContain('Great talking to you today.');
    // the seller's own greeting is the mail's one greeting; the quote is named by number and package
    expect(await preview.textContent()).toContain(`Quote ${quote.number} (Ultimate) from Nordlicht Workplace GmbH`);
    expect(await preview.textContent()).not.toContain('Hello Ada');
    await screenshotBoth(seller, 'send-dialog');
    await dialog.getByRole('button', { name: 'Send quote' }).click();
    await closeToast(seller, `${quote.number} sent`);
    await expect.poll(() => seller.getByTestId('quote-status').first().textContent()).toBe('Sent');

    const mails = await outbox(e2e.server.dir);
    const mail = mails.find((m) => m.subject?.startsWith(`Quote ${quote.number}`));
    expect(mail?.attachments[0]?.contentType).toBe('application/pdf');
    expect(mail?.text?.startsWith('Hi Ada,\n\nGreat talking to you today.')).toBe(true);
    expect(mail?.text).not.toContain('Hello');
    expect(mail?.text).toContain(`Please find our quote ${quote.number} (Ultimate), revision 1, attached as a PDF.`);
    expect(mail?.text).not.toContain('for Ultimate for');
    link = /http:\/\/\S+\/q\/[a-z2-7]{32}/.exec(mail?.text ?? '')?.[0] ?? '';
    expect(link).not.toBe('');
  });

  it('Share shows the same live link to copy again', async () => {
    await seller.getByRole('button', { name: 'Share', exact: true }).click();
    const dialog = seller.getByRole('dialog', { name: `Share ${quote.number}` });
    await dialog.getByTestId('share-url').waitFor();
    expect(await dialog.getByTestId('share-url').inputValue()).toBe(link);
    expect(await dialog.getByTestId('share-opened').textContent()).toContain('mailed to ada@contoso.test');
    await screenshotBoth(seller, 'share-dialog-copy-again');
    await dialog.getByRole('button', { name: 'Done' }).click();
  });

  it('the customer sees the seller with its details, their contact, the terms before Accept, and not the internal name', async () => {
    await customer.goto(link);
    await customer.getByRole('heading', { name: `Quote ${quote.number}` }).waitFor();
    const page = (await customer.locator('article').textContent()) ?? '';
    expect(page).toContain('Ultimate for Contoso Ltd');
    expect(page).not.toContain('Northwind');
    expect(page).toContain('demo@example.com');
    expect(await customer.getByTestId('seller-details').textContent()).toContain('VAT DE123456789');
    expect(await customer.getByTestId('quote-terms').textContent()).toContain('Invoices are due within 30 days');
    await customer.getByRole('button', { name: 'Accept quote' }).click();
    const statement = customer.getByText(`I accept quote ${quote.number}, revision 1, from Nordlicht Workplace GmbH`);
    expect(await statement.textContent()).toContain("under Nordlicht Workplace GmbH's terms shown with it");
    // the terms come before the statement the customer ticks
    const termsBox = await customer.getByTestId('quote-terms').boundingBox();
    const statementBox = await statement.boundingBox();
    expect(termsBox!.y).toBeLessThan(statementBox!.y);
    await screenshotBoth(customer, 'customer-page-seller-terms');
  });

  it('the saved list offers Send on every open quote', async () => {
    await seller.goto(`${e2e.server.url}/saved-configurations`);
    const send = seller.getByRole('button', { name: 'Send Northwind HQ rollout (copy)' }).first();
    await send.waitFor();
    await send.click();
    const dialog = seller.getByRole('dialog', { name: `Send ${quote.number}` });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
  });
});

describe('reminders against the real process', () => {
  it('one reminder before expiry; a restart sends no second one', async () => {
    const env = { REMINDER_SCAN_MS: '200', QUOTE_REMINDER_DAYS: '3' };
    const first = await startServer(env);
    const dir = first.dir;
    const soon = addDays(amsterdamDate(new Date()), 2);
    const send = async (url: string, name: string, to: string) => {
      const login = await fetch(`${url}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'demo@example.com', password: 'Demo12345' }),
      });
      const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
      const headers = { 'content-type': 'application/json', cookie };
      const pkgs = (await (await fetch(`${url}/api/packages`, { headers })).json()) as { id: number }[];
      const saved = await (
        await fetch(`${url}/api/configurations`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ name, packageId: pkgs[0]!.id, squareMeters: 100, customerEmail: to, validUntil: soon }),
        })
      ).json();
      expect((await fetch(`${url}/api/configurations/${saved.id}/send`, { method: 'POST', headers, body: '{}' })).status).toBe(200);
      return saved as { number: string };
    };
    const reminded = async (number: string) => (await outbox(dir)).filter((m) => m.subject?.startsWith(`Reminder: quote ${number}`)).length;
    let second: Awaited<ReturnType<typeof startServer>> | null = null;
    try {
      const a = await send(first.url, 'First', 'first@contoso.test');
      await expect.poll(() => reminded(a.number), { timeout: 20_000 }).toBe(1);
      expect(await first.stop({ keepFiles: true })).toBe(0);

      second = await startServer({ ...env, DATABASE_PATH: path.join(dir, 'app.db'), OUTBOX_DIR: path.join(dir, 'outbox') });
      // a reminder for a new quote proves the restarted server has scanned; the first quote still has only one
      const b = await send(second.url, 'Second', 'second@contoso.test');
      await expect.poll(() => reminded(b.number), { timeout: 20_000 }).toBe(1);
      expect(await reminded(a.number)).toBe(1);
    } finally {
      // a failure before the restart leaves the first server running: stop() again is harmless once it has exited
      await second?.stop();
      await first.stop();
    }
  });
});
