// Saved configurations in the browser: 31 saved quotes give two pages of 30; sorting by TCV and by
// Package is done on the server and changes the order; a delete asks first and removes the row. Also the guard
// (signed out → /auth), the signed-out and empty states, and the 404 page.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverAndBrowser, signIn, signInThroughApi } from './harness';
import { DESKTOP, screenshotBoth } from './screens';

interface Saved {
  id: number;
  name: string;
  packageName: string;
  tcv: string;
}

const byTcv = (a: Saved, b: Saved) => Number(a.tcv) - Number(b.tcv) || a.id - b.id;
const byPackage = (a: Saved, b: Saved) => a.packageName.localeCompare(b.packageName) || a.id - b.id;

async function rowNames(page: Page): Promise<string[]> {
  const rows = page.getByTestId('saved-row');
  return rows.evaluateAll((trs) => trs.map((tr) => tr.querySelectorAll('td')[2]?.textContent ?? ''));
}

async function waitForFirstRow(page: Page, name: string) {
  await page.waitForFunction((n) => document.querySelector('[data-testid="saved-row"] td:nth-child(3)')?.textContent === n, name);
}

describe('saved configurations in the browser', () => {
  const e2e = serverAndBrowser({ RATE_LIMIT_REGISTER: '0', RATE_LIMIT_RESET: '0' });
  let page: Page;
  const saved: Saved[] = [];
  const errors: string[] = [];

  beforeAll(async () => {
    page = await e2e.browser.newPage({ viewport: DESKTOP });
    page.on('pageerror', (e) => errors.push(e.message));
    await signIn(page, e2e.server.url, 'demo@example.com', 'Demo12345');
    const packages = (await (await page.request.get(`${e2e.server.url}/api/packages`)).json()) as { id: number; name: string }[];
    expect(packages.map((p) => p.name)).toEqual(['Entry', 'Advanced', 'Ultimate']);
    for (let i = 1; i <= 31; i++) {
      const pkg = packages[i % 3]!;
      const res = await page.request.post(`${e2e.server.url}/api/configurations`, {
        data: {
          name: `Site ${String(i).padStart(2, '0')}`,
          packageId: pkg.id,
          squareMeters: 500 + ((i * 7919) % 31) * 150,
          locations: 1 + (i % 4),
          contractDuration: [12, 24, 36][i % 3],
          paymentFrequency: 'annually',
          pricingModel: 'sqm',
        },
      });
      expect(res.status()).toBe(201);
      saved.push((await res.json()) as Saved);
    }
  });
  afterAll(async () => {
    await page?.close();
  });

  it('shows 30 rows a page, newest first, and pages to the 31st', async () => {
    await page.getByRole('link', { name: 'Saved Configurations' }).click();
    await page.waitForURL(`${e2e.server.url}/saved-configurations`);
    await page.getByRole('heading', { name: 'Your Saved Configurations' }).waitFor();
    await waitForFirstRow(page, 'Site 31');
    expect(await rowNames(page)).toHaveLength(30);
    await expect(page.getByText('Page 1 of 2').isVisible()).resolves.toBe(true);
    await expect(page.getByRole('link', { name: 'Saved Configurations' }).getAttribute('aria-current')).resolves.toBe('page');
    await screenshotBoth(page, 'saved-list');

    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Page 2 of 2').waitFor();
    await waitForFirstRow(page, 'Site 01');
    expect(await rowNames(page)).toEqual(['Site 01']);
    await expect(page.getByRole('button', { name: 'Next' }).isDisabled()).resolves.toBe(true);
    await page.getByRole('button', { name: 'Previous' }).click();
    await page.getByText('Page 1 of 2').waitFor();
  });

  it('sorts by TCV (ascending, then descending) and by Package on the server', async () => {
    const tcvAsc = [...saved].sort(byTcv).map((s) => s.name);
    await page.getByRole('button', { name: /^TCV/ }).click();
    await waitForFirstRow(page, tcvAsc[0]!);
    expect(await rowNames(page)).toEqual(tcvAsc.slice(0, 30));
    await expect(page.getByRole('columnheader', { name: /TCV/ }).getAttribute('aria-sort')).resolves.toBe('ascending');
    const cheapest = [...saved].sort(byTcv)[0]!;
    const firstTcv = await page.getByTestId('saved-row').first().locator('td').nth(6).textContent();
    expect(firstTcv).toBe(`€${Number(cheapest.tcv).toLocaleString('en-IE', { minimumFractionDigits: 2 })}`);

    const tcvDesc = [...saved].sort((a, b) => byTcv(b, a)).map((s) => s.name);
    await page.getByRole('button', { name: /^TCV/ }).click();
    await waitForFirstRow(page, tcvDesc[0]!);
    expect(await rowNames(page)).toEqual(tcvDesc.slice(0, 30));
    await expect(page.getByRole('columnheader', { name: /TCV/ }).getAttribute('aria-sort')).resolves.toBe('descending');

    const pkgAsc = [...saved].sort(byPackage);
    await page.getByRole('button', { name: /^Package/ }).click();
    await waitForFirstRow(page, pkgAsc[0]!.name);
    expect(await rowNames(page)).toEqual(pkgAsc.slice(0, 30).map((s) => s.name));
    const packagesShown = await page.getByTestId('saved-row').evaluateAll((trs) => trs.map((tr) => tr.querySelectorAll('td')[3]?.textContent));
    expect(packagesShown[0]).toBe('Advanced');
    expect(packagesShown.at(-1)).toBe(pkgAsc[29]!.packageName);
    await screenshotBoth(page, 'saved-list-by-package');
  });

  it('deletes a configuration after confirmation', async () => {
    await page.getByRole('button', { name: /^Creation Date/ }).click();
    await page.getByRole('button', { name: /^Creation Date/ }).click();
    await waitForFirstRow(page, 'Site 31');
    await page.getByRole('button', { name: 'Delete Site 31' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText('This action cannot be undone', { exact: false }).waitFor();
    await screenshotBoth(page, 'saved-delete-confirm');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.getByTestId('toast').filter({ hasText: 'Configuration deleted' }).waitFor();
    await waitForFirstRow(page, 'Site 30');
    expect(await rowNames(page)).not.toContain('Site 31');
    await page.getByText('Page 1 of 1').waitFor();
    await expect(page.getByText('Showing 1–30 of 30').isVisible()).resolves.toBe(true);
    const res = await page.request.get(`${e2e.server.url}/api/configurations/${saved.at(-1)!.id}`);
    expect(res.status()).toBe(404);
  });

  it('Duplicate opens the copy in the calculator and the toast names it', async () => {
    await waitForFirstRow(page, 'Site 30');
    await page.getByRole('button', { name: 'Duplicate Site 30' }).click();
    // 31 numbers were given and the 31st deleted: the copy gets the next one, never a reused one
    await page.getByTestId('toast').filter({ hasText: 'Quote duplicated as Q-000032' }).waitFor();
    await page.waitForURL(/\/calculator\/\d+$/);
    const copyId = Number(new URL(page.url()).pathname.split('/').pop());
    const copy = (await (await page.request.get(`${e2e.server.url}/api/configurations/${copyId}`)).json()) as { number: string; name: string };
    expect(copy).toMatchObject({ number: 'Q-000032', name: 'Site 30 (copy)' });
    await page.getByTestId('quote-number').filter({ hasText: 'Q-000032' }).waitFor();
    // the calculator's own "Configuration Loaded" does not replace what Duplicate said
    const toasts = page.locator('[data-testid="toast"]:not([data-state="closed"])');
    await expect.poll(() => toasts.allTextContents()).toEqual([expect.stringContaining('Quote duplicated as Q-000032')]);
    await screenshotBoth(page, 'saved-duplicate-opened');
    expect(await page.getByText('Configuration Loaded').count()).toBe(0);
    await page.goto(`${e2e.server.url}/saved-configurations`);
    await waitForFirstRow(page, 'Site 30 (copy)');
  });

  it('shows the empty state to a user with no saved configurations', async () => {
    const context = await e2e.browser.newContext({ viewport: DESKTOP });
    const admin = await context.newPage();
    await signInThroughApi(admin, e2e.server.url, 'admin@example.com', 'Admin1234', '/saved-configurations');
    await admin.getByText('No saved configurations').waitFor();
    await expect(admin.getByText("You haven't saved any pricing configurations yet").isVisible()).resolves.toBe(true);
    await screenshotBoth(admin, 'saved-empty');
    await admin.getByRole('link', { name: 'Create a configuration' }).click();
    await admin.waitForURL(`${e2e.server.url}/`);
    await context.close();
  });

  it('sends a signed-out visitor from / to /auth, asks them to sign in on the saved page, and shows 404 for unknown paths', async () => {
    const context = await e2e.browser.newContext({ viewport: DESKTOP });
    const anon = await context.newPage();
    await anon.goto(`${e2e.server.url}/`);
    await anon.waitForURL(`${e2e.server.url}/auth`);
    await anon.goto(`${e2e.server.url}/saved-configurations`);
    await anon.getByText('Please sign in').waitFor();
    await expect(anon.getByText('You need to sign in to view your saved configurations').isVisible()).resolves.toBe(true);
    await screenshotBoth(anon, 'saved-signed-out');
    await anon.goto(`${e2e.server.url}/no/such/page`);
    await anon.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    await expect(anon.getByText('There is no page at this address. Check the link, or start from the calculator.').isVisible()).resolves.toBe(true);
    expect(await anon.textContent('body')).not.toContain('router');
    await screenshotBoth(anon, 'not-found');
    await anon.getByRole('link', { name: 'Back to the calculator' }).click();
    await anon.waitForURL(`${e2e.server.url}/auth`);
    await context.close();
    expect(errors).toEqual([]);
  });
});
