// The five catalogue tabs of the admin dashboard in Chromium against the real server: the admin creates
// a package "Flex", auto-generates its unit tiers (preview 100, 325, 550, 775, 1000 at €3.00 … €1.00), adds a
// category, an add-on offered for Flex and a discount rule for Flex; then the demo user's calculator offers them and
// shows the totals that POST /api/quote computes. A name another package has is refused at the name field; a
// catalogue file with several changes reads, in the import's dry run and then on the Activity tab, field by field
// with before and after. Screenshots of every tab and dialog at 1280 px and 390 px.
import fs from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { closeToast, screenshotBoth } from './screens';
import { nextFrames, screenshot, serverAndBrowser, setChoice, signInThroughApi } from './harness';

const ADMIN = { email: 'admin@example.com', password: 'Admin1234' };
const DEMO = { email: 'demo@example.com', password: 'Demo12345' };

describe('admin catalogue tabs', () => {
  const e2e = serverAndBrowser();
  let admin: BrowserContext;
  let page: Page;
  const errors: string[] = [];

  const shots = (p: Page, name: string) => screenshotBoth(p, `catalog-${name}`);
  const toast = closeToast;

  async function openTab(name: string) {
    await page.getByRole('tab', { name, exact: true }).click();
  }

  beforeAll(async () => {
    admin = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await admin.newPage();
    page.on('pageerror', (e) => errors.push(e.message));
    await signInThroughApi(page, e2e.server.url, ADMIN.email, ADMIN.password, '/admin/dashboard');
    await page.getByRole('tab', { name: 'Packages', exact: true }).waitFor();
  });

  it('Packages: adds "Flex" with the default features', async () => {
    await openTab('Packages');
    const cards = page.getByTestId('admin-package-card');
    await cards.first().waitFor();
    expect(await cards.locator('h3').allTextContents()).toEqual(['Entry', 'Advanced', 'Ultimate']);
    await shots(page, 'packages');

    await page.getByRole('button', { name: 'Add Package' }).click();
    const form = page.getByRole('form', { name: 'Add Package' });
    expect(await form.getByRole('textbox', { name: 'Feature 1' }).inputValue()).toBe('Basic features');
    expect(await form.getByRole('textbox', { name: 'Feature 2' }).inputValue()).toBe('Standard support');
    expect(await form.getByLabel('Setup Fee (€)').inputValue()).toBe('0');
    await form.getByRole('button', { name: 'Add Package' }).click();
    await form.getByText('Package name is required').waitFor();
    await shots(page, 'package-add-form');

    await form.getByLabel('Package Name').fill('Flex');
    await form.getByLabel('Description').fill('Pay for the space you use.');
    // numbers as typed, key by key: refused ones say so in the field's words and are never rewritten
    const base = form.getByLabel('Base Price (€ / month)');
    await base.fill('');
    await base.pressSequentially('1e3');
    await form.getByLabel('Setup Fee (€)').fill('-5');
    await form.getByRole('button', { name: 'Add Package' }).click();
    await form.getByText('Base price must be a number').waitFor();
    await form.getByText('Setup fee must be 0 or more').waitFor();
    expect(await base.inputValue()).toBe('1e3');
    await shots(page, 'package-refused-numbers');
    await base.fill('');
    await base.pressSequentially('149');
    // a decimal comma, as many people type a price
    await form.getByLabel('Setup Fee (€)').fill('');
    await form.getByLabel('Setup Fee (€)').pressSequentially('500,00');
    await form.getByLabel('Extra Location Price (€ / month)').fill('');
    await form.getByLabel('Extra Location Price (€ / month)').pressSequentially('25,50');
    await form.getByRole('button', { name: 'Add Package' }).click();
    await toast(page, 'Package added successfully');
    const flex = cards.filter({ has: page.getByRole('heading', { name: 'Flex' }) });
    await flex.waitFor();
    const text = await flex.textContent();
    expect(text).toContain('€149.00');
    expect(text).toContain('€500.00');
    expect(text).toContain('€25.50');
    expect(text).toContain('Basic features');
    expect(text).toContain('0 unit tiers');

    // edit: one at a time, inline
    await page.getByRole('button', { name: 'Edit Flex' }).click();
    await page.getByRole('form', { name: 'Edit Flex' }).waitFor();
    expect(await page.getByRole('button', { name: 'Edit Entry' }).isDisabled()).toBe(true);
    await shots(page, 'package-edit');
    await page.getByRole('form', { name: 'Edit Flex' }).getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('button', { name: 'Delete Flex' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText('This action cannot be undone', { exact: false }).waitFor();
    await shots(page, 'package-delete');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('Price Tiers: auto-generates Flex unit tiers from the defaults, previewed first', async () => {
    await openTab('Price Tiers');
    await page.getByRole('tab', { name: 'Unit-Based Pricing' }).waitFor();
    await page.getByRole('table', { name: 'Unit-based price tiers' }).waitFor();
    await shots(page, 'tiers');

    await page.getByLabel('Package', { exact: true }).selectOption({ label: 'Flex' });
    await page.getByText('No square meter price tiers defined for this package').waitFor();
    expect(await page.getByRole('button', { name: 'Edit Tiers' }).count()).toBe(0);

    await page.getByRole('button', { name: 'Auto-Generate' }).click();
    const dialog = page.getByRole('dialog');
    const preview = dialog.getByTestId('tier-preview');
    await preview.waitFor();
    const rows = await preview.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)));
    expect(rows).toEqual([
      ['100 – 324 units', '€3.00'],
      ['325 – 549 units', '€2.50'],
      ['550 – 774 units', '€2.00'],
      ['775 – 999 units', '€1.50'],
      ['1,000 units+', '€1.00'],
    ]);
    await shots(page, 'tiers-generate-dialog');
    await dialog.getByRole('button', { name: 'Generate' }).click();
    await toast(page, 'Generated 5 unit-based price tiers successfully');
    const table = page.getByRole('table', { name: 'Unit-based price tiers' });
    await table.waitFor();
    const cells = await table.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)));
    expect(cells).toEqual([
      ['100 – 324 units', '€3.00', '€300.00', '€972.00'],
      ['325 – 549 units', '€2.50', '€812.50', '€1,372.50'],
      ['550 – 774 units', '€2.00', '€1,100.00', '€1,548.00'],
      ['775 – 999 units', '€1.50', '€1,162.50', '€1,498.50'],
      ['1,000 units+', '€1.00', '€1,000.00', 'No limit'],
    ]);

    // Edit Tiers now shows; the selector is locked while editing
    await page.getByRole('button', { name: 'Edit Tiers' }).click();
    expect(await page.getByLabel('Package', { exact: true }).isDisabled()).toBe(true);
    expect(await page.getByLabel('Max Units, tier 5').inputValue()).toBe('');
    await shots(page, 'tiers-edit');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('tab', { name: 'User-Based Pricing' }).click();
    await page.getByText('No user-based price tiers defined for this package').waitFor();
    await shots(page, 'tiers-users-empty');
    await page.getByRole('tab', { name: 'Unit-Based Pricing' }).click();
  });

  it('Add-on Categories: adds one with an icon from the picker', async () => {
    await openTab('Add-on Categories');
    await page.getByTestId('category-card').first().waitFor();
    expect(await page.getByTestId('category-card').locator('h3').allTextContents()).toEqual([
      'Hardware',
      'Integrations',
      'Security',
      'Support Plans',
    ]);
    await shots(page, 'categories');

    await page.getByRole('button', { name: 'Add Category' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Add Category' }).click();
    await toast(page, 'Validation Error');
    expect(await dialog.getByTestId('icon-picker').getByRole('button').count()).toBe(30);
    await dialog.getByLabel('Category Name').fill('Workplace Insights');
    await dialog.getByText('Allow multiple selections').click();
    await dialog.getByRole('button', { name: 'Analytics' }).click();
    expect(await dialog.getByRole('button', { name: 'Analytics' }).getAttribute('aria-pressed')).toBe('true');
    await shots(page, 'category-dialog');
    await dialog.getByRole('button', { name: 'Add Category' }).click();
    await toast(page, 'Category added successfully');
    const card = page.getByTestId('category-card').filter({ hasText: 'Workplace Insights' });
    await card.waitFor();
    expect(await card.textContent()).toContain('Multiple selections allowed');
    expect(await card.textContent()).toContain('Checkboxes');

    await page.getByRole('button', { name: 'Delete Hardware' }).click();
    await page.getByRole('alertdialog').getByText('become unorganised', { exact: false }).waitFor();
    await shots(page, 'category-delete');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();
  });

  it('Add-ons: adds one for every package, then takes Entry off with its checkbox', async () => {
    await openTab('Add-ons');
    await page.getByRole('table', { name: 'Add-ons' }).waitFor();
    await page.getByRole('button', { name: 'Add Add-on' }).click();
    const form = page.getByRole('form', { name: 'Add Add-on' });
    await form.getByRole('button', { name: 'Add Add-on' }).click();
    await toast(page, 'Name and category are required');
    await form.getByLabel('Name').fill('Occupancy Insights');
    await form.getByLabel('Category').selectOption({ label: 'Workplace Insights' });
    await form.getByLabel('Setup Fee (€, one-time)').fill('200');
    await form.getByLabel('Monthly Fee (€ / month)').fill('30');
    for (const name of ['Entry', 'Advanced', 'Ultimate', 'Flex']) expect(await form.getByRole('checkbox', { name }).isChecked()).toBe(true);
    await shots(page, 'addon-form');
    await form.getByRole('button', { name: 'Add Add-on' }).click();
    await toast(page, 'Add-on added successfully');

    const row = page.getByTestId('addon-row').filter({ hasText: 'Occupancy Insights' });
    await row.waitFor();
    expect(await row.textContent()).toContain('Multiple selection');
    expect(await row.textContent()).toContain('€200.00');
    const entry = row.getByRole('checkbox', { name: 'Available for Entry' });
    expect(await entry.isChecked()).toBe(true);
    await row.locator('label', { has: page.locator('input[aria-label="Available for Entry"]') }).click();
    await toast(page, 'Removed from package successfully');
    expect(await entry.isChecked()).toBe(false);
    expect(await row.getByRole('checkbox', { name: 'Available for Flex' }).isChecked()).toBe(true);
    await shots(page, 'addons');
  });

  it('Discounts: adds a rule for Flex with the condition editor', async () => {
    await openTab('Discounts');
    await page.getByTestId('discount-card').first().waitFor();
    const welcome = await page.getByTestId('discount-card').filter({ hasText: 'Welcome Credit' }).textContent();
    expect(welcome).toContain('Fixed Amount: €50.00');
    expect(welcome).toContain('Package in Advanced, Ultimate');
    expect(await page.getByTestId('discount-card').filter({ hasText: 'Annual Prepay Bonus' }).textContent()).toContain('Payment Frequency = Annual');
    await shots(page, 'discounts');

    await page.getByRole('button', { name: 'Add Discount Rule' }).click();
    expect(await page.getByRole('button', { name: 'Add Discount Rule' }).first().isDisabled()).toBe(true);
    const form = page.getByRole('form', { name: 'Add Discount Rule' });
    expect(await form.getByLabel('Rule Name').getAttribute('placeholder')).toBe('2-Year Contract Discount');
    expect(await form.getByLabel('Percentage (%)').inputValue()).toBe('10');
    await form.getByRole('button', { name: 'Add Discount Rule' }).click();
    await toast(page, 'Please fill in all required fields');

    await form.getByLabel('Rule Name').fill('Flex Launch Offer');
    await form.getByLabel('Description').fill('10% off Flex during the launch.');
    await form.getByLabel('Condition 1 type').selectOption('package');
    await form.getByLabel('Condition 1 value').selectOption({ label: 'Flex' });
    await form.getByRole('button', { name: 'Add Condition' }).click();
    await form.getByLabel('Condition 2 type').selectOption('paymentFrequency');
    expect(await form.getByLabel('Condition 2 operator').locator('option').allTextContents()).toEqual(['=']);
    await shots(page, 'discount-form');
    await form.getByRole('button', { name: 'Remove condition 2' }).click();
    await form.getByRole('button', { name: 'Add Discount Rule' }).click();
    await toast(page, 'Discount rule added successfully');
    const card = page.getByTestId('discount-card').filter({ hasText: 'Flex Launch Offer' });
    await card.waitFor();
    expect(await card.textContent()).toContain('Standard Percentage: 10%');
    expect(await card.textContent()).toContain('Package = Flex');
    expect(errors).toEqual([]);
  });

  it("the demo user's calculator offers Flex, and the quote API prices it with the new tier, add-on and discount", async () => {
    const ctx = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const p = await ctx.newPage();
    const login = await p.request.post(`${e2e.server.url}/api/login`, { data: { username: DEMO.email, password: DEMO.password } });
    expect(login.status()).toBe(200);
    const packages = (await (await p.request.get(`${e2e.server.url}/api/packages`)).json()) as { id: number; name: string }[];
    const addOns = (await (await p.request.get(`${e2e.server.url}/api/addons`)).json()) as {
      id: number;
      name: string;
      availableForPackages: number[];
    }[];
    const discounts = (await (await p.request.get(`${e2e.server.url}/api/discounts`)).json()) as { id: number; name: string }[];
    const flexId = packages.find((x) => x.name === 'Flex')!.id;
    const addOn = addOns.find((a) => a.name === 'Occupancy Insights')!;
    const discountId = discounts.find((d) => d.name === 'Flex Launch Offer')!.id;
    expect(addOn.availableForPackages).toContain(flexId);
    expect(addOn.availableForPackages).not.toContain(packages.find((x) => x.name === 'Entry')!.id);

    // 500 units fall in the generated tier 325–549 at €2.50; 2 locations; monthly payment over 12 months
    const form = {
      packageId: flexId,
      pricingModel: 'sqm',
      squareMeters: 500,
      locations: 2,
      addOns: [addOn.id],
      selectedDiscountIds: [discountId],
      contractDuration: 12,
      paymentFrequency: 'monthly',
    };
    const res = await p.request.post(`${e2e.server.url}/api/quote`, { data: form });
    expect(res.status()).toBe(200);
    expect(await res.json()).toMatchObject({
      packageName: 'Flex',
      originalPricePerSqm: 2.5,
      sqmPrice: 1250, // 500 × 2.50
      additionalLocationCost: 25.5, // 25.50 × (2 − 1)
      totalMonthlyBasePrice: 1424.5, // 149 + 1250 + 25.50
      addOnsFees: 30,
      subtotal: 1454.5,
      totalDiscounts: 145.45, // 10 % of 1454.50
      total: 1309.05,
      setupFees: 700, // 500 + 200
      oneTimeCosts: 700,
      tcv: 16408.6, // 1309.05 × 12 + 700
    });

    // the calculator screen
    await p.goto(`${e2e.server.url}/`);
    const cards = p.getByTestId('package-card');
    await cards.first().waitFor();
    expect(await cards.allTextContents()).toEqual(expect.arrayContaining([expect.stringContaining('Flex')]));
    await cards.filter({ hasText: 'Flex' }).click();
    await p.getByText('Occupancy Insights').first().click();
    await p.getByTestId('total-tcv').waitFor();
    await nextFrames(p);

    // the discounts the screen applies (the calculator decides which are selected), read from its checkboxes
    await p.getByRole('heading', { name: 'Available Discounts' }).click();
    const options = p.getByTestId('discount-option');
    await options.first().waitFor();
    const launch = options.filter({ hasText: 'Flex Launch Offer' });
    await setChoice(launch.locator('input[type="checkbox"]'), true);
    const selected: number[] = [];
    for (const o of await options.all()) {
      if (await o.locator('input[type="checkbox"]').isChecked()) {
        const text = (await o.textContent()) ?? '';
        selected.push(discounts.find((d) => text.includes(d.name))!.id);
      }
    }
    expect(selected).toContain(discountId);
    // docs/PRODUCT.md "Pricing": sqm, size raised to the smallest tier minimum (100), 1 location, 36 months, annually
    const screenForm = {
      packageId: flexId,
      pricingModel: 'sqm',
      squareMeters: 100,
      locations: 1,
      addOns: [addOn.id],
      selectedDiscountIds: selected,
      contractDuration: 36,
      paymentFrequency: 'annually',
    };
    const q = (await (await p.request.post(`${e2e.server.url}/api/quote`, { data: screenForm })).json()) as {
      total: number;
      yearlyTotal: number;
      tcv: number;
    };
    const amount = async (id: string) => Number(((await p.getByTestId(id).first().textContent()) ?? '').replace(/[^0-9.]/g, ''));
    expect(await amount('total-monthly')).toBe(q.total);
    expect(await amount('total-yearly')).toBe(q.yearlyTotal);
    expect(await amount('total-tcv')).toBe(q.tcv);
    await screenshot(p, 'catalog-calculator-flex-1280');
    await ctx.close();
  });

  it('a name another package has, in any case and with spaces around it, is refused at the name field', async () => {
    await openTab('Packages');
    await page.getByRole('button', { name: 'Add Package' }).click();
    const form = page.getByRole('form', { name: 'Add Package' });
    const name = form.getByLabel('Package Name');
    await name.fill(' ENTRY ');
    await form.getByRole('button', { name: 'Add Package' }).click();
    await toast(page, 'Failed to add package');
    await form.getByText('A package named ENTRY already exists').waitFor();
    expect(await name.getAttribute('aria-invalid')).toBe('true');
    await shots(page, 'package-name-taken');
    await name.fill('Entry Plus');
    expect(await form.getByText('A package named ENTRY already exists').count()).toBe(0);
    await form.getByRole('button', { name: 'Cancel' }).click();
  });

  it('a file with several changes: the dry run names each changed field with before and after, and the Activity tab says the same', async () => {
    const file = await page.evaluate(async () => (await fetch('/api/admin/catalogue')).json());
    const named = (list: { name: string }[], name: string) => list.find((x) => x.name === name)! as any;
    named(file.packages, 'Entry').basePrice = '109.00';
    named(file.packages, 'Advanced').priceTiers[0].pricePerSqm = '3.80';
    Object.assign(named(file.addOns, 'Audit Log'), { monthlyFee: '21.00', availableForPackages: ['Advanced', 'Ultimate'] });
    named(file.discounts, 'Welcome Credit').value = '75.00';
    named(file.categories, 'Hardware').allowsMultipleSelection = false;
    const changes = `${e2e.server.dir}/several-changes.json`;
    fs.writeFileSync(changes, JSON.stringify(file));

    await page.getByRole('button', { name: 'Import catalogue' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import catalogue' });
    await dialog.locator('input[type=file]').setInputFiles(changes);
    const summary = dialog.getByTestId('import-summary');
    await summary.getByText('Importing several-changes.json would make these changes:').waitFor();
    // each changed item: its name, then a line per field
    const item = (list: string, name: string) =>
      summary
        .getByRole('list', { name: `${list} that change` })
        .getByRole('listitem')
        .filter({ hasText: name })
        .locator('p')
        .allInnerTexts();
    expect(await item('Packages', 'Entry')).toEqual(['Entry', 'Base price: €99.00 → €109.00']);
    expect(await item('Packages', 'Advanced')).toEqual(['Advanced', 'Unit price tier 100 – 999 units: €3.50 → €3.80']);
    expect(await item('Add-on categories', 'Hardware')).toEqual(['Hardware', 'Selection: Multiple selection → Single selection']);
    expect(await item('Add-ons', 'Audit Log')).toEqual([
      'Audit Log',
      'Monthly fee: €19.00 → €21.00',
      'Available for packages: Ultimate → Advanced, Ultimate',
    ]);
    expect(await item('Discounts', 'Welcome Credit')).toEqual(['Welcome Credit', 'Value: €50.00 → €75.00']);
    await shots(page, 'import-several-changes');
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await toast(page, 'Catalogue imported');

    await openTab('Activity');
    const entries = page.getByTestId('activity-entry');
    await entries.first().waitFor();
    const row = (subject: string) => entries.filter({ hasText: subject }).first();
    expect(await row('Package · Entry').textContent()).toContain('Base price: €99.00 → €109.00');
    expect(await row('Package · Advanced').textContent()).toContain('Unit price tier 100 – 999 units: €3.50 → €3.80');
    expect(await row('Add-on · Audit Log').textContent()).toContain('Available for packages: Ultimate → Advanced, Ultimate');
    expect(await row('Discount · Welcome Credit').textContent()).toContain('Value: €50.00 → €75.00');
    await shots(page, 'activity-catalogue-changes');
    expect(errors).toEqual([]);
  });
});
