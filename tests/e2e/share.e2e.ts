// "Send it" in the browser (docs/API.md "Share links"): the seller shares a saved quote; an anonymous browser opens the link, sees
// the quote as a document, downloads its PDF, prints it and accepts (the seller's own browser, signed in, is offered no
// answer); the seller sees the acceptance on the calculator and in the list; a revoked link shows the one friendly
// page; the admin's Activity tab lists what happened. Screenshots at 1280 and 390 px, and in print emulation.
import fs from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatAmsterdamTime } from '../../src/shared/format';
import { screenshot, serverAndBrowser, signIn, signInThroughApi } from './harness';
import { closeToast, DESKTOP, PHONE, horizontalOverflow, openSavedQuote, screenshotBoth } from './screens';

interface Quote {
  id: number;
  number: string;
  totalMonthly: string;
  tcv: string;
}

// the test's own euro: en-IE, a negative with the typeset minus sign (U+2212)
const euro = (amount: string | number) =>
  new Intl.NumberFormat('en-IE', { style: 'currency', currency: 'EUR' }).format(Number(amount)).replace(/^-/, '\u2212');

describe('sharing a quote with a customer', () => {
  const e2e = serverAndBrowser({ RATE_LIMIT_REGISTER: '0', RATE_LIMIT_RESET: '0' });
  let seller: Page;
  let customer: Page;
  let quote: Quote;
  let url = '';
  const errors: string[] = [];
  /** The acceptance's moment as the customer's page showed it. */
  let acceptedAt = '';

  async function saveQuote(name: string, extra: Record<string, unknown> = {}): Promise<Quote> {
    const packages = (await (await seller.request.get(`${e2e.server.url}/api/packages`)).json()) as { id: number; name: string }[];
    const res = await seller.request.post(`${e2e.server.url}/api/configurations`, {
      data: {
        name,
        packageId: packages.find((p) => p.name === 'Advanced')!.id,
        squareMeters: 1200,
        locations: 2,
        contractDuration: 24,
        paymentFrequency: 'monthly',
        customerCompany: 'Acme Corporation',
        customerName: 'Wile E. Coyote',
        customerEmail: 'wile@acme.test',
        ...extra,
      },
    });
    expect(res.status()).toBe(201);
    return (await res.json()) as Quote;
  }

  beforeAll(async () => {
    seller = await (await e2e.browser.newContext({ viewport: DESKTOP })).newPage();
    seller.on('pageerror', (e) => errors.push(e.message));
    await signIn(seller, e2e.server.url, 'demo@example.com', 'Demo12345');
    const named = async (list: string) =>
      new Map(
        ((await (await seller.request.get(`${e2e.server.url}/api/${list}`)).json()) as { id: number; name: string }[]).map((x) => [x.name, x.id]),
      );
    const addOns = await named('addons');
    const discounts = await named('discounts');
    // a free month, a discount, and an add-on without a setup fee: what the page must say as the PDF does
    quote = await saveQuote('Acme head office', {
      paymentFrequency: 'annually',
      addOns: [addOns.get('Business Support')],
      discountIds: [discounts.get('2-Year Contract Discount'), discounts.get('Welcome Credit'), discounts.get('Annual Prepay Bonus')],
    });
    // the customer: a browser context of its own, never signed in
    customer = await (await e2e.browser.newContext({ viewport: DESKTOP, acceptDownloads: true })).newPage();
    customer.on('pageerror', (e) => errors.push(e.message));
  });
  afterAll(async () => {
    await seller?.context().close();
    await customer?.context().close();
    expect(errors).toEqual([]);
  });

  it('the seller shares the draft from the calculator: a link to copy, its expiry, and the quote is now sent', async () => {
    await openSavedQuote(seller, e2e.server.url, quote.id);
    await seller.getByRole('button', { name: 'Share', exact: true }).click();
    const dialog = seller.getByRole('dialog', { name: `Share ${quote.number}` });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('Creating a link marks this draft as sent.');
    await dialog.getByRole('button', { name: 'Create link' }).click();
    const input = dialog.getByTestId('share-url');
    await input.waitFor();
    url = await input.inputValue();
    expect(url).toMatch(new RegExp(`^${e2e.server.url}/q/[a-z2-7]{32}$`));
    expect(await dialog.textContent()).toMatch(/Works until \d{1,2} \w{3} \d{4}, 23:59 CES?T, the end of the quote's validity/);
    // the toast over the open dialog is not hidden from assistive technology: once it shows, its close button has its
    // role and name at once
    const created = seller.getByTestId('toast').filter({ hasText: 'Share link created' });
    await created.waitFor();
    await created.getByRole('button', { name: 'Dismiss notification' }).waitFor({ timeout: 2_000 });
    await closeToast(seller, 'Share link created');
    await screenshotBoth(seller, 'share-dialog');
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => seller.getByTestId('quote-status').first().textContent()).toBe('Sent');
  });

  it('an anonymous browser opens the link: the quote as a document, exactly the stored figures, no app chrome', async () => {
    await customer.goto(url);
    await customer.getByRole('heading', { name: `Quote ${quote.number}` }).waitFor();
    const text = (await customer.locator('article').textContent()) ?? '';
    expect(text).toContain('Acme Corporation');
    expect(text).toContain('Wile E. Coyote');
    expect(text).toContain('Your contact');
    expect(text).toContain(euro(quote.totalMonthly));
    expect(text).toContain(euro(quote.tcv));
    expect(text).toContain('Revision 1');
    // quantities spelled as everywhere else
    expect(text).toContain('1,200 × €3.00');
    expect(text).not.toMatch(/\b1200\b/);
    // what the PDF says: the free month, each discount as a plain negative amount, no setup line an add-on has not
    expect(text).toContain('24 months + 1 free, billed annually');
    expect(text).toContain('plus 1 free month: 25 months in all');
    const lines = await customer.getByTestId('quote-line').allTextContents();
    expect(lines).toContain('Welcome Credit€50.00 off per month' + euro(-50));
    expect(lines.find((l) => l.startsWith('2-Year Contract Discount'))).toMatch(
      /^2-Year Contract Discount5% off the monthly subtotal−€[\d,]+\.\d\d$/,
    );
    expect(text).not.toContain('Business Support setup fee');
    expect(text).not.toContain('€0.00');
    expect(text).not.toContain('-€');
    expect(text).not.toMatch(/Free months/);
    expect(await customer.getByTestId('quote-status').textContent()).toBe('Awaiting your answer');
    // not the app: no sign-in, no header
    expect(await customer.getByRole('button', { name: 'Login' }).count()).toBe(0);
    await screenshotBoth(customer, 'share-customer-page');
  });

  it('the seller’s own browser, signed in, is told that the customer answers from theirs, and offered no Accept', async () => {
    await seller.goto(url);
    const notice = seller.getByTestId('quote-notice');
    await notice.waitFor();
    expect(await notice.textContent()).toBe(
      "You are signed in to the app: the customer answers from their own browser. To record an answer given another way, set the quote's status.",
    );
    expect(await seller.getByRole('button', { name: 'Accept quote' }).count()).toBe(0);
    expect(await seller.getByRole('button', { name: 'Decline' }).count()).toBe(0);
    await screenshotBoth(seller, 'share-seller-signed-in');
    await openSavedQuote(seller, e2e.server.url, quote.id);
  });

  it('downloads the PDF', async () => {
    const [download] = await Promise.all([customer.waitForEvent('download'), customer.getByRole('link', { name: 'Download PDF' }).click()]);
    expect(download.suggestedFilename()).toContain(quote.number);
    const path = await download.path();
    const fs = await import('node:fs');
    expect(fs.readFileSync(path).subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('prints as a document: no buttons in print', async () => {
    await customer.emulateMedia({ media: 'print' });
    expect(await customer.getByRole('button', { name: 'Accept quote' }).isVisible()).toBe(false);
    expect(await customer.getByRole('link', { name: 'Download PDF' }).isVisible()).toBe(false);
    await screenshot(customer, 'share-customer-print');
    await customer.emulateMedia({ media: 'screen' });
  });

  it('the customer accepts with name and email, confirming what is accepted', async () => {
    await customer.getByRole('button', { name: 'Accept quote' }).click();
    await customer.getByLabel('Your name').fill('Wile E. Coyote');
    await customer.getByLabel('Your email').fill('wile@acme.test');
    const submit = customer.getByRole('button', { name: 'Accept quote' });
    expect(await submit.isDisabled()).toBe(true);
    const statement = customer.getByText(`I accept quote ${quote.number}, revision 1, from Quote Configurator:`);
    expect(await statement.textContent()).toContain(`${euro(quote.totalMonthly)} per month`);
    expect(await statement.textContent()).toContain(`${euro(quote.tcv)} total contract value`);
    const confirmed = await statement.textContent();
    await statement.click();
    await screenshotBoth(customer, 'share-customer-accept-form');
    await submit.click();
    const block = customer.getByTestId('accepted-block');
    await block.waitFor();
    const stored = (await (await seller.request.get(`${e2e.server.url}/api/configurations/${quote.id}`)).json()) as {
      acceptance: { fingerprint: string; statement: string; at: string };
    };
    const { acceptance } = stored;
    // the sentence kept as evidence is the one the customer ticked, word for word
    expect(acceptance.statement).toBe(confirmed);
    const blockText = (await block.textContent()) ?? '';
    expect(blockText).toContain('Wile E. Coyote (wile@acme.test)');
    expect(blockText).toMatch(/Revision\s*1/);
    expect(await customer.getByTestId('accepted-fingerprint').textContent()).toBe(acceptance.fingerprint);
    expect(acceptance.fingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect(await customer.getByTestId('quote-status').textContent()).toBe('Accepted');
    expect(await customer.getByRole('button', { name: 'Decline' }).count()).toBe(0);
    // one time, one zone: the page's moment is Europe/Amsterdam's with the zone named, as the mail's and the owner's
    acceptedAt = formatAmsterdamTime(stored.acceptance.at);
    expect(acceptedAt).toMatch(/^\d{1,2} \w{3} \d{4}, \d\d:\d\d CES?T$/);
    expect(blockText).toContain(`Date and time${acceptedAt}`);
    const confirmation = async () => {
      const box = path.join(e2e.server.dir, 'outbox');
      const files = fs.existsSync(box) ? fs.readdirSync(box) : [];
      const mails = await Promise.all(files.map((f) => simpleParser(fs.readFileSync(path.join(box, f)))));
      return mails.find((m) => m.subject?.startsWith('You accepted quote'));
    };
    await expect.poll(async () => (await confirmation())?.text ?? '', { timeout: 15_000 }).toContain(`on ${acceptedAt}.`);
    // the mail reads on a phone: its fingerprint wraps rather than widening it
    const mail = await customer.context().newPage();
    await mail.setViewportSize(PHONE);
    await mail.setContent(String((await confirmation())?.html));
    expect(await horizontalOverflow(mail)).toBe(0);
    await mail.close();
    await screenshotBoth(customer, 'share-customer-accepted');
    // at phone width the document fits
    await customer.setViewportSize(PHONE);
    expect(await horizontalOverflow(customer)).toBe(0);
    await customer.setViewportSize(DESKTOP);
  });

  it('the seller sees the acceptance on the calculator and in the list', async () => {
    await seller.reload();
    const answer = seller.getByTestId('quote-answer');
    await answer.waitFor();
    expect(await answer.textContent()).toBe(`Accepted by Wile E. Coyote (wile@acme.test) on ${acceptedAt}, revision 1`);
    expect(await seller.getByTestId('quote-status').first().textContent()).toBe('Accepted');
    await closeToast(seller, 'Configuration Loaded');
    await seller.getByRole('button', { name: 'Show evidence' }).click();
    const evidence = seller.getByTestId('acceptance-evidence');
    await evidence.waitFor();
    const stored = (await (await seller.request.get(`${e2e.server.url}/api/configurations/${quote.id}`)).json()) as {
      acceptance: { fingerprint: string; statement: string };
    };
    const evidenceText = (await evidence.textContent()) ?? '';
    expect(evidenceText).toContain(stored.acceptance.fingerprint);
    expect(evidenceText).toContain(stored.acceptance.statement);
    expect(evidenceText).toContain(`${euro(quote.totalMonthly)} per month`);
    expect(evidenceText).toContain(`Date and time${acceptedAt}`);
    await screenshotBoth(seller, 'share-seller-accepted');
    await seller.goto(`${e2e.server.url}/saved-configurations`);
    const accepted = seller.locator('[data-testid="row-acceptance"]:visible').first();
    await accepted.waitFor();
    expect(await accepted.textContent()).toBe('Accepted by Wile E. Coyote · rev. 1');
    await screenshotBoth(seller, 'share-seller-list');
  });

  it('History shows the quote’s timeline, oldest first', async () => {
    await openSavedQuote(seller, e2e.server.url, quote.id);
    await seller.getByRole('button', { name: 'History' }).click();
    const activity = seller.getByTestId('quote-activity');
    await activity.waitFor();
    const items = await activity.locator('li').allTextContents();
    expect(items.map((t) => t.split(' · ')[0])).toEqual([
      'Created',
      'Status changed',
      'Share link created',
      'Opened by the customer',
      'Accepted by the customer',
    ]);
    await screenshotBoth(seller, 'share-history-activity');
    await seller.keyboard.press('Escape');
  });

  it('a quote changed after sharing: the customer’s page says so calmly, with no buttons; the seller is told and shares the new revision', async () => {
    const changed = await saveQuote('Acme branch office');
    const made = await seller.request.post(`${e2e.server.url}/api/configurations/${changed.id}/share`);
    const link = ((await made.json()) as { url: string }).url;
    await customer.goto(link);
    await customer.getByRole('button', { name: 'Accept quote' }).waitFor();
    // the seller changes the quote (revision 2, a draft again) and marks it sent from the Status menu
    expect((await seller.request.patch(`${e2e.server.url}/api/configurations/${changed.id}`, { data: { squareMeters: 2500 } })).status()).toBe(200);
    await openSavedQuote(seller, e2e.server.url, changed.id);
    await seller.getByRole('button', { name: 'Status' }).click();
    await seller.getByRole('menuitem', { name: 'Mark as sent' }).click();
    await closeToast(seller, `${changed.number}: marked sent`);

    await customer.reload();
    const notice = customer.getByTestId('quote-notice');
    await notice.waitFor();
    expect(await notice.textContent()).toContain(
      'This quote has changed since it was sent to you. Quote Configurator will send you the new version.',
    );
    expect(await customer.getByTestId('quote-status').textContent()).toBe('Changed since sent');
    expect(await customer.getByRole('button', { name: 'Accept quote' }).count()).toBe(0);
    expect(await customer.getByRole('button', { name: 'Decline' }).count()).toBe(0);
    // still the figures the customer was sent
    expect(await customer.locator('article').textContent()).toContain(euro(changed.totalMonthly));
    await screenshotBoth(customer, 'share-customer-changed');
    await customer.setViewportSize(PHONE);
    expect(await horizontalOverflow(customer)).toBe(0);
    await customer.setViewportSize(DESKTOP);

    // the seller's calculator: the link is behind, and how often the customer looked
    await seller.reload();
    const behind = seller.getByTestId('link-behind');
    await behind.waitFor();
    expect(await behind.textContent()).toContain("The customer's link shows revision 1; this quote is now revision 2.");
    expect(await seller.getByTestId('quote-views').textContent()).toMatch(/^Viewed 2 times, last \d{1,2} \w{3} \d{4}, \d{2}:\d{2} CES?T$/);
    await closeToast(seller, 'Configuration Loaded');
    await screenshotBoth(seller, 'share-seller-link-behind');
    await behind.getByRole('button', { name: 'Share revision 2' }).click();
    const dialog = seller.getByRole('dialog', { name: `Share ${changed.number}` });
    await dialog.getByTestId('share-behind').waitFor();
    await screenshotBoth(seller, 'share-dialog-behind');
    await dialog.getByRole('button', { name: 'Share revision 2' }).click();
    const fresh = await dialog.getByTestId('share-url').inputValue();
    await closeToast(seller, 'Share link created');
    await dialog.getByRole('button', { name: 'Done' }).click();
    await behind.waitFor({ state: 'detached' });

    // the old link is gone; the new one can be answered
    await customer.reload();
    await customer.getByRole('heading', { name: 'This link is not valid.' }).waitFor();
    await customer.goto(fresh);
    await customer.getByRole('button', { name: 'Accept quote' }).waitFor();
    expect(await customer.locator('article').textContent()).toContain('Revision 2');
  });

  it('the lists say when the customer’s link is behind and how often it was viewed', async () => {
    const listed = await saveQuote('Acme depot');
    await seller.request
      .post(`${e2e.server.url}/api/configurations/${listed.id}/share`)
      .then(async (r) => customer.goto(((await r.json()) as { url: string }).url));
    await customer.getByRole('button', { name: 'Accept quote' }).waitFor();
    await seller.request.patch(`${e2e.server.url}/api/configurations/${listed.id}`, { data: { locations: 3 } });
    await seller.goto(`${e2e.server.url}/saved-configurations`);
    const line = seller.locator('[data-testid="row-views"]:visible').first();
    await line.waitFor();
    expect(await line.textContent()).toMatch(/^Link shows rev\. 1 · Viewed once, \d{1,2} \w{3} \d{4}, \d{2}:\d{2} CES?T$/);
    await screenshotBoth(seller, 'share-seller-list-behind');
  });

  it('a revoked link shows the one friendly page, revealing nothing', async () => {
    const second = await saveQuote('Acme warehouse');
    await seller.goto(`${e2e.server.url}/saved-configurations`);
    await seller.getByRole('button', { name: 'Share Acme warehouse' }).first().click();
    const dialog = seller.getByRole('dialog', { name: `Share ${second.number}` });
    await dialog.getByRole('button', { name: 'Create link' }).click();
    const link = await dialog.getByTestId('share-url').inputValue();
    await customer.goto(link);
    await customer.getByRole('heading', { name: `Quote ${second.number}` }).waitFor();
    await dialog.getByRole('button', { name: 'Revoke' }).click();
    await closeToast(seller, 'Share link revoked');
    await customer.reload();
    await customer.getByRole('heading', { name: 'This link is not valid.' }).waitFor();
    expect(await customer.textContent('body')).not.toContain(second.number);
    await screenshotBoth(customer, 'share-link-invalid');
  });

  it('the admin’s Activity tab lists the events, filtered by what', async () => {
    const admin = await (await e2e.browser.newContext({ viewport: DESKTOP })).newPage();
    admin.on('pageerror', (e) => errors.push(e.message));
    await signInThroughApi(admin, e2e.server.url, 'admin@example.com', 'Admin1234', '/admin/dashboard');
    await admin.getByRole('tab', { name: 'Activity' }).click();
    const table = admin.getByTestId('activity-table');
    await table.waitFor();
    expect(await table.textContent()).toContain('Accepted by');
    await admin.getByLabel('What').selectOption('quote');
    await admin.getByLabel('Action').selectOption('link_revoked');
    await expect.poll(async () => await table.locator('tbody tr').count()).toBe(1);
    await admin.getByLabel('Action').selectOption('');
    await screenshotBoth(admin, 'share-admin-activity');
    await admin.context().close();
  });
});
