// What a new user trips over, checked in the browser: the saved lists fit a 1280 and a 1024 px window with every row
// action in reach, each page has its own title, the skip link and the sticky header leave focus in sight, toasts stay
// off the totals, and a used reset link says so as soon as it opens (an unknown quote id: errors.e2e.ts).
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectClean } from './a11y';
import { screenshot, serverAndBrowser, signInThroughApi } from './harness';
import { DESKTOP, horizontalOverflow, PHONE, screenshotBoth } from './screens';

const WIDTHS = [1280, 1024] as const;

/** The box of `locator` lies wholly inside the viewport, and nothing in front of it takes the click. */
async function expectInView(page: Page, locator: Locator, what: string): Promise<void> {
  const box = await locator.boundingBox();
  const viewport = page.viewportSize()!;
  expect(box, `${what} has no box`).not.toBeNull();
  expect(box!.x, `${what} starts left of the window`).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, `${what} ends past the right edge at ${viewport.width} px`).toBeLessThanOrEqual(viewport.width);
  await locator.click({ trial: true, timeout: 5_000 });
}

/** Sideways scroll inside the table's scroll area, in CSS pixels. */
async function innerOverflow(table: Locator): Promise<number> {
  return table.evaluate((el) => el.parentElement!.scrollWidth - el.parentElement!.clientWidth);
}

