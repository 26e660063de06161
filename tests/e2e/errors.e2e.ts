// "When things go wrong" in Chromium against the real server: outages told apart from a sign-out (each with a Retry
// that works), refusals with their reason, the draft that survives a reload, the address after a save, announced
// discount drops, a bad configuration id, the summary's discount lines, the screenshot image and the admin's phone
// tables. Every state is photographed at desk and phone width (test-results/screenshots/errors-*).
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './a11y';
import { callsSettled, SCREENSHOT_DIR, serverAndBrowser, setChoice, signInThroughApi, TAKE_SCREENSHOTS } from './harness';
import { DESKTOP, PHONE, screenshotBoth } from './screens';

const USER = { email: 'demo@example.com', password: 'Demo12345' };
const ADMIN = { email: 'admin@example.com', password: 'Admin1234' };

async function toast(page: Page, text: string) {
  await page.mouse.move(0, 0);
  const t = page.getByTestId('toast').filter({ hasText: text }).first();
  await t.waitFor({ timeout: 15_000 });
  return (await t.textContent()) ?? '';
}

describe('when things go wrong', () => {
  const e2e = serverAndBrowser();
  // One page per account for the whole file: each test starts it afresh (below), and the page keeps its renderer and
  // the app's compiled scripts, which a new context would start again for every test.
  const pages = new Map<string, Page>();
  afterAll(async () => {
    for (const page of pages.values()) await page.context().close();
  });

  /** The account's page, signed in anew on an empty calculator: no route, draft, cookie or size left by a test before. */
  async function signedIn(account = USER): Promise<Page> {
    let page = pages.get(account.email);
    if (page) {
      await page.unrouteAll({ behavior: 'ignoreErrors' });
      // leave the app first (it writes its draft as the page goes), then empty the origin's storage
      await page.goto(`${e2e.server.url}/api/health`);
      await page.evaluate(() => localStorage.clear());
      await page.context().clearCookies();
      await page.setViewportSize(DESKTOP);
    } else {
      const context = await e2e.browser.newContext({ viewport: DESKTOP, acceptDownloads: true });
      page = await context.newPage();
      pages.set(account.email, page);
    }
    await signInThroughApi(page, e2e.server.url, account.email, account.password);
    await page.getByRole('heading', { name: 'Configure Your Package' }).waitFor();
    return page;
  }

  it('an outage is not a sign-out: the session check fails, the page says so and Retry recovers', async () => {
    const page = await signedIn();
    await page.route('**/trpc/**', (r) => r.abort('internetdisconnected'));
    await page.reload();
    const alert = page.getByRole('alert').filter({ hasText: 'Could not check your session' });
    await alert.waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await expect(page.getByRole('navigation', { name: 'Main' }).isVisible()).resolves.toBe(true);
    await screenshotBoth(page, 'errors-1-outage');
    expect(await seriousViolations(page)).toEqual([]);
    await page.unroute('**/trpc/**');
    await alert.getByRole('button', { name: 'Retry' }).click();
    await page.getByRole('heading', { name: 'Configure Your Package' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
  });

  it('the catalogue failing: "Error Loading Data" with Retry, the header and its user menu stay', async () => {
    const page = await signedIn();
    await page.route(/\/trpc\/[^?]*catalog\.all/, (r) => r.fulfill({ status: 502, contentType: 'text/html', body: '<html>Bad Gateway</html>' }));
    await page.reload();
    const alert = page.getByRole('alert').filter({ hasText: 'Error Loading Data' });
    await alert.waitFor();
    await page.getByRole('button', { name: /^Account menu/ }).waitFor();
    await screenshotBoth(page, 'errors-2-catalogue-failed');
    expect(await seriousViolations(page)).toEqual([]);
    await page.unroute(/\/trpc\/[^?]*catalog\.all/);
    await alert.getByRole('button', { name: 'Retry' }).click();
    await page.getByRole('heading', { name: 'Configure Your Package' }).waitFor();
  });

  it('the saved list failing: what failed, and a Retry that loads it', async () => {
    const page = await signedIn();
    await page.route(/\/trpc\/[^?]*configurations\.list/, (r) => r.abort('failed'));
    await page.getByRole('link', { name: 'Saved Configurations' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Could not load your saved configurations' });
    await alert.waitFor();
    await screenshotBoth(page, 'errors-3-saved-failed');
    expect(await seriousViolations(page)).toEqual([]);
    await page.unroute(/\/trpc\/[^?]*configurations\.list/);
    await alert.getByRole('button', { name: 'Retry' }).click();
    await alert.waitFor({ state: 'detached' });
  });

  it('a 401 signs out: a session ended elsewhere sends the user to /auth at the next call', async () => {
    const page = await signedIn();
    await callsSettled(page);
    await page.request.post(`${e2e.server.url}/api/logout`);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Save Your Configuration' });
    await dialog.getByLabel('Configuration Name').fill('After logout');
    await dialog.getByRole('button', { name: 'Save Configuration' }).press('Enter');
    await page.waitForURL(`${e2e.server.url}/auth`);
  });

  it('limits are the server’s: an oversized quantity, price or name says why, in the schema’s words', async () => {
    const page = await signedIn();
    const units = page.getByLabel('Units', { exact: true });
    await units.fill('');
    await units.pressSequentially('999999999');
    await page.getByText('Units must be a whole number from 0 to 10,000,000').waitFor();
    // over the limit: said, with the text as typed (never cut to another number), and the quote at its last valid value
    expect(await units.inputValue()).toBe('999999999');
    await units.blur();
    await page.getByText('Units must be a whole number from 0 to 10,000,000').waitFor();
    await page.getByLabel('Item Name').fill('Data centre');
    await page.getByLabel('Price', { exact: true }).fill('10000000.01');
    await page.getByText('Custom item price must be at most €10,000,000').waitFor();
    await expect(page.getByRole('button', { name: 'Add Item' }).isDisabled()).resolves.toBe(true);
    await screenshotBoth(page, 'errors-4-limits');
    expect(await seriousViolations(page)).toEqual([]);
    // the switch keeps its name whatever its state
    const sw = page.getByRole('checkbox', { name: 'One-time', exact: true });
    await setChoice(sw, false);
    await page.getByText('Recurring (monthly)').waitFor();
    await expect(sw.isChecked()).resolves.toBe(false);
  });

  it('a refused save shows the server’s reason by the name field', async () => {
    const page = await signedIn();
    await page.route(/\/trpc\/configurations\.create/, (r) =>
      r.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify([
          {
            error: {
              message: 'Units must be a whole number from 0 to 10,000,000',
              code: -32600,
              data: {
                code: 'BAD_REQUEST',
                httpStatus: 400,
                issues: [{ path: 'squareMeters', message: 'Units must be a whole number from 0 to 10,000,000' }],
              },
            },
          },
        ]),
      }),
    );
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Save Your Configuration' });
    await dialog.getByLabel('Configuration Name').fill('Too big');
    await dialog.getByRole('button', { name: 'Save Configuration' }).press('Enter');
    await dialog.getByText('Units must be a whole number from 0 to 10,000,000').waitFor();
    expect(await toast(page, 'Error')).toContain('Failed to save configuration: Units must be a whole number from 0 to 10,000,000');
    await screenshotBoth(page, 'errors-5-save-refused');
  });

  it('the draft survives a reload, with a notice and Start over; after a save the address is the quote’s', async () => {
    const page = await signedIn();
    await page.getByTestId('package-card').filter({ hasText: 'Ultimate' }).click();
    await page.getByRole('button', { name: 'Increase locations' }).click();
    const tcv = await page.getByTestId('total-tcv').textContent();
    await page.reload();
    await page.getByTestId('draft-notice').waitFor();
    await expect(page.getByTestId('summary-package').textContent()).resolves.toBe('Ultimate');
    await expect(page.getByTestId('total-tcv').textContent()).resolves.toBe(tcv);
    await screenshotBoth(page, 'errors-6-draft-restored');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Start over' }).click();
    await expect(page.getByTestId('summary-package').textContent()).resolves.toBe('Entry');
    await page.reload();
    await page.getByTestId('total-tcv').waitFor();
    await expect(page.getByTestId('draft-notice').count()).resolves.toBe(0);

    // Save as new: the address becomes /calculator/{id}, and a reload shows the saved quote
    await page.getByTestId('package-card').filter({ hasText: 'Advanced' }).click();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Save Your Configuration' });
    await dialog.getByLabel('Configuration Name').fill('Kept by address');
    await dialog.getByRole('button', { name: 'Save Configuration' }).press('Enter');
    await page.waitForURL(/\/calculator\/\d+$/);
    await page.reload();
    await toast(page, 'Configuration Loaded');
    await expect(page.getByTestId('summary-package').textContent()).resolves.toBe('Advanced');
  });

  it('a dropped discount is announced with the reason', async () => {
    const page = await signedIn();
    await page.getByRole('button', { name: /Available Discounts/ }).click();
    await setChoice(page.getByRole('checkbox', { name: /3-Year Contract Discount/ }), true);
    await setChoice(page.getByRole('radio', { name: '24 months' }), true);
    const said = await toast(page, 'Discount removed');
    expect(said).toContain('3-Year Contract Discount was removed: it requires Contract Duration = 36.');
    await screenshotBoth(page, 'errors-7-discount-dropped');
  });

  it('the summary: Discounts adds up; a one-time discount appears once, under One-time Fees', async () => {
    const page = await signedIn();
    await page.getByTestId('package-card').filter({ hasText: 'Ultimate' }).click();
    await page.getByRole('button', { name: 'Increase locations' }).click();
    await page.getByRole('button', { name: 'Increase locations' }).click();
    await page.getByRole('button', { name: /Available Discounts/ }).click();
    await setChoice(page.getByRole('checkbox', { name: /3-Year Contract Discount/ }), true);
    await setChoice(page.getByRole('checkbox', { name: /Multi-Site Setup Discount/ }), true);
    const summary = page.getByTestId('pricing-summary');
    await summary.getByRole('button', { name: /^Discounts/ }).click();
    const text = (await summary.textContent()) ?? '';
    expect(text.split('Multi-Site Setup Discount').length - 1).toBe(1);
    await expect(summary.getByRole('button', { name: /^Discounts/ }).textContent()).resolves.toMatch(/^Discounts\s*1/);
    await screenshotBoth(page, 'errors-8-summary-discounts');

    // the image customers get: saved for a person to compare with the screen
    await setChoice(page.getByRole('radio', { name: 'Quarterly' }), true);
    await setChoice(page.getByRole('checkbox', { name: /Microsoft 365 Integration/ }), true);
    await page.getByText('Waive Setup Fee').first().click();
    await page.getByText('Setup Fee Waived').waitFor();
    await summary.getByRole('button', { name: /^Add-ons/ }).click();
    if (TAKE_SCREENSHOTS) await summary.screenshot({ path: path.join(SCREENSHOT_DIR, 'errors-9-pricing-summary-screen.png') });
    await page.getByRole('button', { name: 'Screenshot' }).click();
    const shot = page.getByRole('dialog', { name: 'Pricing Screenshot' });
    await shot.waitFor({ timeout: 30_000 });
    const src = (await shot.getByRole('img', { name: 'Screenshot of the pricing summary' }).getAttribute('src')) ?? '';
    expect(src).toMatch(/^data:image\/png;base64,./);
    if (TAKE_SCREENSHOTS) {
      fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
      fs.writeFileSync(
        path.join(SCREENSHOT_DIR, 'errors-9-pricing-summary-image.png'),
        Buffer.from(src.replace(/^data:image\/png;base64,/, ''), 'base64'),
      );
    }
  });

  it('a bad configuration id: a not-found state that leads to the saved list or a new quote', async () => {
    const page = await signedIn();
    await page.goto(`${e2e.server.url}/calculator/999999`);
    await page.getByRole('heading', { name: 'Quote not found' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/calculator/999999');
    // not an empty calculator
    expect(await page.getByRole('heading', { name: 'Configure Your Package' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Your saved configurations' }).waitFor();
    await screenshotBoth(page, 'errors-10-bad-id');
    await page.getByRole('link', { name: 'New configuration' }).click();
    await page.getByRole('heading', { name: 'Configure Your Package' }).waitFor();
  });

  it('a link that is not valid shows the customer a page of their own, never the app: /q/, /q/<unknown>, an unknown path', async () => {
    const context = await e2e.browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    try {
      for (const [path, name] of [
        ['/q/', 'errors-link-none'],
        ['/q/xyz', 'errors-link-unknown'],
      ] as const) {
        await page.goto(`${e2e.server.url}${path}`);
        await page.getByRole('heading', { name: 'This link is not valid.' }).waitFor();
        // the seller's name arrives with its own answer, after the sentence
        await page.getByText('Quote Configurator', { exact: true }).waitFor();
        const text = (await page.locator('body').innerText()).replace(/\s+/g, ' ').trim();
        // the seller's name (the Company tab's, or COMPANY_NAME), the sentence, and nothing else: no menu, no 404
        expect(text).toBe('QUOTE CONFIGURATOR This link is not valid. Ask the sender for a new one.');
        expect(await page.getByRole('navigation').count()).toBe(0);
        expect(await page.getByRole('link').count()).toBe(0);
        await screenshotBoth(page, name);
      }
      await page.goto(`${e2e.server.url}/no/such/page`);
      await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
      expect(await page.locator('body').innerText()).not.toContain('router');
      await screenshotBoth(page, 'errors-not-found');
    } finally {
      await context.close();
    }
  });

  it('a non-admin on the Admin link is told why', async () => {
    const page = await signedIn();
    await page.getByRole('link', { name: 'Admin' }).click();
    expect(await toast(page, 'Access Denied')).toContain('You need admin privileges to access this dashboard');
    // sent on as the seeds say (the route guard, or the dashboard's own check: signed out, to /admin/login)
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/(admin\/login)?$/);
  });

  it('admin tables on a phone keep Actions in reach', async () => {
    const page = await signedIn(ADMIN);
    await page.getByRole('link', { name: 'Admin' }).click();
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    await page.setViewportSize(PHONE);
    await page.getByRole('tab', { name: 'Users', exact: true }).click();
    const edit = page.getByRole('button', { name: /^Edit / }).first();
    await edit.waitFor();
    const box = await edit.boundingBox();
    expect(box && box.x + box.width <= PHONE.width).toBe(true);
    await screenshotBoth(page, 'errors-11-admin-users-phone');
  });

  it('admin: the tier generator warns where a bigger order costs less; the rule form says what is missing', async () => {
    const page = await signedIn(ADMIN);
    await page.getByRole('link', { name: 'Admin' }).click();
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    await page.getByRole('tab', { name: 'Price Tiers', exact: true }).click();
    await page.getByRole('button', { name: 'Auto-Generate' }).click();
    const dialog = page.getByRole('dialog');
    const warning = dialog.getByTestId('tier-cliffs');
    await warning.waitFor();
    expect(await warning.textContent()).toContain('999 units cost €1,498.50 a month, more than 1,000 units (€1,000.00).');
    await screenshotBoth(page, 'errors-12-tier-cliffs');
    await page.keyboard.press('Escape');

    await page.getByRole('tab', { name: 'Discounts', exact: true }).click();
    await page.getByRole('button', { name: 'Add Discount Rule' }).click();
    const form = page.getByRole('form', { name: 'Add Discount Rule' });
    await form.getByLabel('Rule Name').fill('No condition yet');
    await form.getByRole('button', { name: 'Remove condition 1' }).click();
    await form.getByRole('button', { name: 'Add Discount Rule' }).click();
    expect(await toast(page, 'Please fill in all required fields')).toContain('Missing: at least one condition.');
  });
});
