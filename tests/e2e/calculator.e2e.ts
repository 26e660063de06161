// The calculator in Chromium against the real server: build a quote with every kind of input, compare the figures on
// screen with POST /api/quote for the same form, save, reload by URL, update, take the screenshot, and a phone run.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatEuro } from '../../src/client/lib/format';
import { animationsDone, screenshot, serverAndBrowser, setChoice, signIn, signInThroughApi } from './harness';
import { DESKTOP, screenshotBoth } from './screens';

interface Named {
  id: number;
  name: string;
}

async function totals(page: Page) {
  return {
    monthly: (await page.getByTestId('total-monthly').textContent())?.trim(),
    yearly: (await page.getByTestId('total-yearly').textContent())?.trim(),
    tcv: (await page.getByTestId('total-tcv').textContent())?.trim(),
  };
}

/** Dialog footers sit where the toast region is (bottom right): activate by keyboard, as a keyboard user would. */
async function press(locator: Locator) {
  await locator.focus();
  await locator.press('Enter');
}

async function expectToast(page: Page, text: string) {
  await page.mouse.move(0, 0); // a pointer resting on the toast region pauses its timer
  try {
    await page.getByTestId('toast').filter({ hasText: text }).first().waitFor({ timeout: 15_000 });
  } catch (err) {
    const shown = await page.getByTestId('toast').allTextContents();
    throw new Error(`no toast "${text}"; shown: ${JSON.stringify(shown)}`, { cause: err });
  }
}

