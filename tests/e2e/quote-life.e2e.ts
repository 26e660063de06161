// The quote's life in the browser (docs/PRODUCT.md "Saved quotes"): a saved quote loaded after the admin raised a price shows its stored
// figures and says so, re-prices on request; History lists the revisions and opens one read-only; Duplicate makes a
// new draft; the saved list filters by status; an accepted quote opens read-only with Duplicate instead of Save.
// Screenshots at 1280 and 390 px.
import type { APIRequestContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './a11y';
import { nextFrames, serverAndBrowser, signIn, signInThroughApi } from './harness';
import { closeToast, DESKTOP, screenshotBoth } from './screens';

interface Quote {
  id: number;
  number: string;
  totalMonthly: string;
  tcv: string;
}

/** No serious or critical axe finding on the screen as it rests. */
async function expectAccessible(page: Page, screen: string) {
  await page.mouse.move(0, 0);
  await nextFrames(page);
  const found = await seriousViolations(page);
  expect.soft(found, `${screen}: ${JSON.stringify(found, null, 2)}`).toEqual([]);
}

const euro = (amount: string) => new Intl.NumberFormat('en-IE', { style: 'currency', currency: 'EUR' }).format(Number(amount));

describe('the quote’s life in the browser', () => {
  const e2e = serverAndBrowser({ RATE_LIMIT_REGISTER: '0', RATE_LIMIT_RESET: '0' });
  let page: Page;
  let admin: APIRequestContext;
  let acme: Quote;
  let advancedId: number;
  const errors: string[] = [];

  beforeAll(async () => {
    // a page of its own context: axe (expectAccessible) needs one
    page = await (await e2e.browser.newContext({ viewport: DESKTOP })).newPage();
    page.on('pageerror', (e) => errors.push(e.message));
    await signIn(page, e2e.server.url, 'demo@example.com', 'Demo12345');
    const packages = (await (await page.request.get(`${e2e.server.url}/api/packages`)).json()) as { id: number; name: string }[];
    advancedId = packages.find((p) => p.name === 'Advanced')!.id;
    const res = await page.request.post(`${e2e.server.url}/api/configurations`, {
      data: {
        name: 'Acme',
        packageId: advancedId,
        squareMeters: 60_000,
        locations: 3,
        contractDuration: 36,
        paymentFrequency: 'monthly',
        customerCompany: 'Acme Corporation',
        customerName: 'Wile E. Coyote',
        customerEmail: 'wile@acme.test',
      },
    });
    expect(res.status()).toBe(201);
    acme = (await res.json()) as Quote;

    const adminPage = await e2e.browser.newPage({ viewport: DESKTOP });
    await signIn(adminPage, e2e.server.url, 'admin@example.com', 'Admin1234');
    admin = adminPage.request;
    // the admin raises the Advanced base price by €456.00
    const raised = await admin.patch(`${e2e.server.url}/api/packages/${advancedId}`, { data: { basePrice: 199 + 456 } });
    expect(raised.status()).toBe(200);
  });
  afterAll(async () => {
    await page?.context().close();
    expect(errors).toEqual([]);
  });

  it('loads a saved quote with its stored figures and says the prices have changed; re-pricing makes revision 2', async () => {
    await page.goto(`${e2e.server.url}/calculator/${acme.id}`);
    const notice = page.getByTestId('drift-notice');
    await notice.waitFor();
    expect(await notice.textContent()).toContain('Prices have changed since this quote was saved');
    const newMonthly = (Number(acme.totalMonthly) + 456).toFixed(2);
    expect(await notice.textContent()).toContain(`${euro(acme.totalMonthly)} → ${euro(newMonthly)}`);
    expect(await page.getByTestId('quote-number').textContent()).toBe(acme.number);
    expect(await page.getByTestId('quote-life').textContent()).toContain('Prepared for Acme Corporation');
    // the summary shows what was saved, not today's price
    const summary = page.getByTestId('pricing-summary');
    expect(await summary.textContent()).toContain(euro(acme.tcv));
    await closeToast(page, 'Configuration Loaded');
    await screenshotBoth(page, 'quote-life-drift');
    await expectAccessible(page, 'quote-life-drift');

    await page.getByRole('button', { name: 'Re-price on today’s catalogue' }).click();
    await closeToast(page, 'Quote re-priced on today’s catalogue');
    await notice.waitFor({ state: 'detached' });
    await page.getByText('Revision 2').first().waitFor();
    expect(await summary.textContent()).toContain(euro((Number(acme.tcv) + 456 * 36).toFixed(2)));
    // the list agrees with the calculator
    const listed = (await (await page.request.get(`${e2e.server.url}/api/configurations/${acme.id}`)).json()) as Quote;
    expect(listed.totalMonthly).toBe(newMonthly);
  });

  it('changing an input prices on today’s catalogue and says so', async () => {
    await page.getByRole('button', { name: 'Increase locations' }).click();
    await page.getByTestId('live-notice').waitFor();
    await page.getByRole('button', { name: 'Decrease locations' }).click();
    await page.getByTestId('live-notice').waitFor({ state: 'detached' });
  });

  it('History lists both revisions with what changed, and opens one read-only', async () => {
    await page.getByRole('button', { name: 'History' }).click();
    const dialog = page.getByRole('dialog', { name: `History of ${acme.number}` });
    await dialog.waitFor();
    await expect.poll(() => dialog.getByTestId('revision').count()).toBe(2);
    expect(await dialog.textContent()).toContain("Re-priced on that day's catalogue");
    expect(await dialog.textContent()).toContain('(+€456.00)');
    await screenshotBoth(page, 'quote-life-history');
    await expectAccessible(page, 'quote-life-history');
    await dialog.getByRole('button', { name: 'View revision 1' }).click();
    const view = dialog.getByTestId('revision-view');
    await view.getByText(euro(acme.tcv)).waitFor();
    expect(await view.textContent()).toContain('Revision 1 (read-only)');
    await screenshotBoth(page, 'quote-life-revision');
    await expectAccessible(page, 'quote-life-revision');
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('Duplicate from the calculator opens the copy: a new number, revision 1, a draft', async () => {
    await page.getByTestId('quote-life').getByRole('button', { name: 'Duplicate' }).click();
    await page.waitForURL((u) => /\/calculator\/\d+$/.test(u.pathname) && !u.pathname.endsWith(`/${acme.id}`));
    const copyId = Number(page.url().split('/').pop());
    expect(copyId).not.toBe(acme.id);
    await page.getByText('Revision 1').first().waitFor();
    const number = await page.getByTestId('quote-number').textContent();
    expect(number).not.toBe(acme.number);
    // the toast names the copy shown, and the calculator's "Configuration Loaded" does not replace it
    await page
      .getByTestId('toast')
      .filter({ hasText: `Quote duplicated as ${number}` })
      .waitFor();
    expect(await page.getByTestId('toast').filter({ hasText: 'Configuration Loaded' }).count()).toBe(0);
    expect(await page.getByTestId('quote-status').first().textContent()).toBe('Draft');
    await screenshotBoth(page, 'quote-life-duplicate');
  });

  it('an accepted quote opens read-only, with Duplicate instead of Save', async () => {
    for (const status of ['sent', 'accepted']) {
      const res = await page.request.post(`${e2e.server.url}/api/configurations/${acme.id}/status`, { data: { status } });
      expect(res.status()).toBe(200);
    }
    await page.goto(`${e2e.server.url}/calculator/${acme.id}`);
    await page.getByText('Read-only').waitFor();
    expect(await page.getByTestId('quote-status').first().textContent()).toBe('Accepted');
    const summary = page.getByTestId('pricing-summary');
    await summary.getByRole('button', { name: 'Duplicate' }).waitFor();
    expect(await summary.getByRole('button', { name: /^Save$/ }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Increase locations' }).isDisabled()).toBe(true);
    await closeToast(page, 'Configuration Loaded');
    await screenshotBoth(page, 'quote-life-accepted');
    await expectAccessible(page, 'quote-life-accepted');
  });

  it('the saved list shows number, status and validity, and filters by status', async () => {
    await page.goto(`${e2e.server.url}/saved-configurations`);
    await page.getByTestId('saved-row').first().waitFor();
    await expect.poll(() => page.getByTestId('saved-row').count()).toBe(2);
    await page.getByRole('combobox', { name: 'Filter by status' }).last().selectOption('accepted');
    await expect.poll(() => page.getByTestId('saved-row').count()).toBe(1);
    expect(await page.getByTestId('saved-row').first().textContent()).toContain(acme.number);
    expect(await page.getByTestId('saved-row').first().textContent()).toContain('Accepted');
    await screenshotBoth(page, 'quote-life-list-accepted');
    await page.getByRole('combobox', { name: 'Filter by status' }).last().selectOption('draft');
    await expect.poll(() => page.getByTestId('saved-row').count()).toBe(1);
    await page.getByRole('combobox', { name: 'Filter by status' }).last().selectOption('');
    await expect.poll(() => page.getByTestId('saved-row').count()).toBe(2);
    await screenshotBoth(page, 'quote-life-list');
    await expectAccessible(page, 'quote-life-list');
  });

  it('the admin tab finds a quote by its number and duplicates it', async () => {
    const adminPage = await e2e.browser.newPage({ viewport: DESKTOP });
    await signInThroughApi(adminPage, e2e.server.url, 'admin@example.com', 'Admin1234', '/admin');
    await adminPage.getByRole('tab', { name: /Saved Configs/i }).click();
    await adminPage.getByRole('searchbox', { name: 'Search configurations' }).fill(acme.number);
    await expect.poll(() => adminPage.getByTestId('admin-saved-row').count()).toBe(1);
    expect(await adminPage.getByTestId('admin-saved-row').first().textContent()).toContain('Accepted');
    await screenshotBoth(adminPage, 'quote-life-admin-search');
    await adminPage.getByRole('button', { name: 'Duplicate Acme', exact: true }).first().click();
    await adminPage
      .getByText(/^Quote duplicated as Q-\d{6}$/)
      .first()
      .waitFor();
    // the copy opens in the calculator, as the admin's own new draft
    await adminPage.waitForURL(/\/calculator\/\d+$/);
    await adminPage.getByTestId('quote-number').waitFor();
    await adminPage.close();
  });

  it('a new save takes the customer and a validity; they can be edited afterwards without a new revision', async () => {
    await page.goto(`${e2e.server.url}/`);
    await page.getByTestId('package-card').filter({ hasText: 'Entry' }).click();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Save Your Configuration' });
    await dialog.waitFor();
    await dialog.getByPlaceholder('e.g., Client Name or Project').fill('Globex');
    await dialog.getByLabel('Customer company').fill('Globex Corporation');
    await dialog.getByLabel('Contact name').fill('Hank Scorpio');
    await dialog.getByLabel('Contact email').fill('hank@globex');
    await dialog.getByRole('button', { name: 'Save Configuration' }).click();
    await dialog.getByText('Please enter a valid email address').waitFor();
    await dialog.getByLabel('Contact email').fill('hank@globex.test');
    await screenshotBoth(page, 'quote-life-save-dialog');
    await expectAccessible(page, 'quote-life-save-dialog');
    await dialog.getByRole('button', { name: 'Save Configuration' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const panel = page.getByTestId('quote-life');
    await panel.getByText('Prepared for Globex Corporation · Hank Scorpio · hank@globex.test').waitFor();

    await panel.getByRole('button', { name: 'Edit details' }).click();
    const details = page.getByRole('dialog', { name: /^Quote details/ });
    await details.waitFor();
    await details.getByLabel('Contact name').fill('Mindy');
    await screenshotBoth(page, 'quote-life-details-dialog');
    await expectAccessible(page, 'quote-life-details-dialog');
    await details.getByRole('button', { name: 'Save details' }).click();
    await details.waitFor({ state: 'hidden' });
    await panel.getByText('Prepared for Globex Corporation · Mindy · hank@globex.test').waitFor();
    expect(await panel.textContent()).toContain('Revision 1');
  });
});