describe('what a new user trips over', () => {
  const e2e = serverAndBrowser({ RATE_LIMIT_REGISTER: '0', RATE_LIMIT_RESET: '0' });
  let page: Page;
  const longName = 'Harbour Offices headquarters, second and third floor with the new canteen';

  beforeAll(async () => {
    page = await e2e.browser.newPage({ viewport: DESKTOP });
    await signInThroughApi(page, e2e.server.url, 'demo@example.com', 'Demo12345', '/saved-configurations');
    const packages = (await (await page.request.get(`${e2e.server.url}/api/packages`)).json()) as { id: number }[];
    for (let i = 0; i < 3; i++) {
      const res = await page.request.post(`${e2e.server.url}/api/configurations`, {
        data: {
          name: `${longName} ${i}`,
          customerCompany: 'Harbour Offices Holding International BV',
          packageId: packages[i]!.id,
          squareMeters: 123456,
          locations: 12,
          contractDuration: 36,
          paymentFrequency: 'annually',
        },
      });
      expect(res.status()).toBe(201);
    }
  });
  afterAll(async () => {
    await page?.close();
  });

  for (const width of WIDTHS) {
    it(`the saved list fits a ${width} px window: Created By, Duplicate, PDF, Delete and the Actions header in reach`, async () => {
      await page.setViewportSize({ width, height: 860 });
      await page.goto(`${e2e.server.url}/saved-configurations`);
      const row = page.getByTestId('saved-row').first();
      await row.waitFor();
      await screenshot(page, `saved-list-fit-${width}`);
      await expectInView(page, page.getByRole('columnheader', { name: 'Actions' }), 'the Actions header');
      // who made the quote, as the seed names the demo user, from 1024 px up
      const createdBy = page.getByRole('columnheader', { name: 'Created By' });
      expect(await createdBy.isVisible(), 'the Created By header').toBe(true);
      await expectInView(page, createdBy, 'the Created By header');
      await expectInView(page, row.getByRole('cell', { name: 'Sam Sales', exact: true }), 'the creator of the first row');
      for (const action of ['Duplicate', 'Download PDF of', 'Delete']) {
        await expectInView(page, row.getByRole(action === 'Download PDF of' ? 'link' : 'button', { name: new RegExp(`^${action} `) }), action);
      }
      expect(await horizontalOverflow(page)).toBe(0);
      expect(await innerOverflow(page.getByRole('table'))).toBeLessThanOrEqual(0);
    });
  }

  for (const width of WIDTHS) {
    it(`the admin's Saved Configs fit a ${width} px window with every row action in reach`, async () => {
      const context = await e2e.browser.newContext({ viewport: { width, height: 860 } });
      const admin = await context.newPage();
      await signInThroughApi(admin, e2e.server.url, 'admin@example.com', 'Admin1234', '/admin/dashboard');
      await admin.getByRole('tab', { name: 'Saved Configs' }).click();
      const row = admin.getByTestId('admin-saved-row').first();
      await row.waitFor();
      await screenshot(admin, `admin-saved-fit-${width}`);
      await expectInView(admin, admin.getByRole('columnheader', { name: 'Actions' }), 'the Actions header');
      for (const action of ['Load', 'Share', 'Duplicate', 'Delete']) {
        await expectInView(admin, row.getByRole(action === 'Load' ? 'link' : 'button', { name: new RegExp(`^${action} `) }), action);
      }
      expect(await horizontalOverflow(admin)).toBe(0);
      expect(await innerOverflow(admin.getByRole('table'))).toBeLessThanOrEqual(0);
      await context.close();
    });
  }

  it('each page has its own title', async () => {
    await page.setViewportSize(DESKTOP);
    const titles: Record<string, string> = {
      '/saved-configurations': 'Saved Configurations · Quote Configurator',
      '/': 'Pricing Calculator · Quote Configurator',
      '/no/such/page': 'Page Not Found · Quote Configurator',
    };
    for (const [path, title] of Object.entries(titles)) {
      await page.goto(`${e2e.server.url}${path}`);
      await expect.poll(() => page.title()).toBe(title);
    }
  });

  it('a skip link leads past the header to the main content', async () => {
    await page.goto(`${e2e.server.url}/saved-configurations`);
    await page.getByTestId('saved-row').first().waitFor();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect.poll(() => skip.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await skip.isVisible()).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main-content');
  });

  it('a focused field is never hidden under the sticky header', async () => {
    await page.setViewportSize({ width: 1280, height: 700 });
    await page.goto(`${e2e.server.url}/`);
    const units = page.getByTestId('quantity-input');
    await units.waitFor();
    // the field just under the header's edge, then focused (as Tab or Shift+Tab does): the page scrolls it clear
    await units.evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 20));
    await units.focus();
    await expect.poll(() => units.evaluate((el) => el === document.activeElement)).toBe(true);
    const header = await page.locator('header').boundingBox();
    const field = await units.boundingBox();
    expect(field!.y).toBeGreaterThanOrEqual(header!.y + header!.height);
  });

  it('toasts leave the totals in sight: beside the summary at desk width, above the totals bar on a phone', async () => {
    const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
      a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
    const rows = await page.request.get(`${e2e.server.url}/api/configurations`);
    const id = ((await rows.json()) as { id: number }[])[0]!.id;
    for (const viewport of [DESKTOP, PHONE]) {
      await page.setViewportSize(viewport);
      await page.goto(`${e2e.server.url}/calculator/${id}`);
      const toast = page.locator('[data-testid="toast"]:not([data-state="closed"])').filter({ hasText: 'Configuration Loaded' });
      await toast.waitFor();
      const totals = viewport === PHONE ? page.getByTestId('mobile-totals') : page.getByTestId('pricing-summary');
      await totals.waitFor();
      // the toast settles in its place a frame or two after it appears (its height is measured first)
      await expect
        .poll(async () => overlaps((await toast.boundingBox())!, (await totals.boundingBox())!), {
          message: `the toast covers the totals at ${viewport.width} px`,
          timeout: 4_000,
        })
        .toBe(false);
    }
  });

  it('a used or unknown reset link says so when the page opens, and offers a new one', async () => {
    const context = await e2e.browser.newContext({ viewport: DESKTOP });
    const anon = await context.newPage();
    await anon.goto(`${e2e.server.url}/reset-password?token=not-a-real-token-at-all`);
    await anon.getByRole('heading', { name: 'Invalid reset link' }).waitFor();
    expect(await anon.getByLabel('New Password').count()).toBe(0);
    await anon.getByRole('link', { name: 'Request a new link' }).click();
    await anon.waitForURL(`${e2e.server.url}/auth`);
    await context.close();
  });

  it('sharing or marking sent a quote without a customer asks who it is for first', async () => {
    await page.setViewportSize(DESKTOP);
    const packages = (await (await page.request.get(`${e2e.server.url}/api/packages`)).json()) as { id: number }[];
    const res = await page.request.post(`${e2e.server.url}/api/configurations`, {
      data: { name: 'Nameless lead', packageId: packages[0]!.id, squareMeters: 100 },
    });
    const { id, number } = (await res.json()) as { id: number; number: string };
    await page.goto(`${e2e.server.url}/saved-configurations`);
    await page.getByRole('button', { name: 'Share Nameless lead' }).click();
    const ask = page.getByRole('alertdialog', { name: `Who is ${number} for?` });
    await ask.waitFor();
    await screenshotBoth(page, 'customer-first-dialog');
    await expectClean(page, 'the customer question before sharing');
    await ask.getByLabel('Customer company').fill('Initech');
    await ask.getByRole('button', { name: 'Save customer and share' }).click();
    await page.getByRole('dialog', { name: `Share ${number}` }).waitFor();
    const saved = (await (await page.request.get(`${e2e.server.url}/api/configurations/${id}`)).json()) as { customerCompany: string };
    expect(saved.customerCompany).toBe('Initech');

    const other = await page.request.post(`${e2e.server.url}/api/configurations`, {
      data: { name: 'Second lead', packageId: packages[0]!.id, squareMeters: 100 },
    });
    const second = (await other.json()) as { id: number; number: string };
    await page.goto(`${e2e.server.url}/calculator/${second.id}`);
    await page.getByTestId('quote-life').getByRole('button', { name: 'Status' }).click();
    await page.getByRole('menuitem', { name: 'Mark as sent' }).click();
    const ask2 = page.getByRole('alertdialog', { name: `Who is ${second.number} for?` });
    await ask2.waitFor();
    await ask2.getByRole('button', { name: 'Continue without' }).click();
    await page.getByTestId('sent-notice').waitFor();
    expect(await page.getByTestId('sent-notice').textContent()).toContain('makes it a draft again');

    // saving: the open quote is the one updated, and the dialog says what the update does to a sent quote
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const save = page.getByRole('dialog', { name: 'Save Your Configuration' });
    await save.waitFor();
    expect(await save.getByLabel('Select Configuration').inputValue()).toBe(String(second.id));
    await save.getByTestId('save-warning').filter({ hasText: 'makes it a draft again' }).waitFor();
    await save.getByLabel('Select Configuration').selectOption(String(id));
    await save.getByRole('button', { name: 'Update Configuration' }).click();
    await save.getByTestId('save-warning').filter({ hasText: 'This replaces “Nameless lead”' }).waitFor();
    await save.getByRole('button', { name: 'Replace it' }).waitFor();
    await screenshotBoth(page, 'save-dialog-replace');
    await expectClean(page, 'the save dialog asking before it replaces another quote');
    await save.getByRole('button', { name: 'Cancel' }).click();
  });
});