describe('calculator (browser → engine in the page, server for saves)', () => {
  const e2e = serverAndBrowser();

  it('builds a quote whose figures equal POST /api/quote, saves it, reloads it by URL and updates it', async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));

    await signIn(page, e2e.server.url, 'demo@example.com', 'Demo12345');
    await page.getByRole('heading', { name: 'Pricing Calculator' }).waitFor();
    await page.getByTestId('total-monthly').waitFor();
    // defaults: Entry, 100 units (its first tier), 1 location, 36 months, annually
    await expect(page.getByTestId('summary-package').textContent()).resolves.toBe('Entry');
    await expect(page.getByTestId('summary-frequency').textContent()).resolves.toBe('Annual');
    await screenshot(page, 'calculator-1-defaults');

    // package, size, locations
    await page.getByTestId('package-card').filter({ hasText: 'Advanced' }).click();
    await expect(page.getByTestId('summary-package').textContent()).resolves.toBe('Advanced');
    const units = page.getByLabel('Units', { exact: true });
    await units.fill('1200');
    await units.blur();
    await page.getByRole('button', { name: 'Increase locations' }).click();

    // add-ons: a multiple-selection one with its setup fee waived, and a single-selection one
    await setChoice(page.getByRole('checkbox', { name: /Microsoft 365 Integration/ }), true);
    await setChoice(page.getByRole('radio', { name: /Premium Support/ }), true);
    await page.getByText('Waive Setup Fee').first().click();
    await page.getByText('Setup Fee Waived').waitFor();

    // custom items: one-time (the default) and recurring
    await page.getByLabel('Item Name').fill('On-site training');
    await page.getByLabel('Price', { exact: true }).fill('250');
    await page.getByLabel('Description (Optional)').fill('Two days');
    await page.getByRole('button', { name: 'Add Item' }).click();
    await page.getByLabel('Item Name').fill('Extra hosting');
    await page.getByLabel('Price', { exact: true }).fill('19.99');
    await setChoice(page.getByRole('checkbox', { name: 'One-time', exact: true }), false);
    await page.getByText('Recurring (monthly)').waitFor();
    await page.getByRole('button', { name: 'Add Item' }).click();
    await page.getByRole('button', { name: 'Delete Extra hosting' }).waitFor();

    // a discount
    await page.getByRole('button', { name: /Available Discounts/ }).click();
    await setChoice(page.getByRole('checkbox', { name: /3-Year Contract Discount/ }), true);
    await screenshot(page, 'calculator-2-built');

    // the same form priced by the server
    const [addOns, discounts] = await Promise.all([
      page.request.get(`${e2e.server.url}/api/addons`).then((r) => r.json() as Promise<Named[]>),
      page.request.get(`${e2e.server.url}/api/discounts`).then((r) => r.json() as Promise<Named[]>),
    ]);
    const packages = (await page.request.get(`${e2e.server.url}/api/packages`).then((r) => r.json())) as Named[];
    const idOf = (list: Named[], name: string) => list.find((x) => x.name === name)!.id;
    const form = {
      packageId: idOf(packages, 'Advanced'),
      pricingModel: 'sqm',
      squareMeters: 1200,
      userCount: 10,
      locations: 2,
      addOns: [
        { id: idOf(addOns, 'Microsoft 365 Integration'), waiveSetupFee: true },
        { id: idOf(addOns, 'Premium Support'), waiveSetupFee: false },
      ],
      customItems: [
        { name: 'On-site training', description: 'Two days', isOneTime: true, price: 250 },
        { name: 'Extra hosting', description: '', isOneTime: false, price: 19.99 },
      ],
      selectedDiscountIds: [idOf(discounts, '3-Year Contract Discount')],
      contractDuration: 36,
      paymentFrequency: 'annually',
    };
    const res = await page.request.post(`${e2e.server.url}/api/quote`, { data: form });
    expect(res.status()).toBe(200);
    const q = (await res.json()) as { total: number; yearlyTotal: number; tcv: number; oneTimeCosts: number };
    const expected = { monthly: formatEuro(q.total), yearly: formatEuro(q.yearlyTotal), tcv: formatEuro(q.tcv) };
    const onScreen = await totals(page);
    expect(onScreen).toEqual(expected);
    // the waived fee is struck through with "(Waived)"; the one-time fees show in the sentence
    await expect(page.getByTestId('waived-fee').first().textContent()).resolves.toContain('(Waived)');
    await expect(page.getByTestId('contract-sentence').textContent()).resolves.toBe(
      `36 months × ${expected.monthly} + ${formatEuro(q.oneTimeCosts)} one-time fees`,
    );

    // details dialog
    await page.getByRole('button', { name: 'Details' }).click();
    const details = page.getByRole('dialog', { name: 'Detailed Price Breakdown' });
    await details.waitFor();
    for (const s of [
      'Package Details',
      'Configuration Details',
      'Pricing Details',
      'Add-ons Details',
      'Custom Items Details',
      'Discount Details',
      'Final Totals',
    ]) {
      await details.getByRole('heading', { name: s }).waitFor();
    }
    await screenshot(page, 'calculator-3-details');
    await press(details.getByRole('button', { name: 'Close', exact: true }));
    await details.waitFor({ state: 'hidden' });

    // save as new
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Save Your Configuration' });
    await dialog.waitFor();
    await dialog.getByText('Enter a name for this configuration to save it for future reference.').waitFor();
    await dialog.getByPlaceholder('e.g., Client Name or Project').fill('Acme HQ');
    await screenshot(page, 'calculator-4-save-dialog');
    await press(dialog.getByRole('button', { name: 'Save Configuration' }));
    await expectToast(page, 'Configuration saved successfully!');
    await dialog.waitFor({ state: 'hidden' });
    const current = await page.getByTestId('current-config').textContent();
    const savedId = Number(/#(\d+)/.exec(current ?? '')?.[1]);
    expect(savedId).toBeGreaterThan(0);
    const stored = (await page.request.get(`${e2e.server.url}/api/configurations/${savedId}`).then((r) => r.json())) as { tcv: string; name: string };
    expect([stored.name, formatEuro(stored.tcv)]).toEqual(['Acme HQ', expected.tcv]);

    // reload by URL: the same figures
    await page.goto(`${e2e.server.url}/calculator/${savedId}`);
    await expectToast(page, 'Configuration Loaded');
    await expect(page.getByTestId('summary-package').textContent()).resolves.toBe('Advanced');
    expect(await totals(page)).toEqual(expected);
    await expect(page.getByLabel('Units', { exact: true }).inputValue()).resolves.toBe('1200');
    await expect(page.getByLabel('Locations', { exact: true }).inputValue()).resolves.toBe('2');
    await page.getByText('Setup Fee Waived').waitFor();
    await screenshot(page, 'calculator-5-reloaded');

    // change and update: the dialog opens in overwrite mode with the loaded configuration
    await page.getByRole('button', { name: 'Increase locations' }).click();
    const changed = await totals(page);
    expect(changed.tcv).not.toBe(expected.tcv);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog.waitFor();
    await expect(dialog.getByPlaceholder('e.g., Client Name or Project').inputValue()).resolves.toBe('Acme HQ');
    await dialog.getByText('Choose a configuration to overwrite or enter a new name.').waitFor();
    await press(dialog.getByRole('button', { name: 'Update Configuration' }));
    await expectToast(page, 'Configuration updated successfully!');
    const updated = (await page.request.get(`${e2e.server.url}/api/configurations/${savedId}`).then((r) => r.json())) as {
      tcv: string;
      locations: number;
    };
    expect([updated.locations, formatEuro(updated.tcv)]).toEqual([3, changed.tcv]);

    // screenshot download is a PNG
    await page.getByRole('button', { name: 'Screenshot' }).click();
    const shot = page.getByRole('dialog', { name: 'Pricing Screenshot' });
    await shot.waitFor({ timeout: 30_000 });
    await screenshot(page, 'calculator-6-screenshot-dialog');
    const [download] = await Promise.all([page.waitForEvent('download'), press(shot.getByRole('button', { name: 'Download' }))]);
    expect(download.suggestedFilename()).toBe('pricing-summary.png');
    const file = await download.path();
    const head = fs.readFileSync(file).subarray(0, 8);
    expect([...head]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    await press(shot.getByRole('button', { name: 'Close', exact: true }));

    // Download PDF: a real PDF of the form on screen, priced by the server, with the figures on screen
    const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download PDF' }).click()]);
    expect(pdf.suggestedFilename()).toMatch(/\.pdf$/);
    const pdfFile = await pdf.path();
    expect(fs.readFileSync(pdfFile).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const pdfText = execFileSync('pdftotext', ['-layout', pdfFile, '-'], { encoding: 'utf8' });
    for (const figure of [changed.monthly, changed.tcv]) expect(pdfText).toContain(figure);
    expect(pdfText).toContain('excluding VAT');

    expect(errors).toEqual([]);
    await context.close();
  }, 240_000);

  it('takes numbers as people type them: refused text stays with its message and the totals; "12,50" is €12.50', async () => {
    const page = await e2e.browser.newPage({ viewport: DESKTOP });
    await signInThroughApi(page, e2e.server.url, 'demo@example.com', 'Demo12345');
    await page.getByTestId('total-monthly').waitFor();
    const units = page.getByLabel('Units', { exact: true });
    const message = page.getByText('Units must be a whole number from 0 to 10,000,000');
    await units.fill('250');
    await units.blur();
    await page.getByTestId('total-monthly').filter({ hasText: '€849.00' }).waitFor(); // Entry 99.00 + 250 × 3.00
    const before = await totals(page);
    for (const typed of ['12.5', '-5', '1e3', '12a']) {
      await units.fill(typed);
      await message.waitFor();
      await units.blur();
      expect(await units.inputValue()).toBe(typed);
      expect(await message.isVisible()).toBe(true);
      expect(await totals(page)).toEqual(before);
    }
    await screenshotBoth(page, 'calculator-refused-units');
    // typed key by key, "12.5" stays "12.5" (never 125): "12" went in, and leaving raises it to Entry's first tier
    await units.fill('');
    await units.pressSequentially('12.5');
    expect(await units.inputValue()).toBe('12.5');
    await message.waitFor();
    await units.blur();
    expect(await units.inputValue()).toBe('12.5');
    await page.getByTestId('total-monthly').filter({ hasText: '€399.00' }).waitFor(); // 99.00 + 100 × 3.00

    // below the smallest tier: where Entry starts, not a price per unit
    await units.fill('50');
    await page.getByText('Entry starts at 100 units').waitFor();
    expect(await page.getByText(/per unit per month at this size/).count()).toBe(0);
    await screenshotBoth(page, 'calculator-below-first-tier');
    await units.blur();
    expect(await units.inputValue()).toBe('100');
    await page.getByText(/^€3\.00 per unit per month at this size/).waitFor();

    // a custom price with a decimal comma, typed key by key into the field
    const oneTime = async () => (await page.getByTestId('total-one-time').textContent())?.trim();
    expect(await oneTime()).toBe('€499.00');
    await page.getByLabel('Item Name').fill('Training');
    const price = page.getByLabel('Price', { exact: true });
    await price.pressSequentially('12a');
    await page.getByText('Custom item price must be a number greater than 0').waitFor();
    expect(await page.getByRole('button', { name: 'Add Item' }).isDisabled()).toBe(true);
    await price.fill('');
    await price.pressSequentially('12,50');
    expect(await price.inputValue()).toBe('12,50');
    await page.getByRole('button', { name: 'Add Item' }).click();
    await page.getByRole('table', { name: 'Added Items' }).getByText('€12.50').waitFor();
    expect(await oneTime()).toBe('€511.50');
    await page.getByLabel('Item Name').fill('Hardware');
    await price.pressSequentially('1.234,50');
    await page.getByRole('button', { name: 'Add Item' }).click();
    await page.getByRole('table', { name: 'Added Items' }).getByText('€1,234.50').waitFor();
    expect(await oneTime()).toBe('€1,746.00');
    await page.close();
  });

  it('fits a 390 px phone screen without horizontal scrolling', async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await signIn(page, e2e.server.url, 'demo@example.com', 'Demo12345');
    // its own saved quote, so this test stands alone
    const packages = (await page.request.get(`${e2e.server.url}/api/packages`).then((r) => r.json())) as Named[];
    const created = await page.request.post(`${e2e.server.url}/api/configurations`, {
      data: { name: 'Phone check', packageId: packages.find((p) => p.name === 'Advanced')!.id, squareMeters: 1200, locations: 3 },
    });
    expect(created.status()).toBe(201);
    const saved = (await created.json()) as { id: number; totalMonthly: string; tcv: string };
    await page.goto(`${e2e.server.url}/calculator?configId=${saved.id}`);
    await expectToast(page, 'Configuration Loaded');
    const onScreen = await totals(page);
    expect([onScreen.monthly, onScreen.tcv]).toEqual([formatEuro(saved.totalMonthly), formatEuro(saved.tcv)]);
    await page.getByRole('button', { name: /Available Discounts/ }).click();
    await page.getByTestId('discount-option').first().waitFor();
    await animationsDone(page);
    await screenshot(page, 'calculator-7-phone');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await context.close();
  }, 120_000);
});
