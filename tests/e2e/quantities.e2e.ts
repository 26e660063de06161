// Quantities and the seller's discount in Chromium against the real server (docs/PRODUCT.md "Pricing" steps 3 and 5):
// an admin prices an add-on per item in the add-on form, a seller quotes 12 of it, a custom item × 3 and a seller's
// discount, saves, reloads the saved quote and sees the same totals and lines; screenshots at 1280 and 390 px.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot, serverAndBrowser, setChoice, signIn, signInThroughApi } from './harness';
import { screenshotBoth } from './screens';
import { dismissToasts, expectClean } from './a11y';

const SENSORS = 'Desk Occupancy Sensors';

async function totals(page: Page) {
  return {
    monthly: (await page.getByTestId('total-monthly').textContent())?.trim(),
    oneTime: (await page.getByTestId('total-one-time').textContent())?.trim(),
    tcv: (await page.getByTestId('total-tcv').textContent())?.trim(),
  };
}

async function press(locator: Locator) {
  await locator.focus();
  await locator.press('Enter');
}

describe('quantities and the seller’s discount', () => {
  const e2e = serverAndBrowser();

  it('an admin prices an add-on per item; a quote of 12 of it, a custom item × 3 and a seller’s discount saves and reloads the same', async () => {
    // the admin's add-on form offers the unit
    const adminContext = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const admin = await adminContext.newPage();
    await signInThroughApi(admin, e2e.server.url, 'admin@example.com', 'Admin1234', '/admin/dashboard');
    await admin.getByRole('tab', { name: 'Add-ons', exact: true }).click();
    await admin.getByRole('button', { name: `Edit ${SENSORS}` }).click();
    const unit = admin.getByLabel('Unit', { exact: true });
    await expect(unit.inputValue()).resolves.toBe('quote');
    await expect(unit.locator('option').allTextContents()).resolves.toEqual(['Per quote', 'Per location', 'Per item']);
    await unit.selectOption('item');
    await screenshotBoth(admin, 'quantities-admin-addon-form');
    await expectClean(admin, 'the add-on form with its unit');
    await admin.getByRole('button', { name: 'Save Changes' }).click();
    await admin.getByTestId('addon-row').filter({ hasText: SENSORS }).filter({ hasText: 'Per item' }).waitFor();
    await adminContext.close();

    const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signIn(page, e2e.server.url, 'demo@example.com', 'Demo12345');
    await page.getByTestId('total-monthly').waitFor();
    await page.getByTestId('package-card').filter({ hasText: 'Advanced' }).click();

    // 12 of the add-on priced per item
    await setChoice(page.getByRole('checkbox', { name: new RegExp(`^${SENSORS}`) }), true);
    const quantity = page.getByRole('textbox', { name: `Quantity (${SENSORS})` });
    await quantity.fill('12');
    await quantity.blur();
    // a per-location add-on counts the locations
    await page.getByRole('button', { name: 'Increase locations' }).click();

    // a recurring custom item × 3
    await page.getByLabel('Item Name').fill('Licence');
    await page.getByLabel('Price', { exact: true }).fill('2.50');
    await page.getByLabel('Quantity', { exact: true }).fill('3');
    await setChoice(page.getByRole('checkbox', { name: 'One-time', exact: true }), false);
    await page.getByRole('button', { name: 'Add Item' }).click();
    await page.getByRole('textbox', { name: 'Quantity of Licence' }).waitFor();

    // the seller's discount
    await page.getByRole('button', { name: /Available Discounts/ }).click();
    await page.getByLabel('Percentage (%)').fill('10');
    await page.getByLabel('Reason', { exact: true }).fill('Loyal customer');
    await page.getByRole('button', { name: "Apply seller's discount" }).click();
    const summary = page.getByTestId('pricing-summary');
    await summary.getByText("Seller's discount: Loyal customer").waitFor();
    await summary.getByText('Licence (3 × €2.50)').waitFor();
    await summary.getByRole('button', { name: /Add-ons/ }).click();
    await summary.getByText(`${SENSORS} (12 × €35.00)`).waitFor();
    await expect(summary.textContent()).resolves.toContain(`${SENSORS} setup fee (12 × €450.00)€5,400.00`);
    const before = await totals(page);
    await screenshotBoth(page, 'quantities-calculator');
    await dismissToasts(page);
    await expectClean(page, "the calculator with quantities and a seller's discount");

    // the Details dialog says the same: each line of more than one, the custom item's price × quantity
    await page.getByRole('button', { name: 'Details' }).click();
    const details = page.getByRole('dialog', { name: 'Detailed Price Breakdown' });
    await details.getByText('Licence (monthly, 3 × €2.50)').waitFor();
    await details.getByText(`${SENSORS} (monthly, 12 × €35.00)`).waitFor();
    await details.getByText("Seller's discount: Loyal customer").waitFor();
    await screenshotBoth(page, 'quantities-details');
    await expectClean(page, "the Details dialog with quantities and a seller's discount");
    await press(details.getByRole('button', { name: 'Close', exact: true }));
    await details.waitFor({ state: 'hidden' });

    // save, then reload the saved quote: the same figures, quantities and discount
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Save Your Configuration' });
    await dialog.getByPlaceholder('e.g., Client Name or Project').fill('Quantities');
    await press(dialog.getByRole('button', { name: 'Save Configuration' }));
    await dialog.waitFor({ state: 'hidden' });
    const savedId = Number(/#(\d+)/.exec((await page.getByTestId('current-config').textContent()) ?? '')?.[1]);
    expect(savedId).toBeGreaterThan(0);
    const stored = (await page.request.get(`${e2e.server.url}/api/configurations/${savedId}`).then((r) => r.json())) as {
      addOnSelections: { quantity: number }[];
      customItems: { quantity: number }[];
      sellerDiscount: unknown;
    };
    expect(stored.addOnSelections.map((a) => a.quantity)).toEqual([12]);
    expect(stored.customItems.map((c) => c.quantity)).toEqual([3]);
    expect(stored.sellerDiscount).toEqual({ type: 'percentage', value: 10, reason: 'Loyal customer' });

    await page.goto(`${e2e.server.url}/calculator/${savedId}`);
    await page.getByTestId('current-config').waitFor();
    await expect.poll(() => totals(page)).toEqual(before);
    await expect(page.getByRole('textbox', { name: `Quantity (${SENSORS})` }).inputValue()).resolves.toBe('12');
    await expect(page.getByRole('textbox', { name: 'Quantity of Licence' }).inputValue()).resolves.toBe('3');
    await page.getByTestId('pricing-summary').getByText("Seller's discount: Loyal customer").waitFor();
    await screenshot(page, 'quantities-reloaded');

    // the customer's page says the quantities and the seller's discount as the PDF does
    const share = await page.request.fetch(`${e2e.server.url}/api/configurations/${savedId}/share`, { method: 'POST' });
    expect(share.ok()).toBe(true);
    const { url } = (await share.json()) as { url: string };
    const customer = await e2e.browser.newPage();
    await customer.goto(`${e2e.server.url}${new URL(url).pathname}`);
    const article = customer.locator('article');
    await article.getByText("Seller's discount: Loyal customer").waitFor();
    const text = (await article.textContent()) ?? '';
    expect(text).toContain('12 × €35.00');
    expect(text).toContain('3 × €2.50');
    expect(text).toContain(before.monthly);
    await screenshotBoth(customer, 'quantities-customer-page');
    await expectClean(customer, "the customer's page with quantities and a seller's discount");
    await customer.close();
    expect(errors).toEqual([]);
    await context.close();
  });
});
