// axe-core on every page and dialog of the admin side (the customer side: accessibility.e2e.ts): no serious or critical violation under any axe rule (experimental included).
// One server, one browser, contexts reused; every check names its screen so a failure says what and where.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checked, closeDialog, dismissToasts, expectClean } from './a11y';
import { animationsDone, serverAndBrowser, signIn } from './harness';
import { DESKTOP } from './screens';

const ADMIN = { email: 'admin@example.com', password: 'Admin1234' };
const DEMO = { email: 'demo@example.com', password: 'Demo12345' };

describe('accessibility (axe-core: no serious or critical violation)', () => {
  const e2e = serverAndBrowser({ RATE_LIMIT_REGISTER: '0', RATE_LIMIT_RESET: '0' });
  let anon: BrowserContext;
  let user: BrowserContext;
  let admin: BrowserContext;

  beforeAll(async () => {
    anon = await e2e.browser.newContext({ viewport: DESKTOP });
    user = await e2e.browser.newContext({ viewport: DESKTOP });
    admin = await e2e.browser.newContext({ viewport: DESKTOP });
  });
  afterAll(async () => {
    console.log(`axe checked ${checked.length} screens:\n  ${checked.join('\n  ')}`);
    checked.length = 0; // the next file in this worker starts its own list
  });

  describe('admin dashboard', () => {
    let page: Page;

    let savedId = 0;

    async function openTab(name: string) {
      await page.getByRole('tab', { name, exact: true }).click();
    }

    beforeAll(async () => {
      page = await admin.newPage();
      await page.goto(`${e2e.server.url}/admin/login`);
      await page.getByTestId('demo-hint').waitFor();
      await page.getByLabel('Email Address').fill(ADMIN.email);
      await page.getByLabel('Password').fill(ADMIN.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL(`${e2e.server.url}/admin/dashboard`);
      await page.getByRole('tab', { name: 'Packages', exact: true }).waitFor();
      await dismissToasts(page);
      // a saved quote (the demo user's, as the customer side saves it) and an email log for the tabs to show
      const demo = await user.newPage();
      await signIn(demo, e2e.server.url, DEMO.email, DEMO.password);
      const saved = await demo.request.fetch(`${e2e.server.url}/api/configurations`, {
        method: 'POST',
        data: { name: 'Axe check HQ', packageId: 2, squareMeters: 1200, locations: 2, contractDuration: 24 },
      });
      expect(saved.status()).toBe(201);
      savedId = ((await saved.json()) as { id: number }).id;
      await demo.close();
      const res = await page.request.fetch(`${e2e.server.url}/api/password-reset/request`, { method: 'POST', data: { email: DEMO.email } });
      expect(res.status()).toBe(200);
    });

    it('Packages tab and the package add form', async () => {
      await openTab('Packages');
      await page.getByTestId('admin-package-card').first().waitFor();
      await expectClean(page, 'admin Packages tab');
      await page.getByRole('button', { name: 'Add Package' }).click();
      const form = page.getByRole('form', { name: 'Add Package' });
      await form.waitFor();
      await expectClean(page, 'admin package add form');
      await form.getByRole('button', { name: 'Add Package' }).click();
      await form.getByText('Package name is required').waitFor();
      await expectClean(page, 'admin package add form with errors');
      await form.getByRole('button', { name: 'Cancel' }).click();
    });

    it('Add-ons tab and the add-on edit form', async () => {
      await openTab('Add-ons');
      await page.getByRole('table', { name: 'Add-ons' }).waitFor();
      await expectClean(page, 'admin Add-ons tab');
      await page
        .getByRole('button', { name: /^Edit / })
        .first()
        .click();
      await page.getByRole('form', { name: /^Edit / }).waitFor();
      await expectClean(page, 'admin add-on edit form');
      await page
        .getByRole('form', { name: /^Edit / })
        .getByRole('button', { name: 'Cancel' })
        .click();
    });

    it('Add-on Categories tab and the category dialog with its icon picker', async () => {
      await openTab('Add-on Categories');
      await page.getByTestId('category-card').first().waitFor();
      await expectClean(page, 'admin Add-on Categories tab');
      await page.getByRole('button', { name: 'Add Category' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByTestId('icon-picker').waitFor();
      await dialog.getByRole('button', { name: 'Analytics' }).click();
      await expectClean(page, 'admin category dialog with icon picker');
      await closeDialog(page);
    });

    it('Price Tiers tab, edit mode and the Auto-Generate dialog', async () => {
      await openTab('Price Tiers');
      await page.getByRole('table', { name: 'Unit-based price tiers' }).waitFor();
      await expectClean(page, 'admin Price Tiers tab');
      await page.getByRole('button', { name: 'Edit Tiers' }).click();
      await page.getByLabel('Max Units, tier 1').waitFor();
      await expectClean(page, 'admin Price Tiers edit mode');
      await page.getByRole('button', { name: 'Cancel' }).click();
      await page.getByRole('tab', { name: 'User-Based Pricing' }).click();
      await page
        .getByRole('table', { name: 'User-based price tiers' })
        .or(page.getByText(/^No user-based price tiers/))
        .waitFor();
      await animationsDone(page);
      await expectClean(page, 'admin Price Tiers, user-based');
      await page.getByRole('tab', { name: 'Unit-Based Pricing' }).click();
      await page.getByRole('button', { name: 'Auto-Generate' }).click();
      await page.getByRole('dialog').getByTestId('tier-preview').waitFor();
      await expectClean(page, 'admin Auto-Generate tiers dialog');
      await closeDialog(page);
    });

    it('Discounts tab and the discount form with conditions', async () => {
      await openTab('Discounts');
      await page.getByTestId('discount-card').first().waitFor();
      await expectClean(page, 'admin Discounts tab');
      await page.getByRole('button', { name: 'Add Discount Rule' }).click();
      const form = page.getByRole('form', { name: 'Add Discount Rule' });
      await form.getByLabel('Condition 1 type').selectOption('package');
      await form.getByRole('button', { name: 'Add Condition' }).click();
      await form.getByLabel('Condition 2 type').selectOption('paymentFrequency');
      await expectClean(page, 'admin discount form with conditions');
      await form.getByRole('button', { name: 'Cancel' }).click();
    });

    it('Saved Configs tab and its details dialog', async () => {
      await openTab('Saved Configs');
      const row = page.getByRole('row').filter({ hasText: 'Axe check HQ' });
      await row.waitFor();
      await expectClean(page, 'admin Saved Configs tab');
      await row.getByRole('button', { name: 'Axe check HQ', exact: true }).click();
      await page.getByRole('dialog', { name: 'Axe check HQ' }).getByTestId('detail-tcv').waitFor();
      await expectClean(page, 'admin saved-config details dialog');
      await closeDialog(page);
      await row.getByRole('button', { name: 'Delete Axe check HQ' }).click();
      await page.getByRole('alertdialog').waitFor();
      await expectClean(page, 'admin saved-config delete confirmation');
      await closeDialog(page);
    });

    it('Users tab and its create, edit and reset-link dialogs', async () => {
      await openTab('Users');
      const row = page.getByRole('row').filter({ hasText: DEMO.email });
      await row.waitFor();
      await expectClean(page, 'admin Users tab');
      await page.getByRole('button', { name: 'Create User' }).click();
      const create = page.getByRole('dialog', { name: 'Create New User' });
      await create.waitFor();
      await expectClean(page, 'admin create-user dialog');
      await create.getByRole('button', { name: 'Create User' }).click();
      await create.getByText('Username must be at least 3 characters').waitFor();
      await expectClean(page, 'admin create-user dialog with errors');
      await closeDialog(page);
      await row.getByRole('button', { name: /^Edit / }).click();
      await page.getByRole('dialog', { name: 'Edit User' }).waitFor();
      await expectClean(page, 'admin edit-user dialog');
      await closeDialog(page);
      await row.getByRole('button', { name: /^Generate password reset link/ }).click();
      await page.getByRole('dialog', { name: 'Password Reset Link' }).getByLabel('Reset link').waitFor();
      await expectClean(page, 'admin reset-link dialog');
      await closeDialog(page);
      await row.getByRole('button', { name: /^Delete / }).click();
      await page.getByRole('alertdialog').waitFor();
      await expectClean(page, 'admin delete-user confirmation');
      await closeDialog(page);
    });

    it('Email Logs tab and its details dialog', async () => {
      await openTab('Email Logs');
      const row = page.getByRole('row').filter({ hasText: 'Reset your password' }).first();
      await row.waitFor();
      await expectClean(page, 'admin Email Logs tab');
      await row.getByRole('button', { name: /View details/i }).click();
      const dialog = page.getByRole('dialog', { name: /Email Log #\d+/ });
      await page.frameLocator('iframe[title="Email content"]').getByText('We received a request to reset the password').waitFor();
      await dialog.getByTestId('email-metadata').waitFor();
      // the mail itself is in a sandboxed iframe without scripts, where axe cannot run
      await expectClean(page, 'admin email-log details dialog', 'iframe[title="Email content"]');
      await closeDialog(page);
    });

    it('Activity tab', async () => {
      await openTab('Activity');
      await page.getByTestId('activity-table').locator('tbody tr').first().waitFor();
      await expectClean(page, 'admin Activity tab');
    });

    it('the customer’s page of a shared quote, and its accept form', async () => {
      const res = await page.request.fetch(`${e2e.server.url}/api/configurations/${savedId}/share`, { method: 'POST' });
      expect(res.status()).toBe(201);
      const { url } = (await res.json()) as { url: string };
      const customer = await anon.newPage();
      await customer.goto(`${e2e.server.url}${new URL(url).pathname}`);
      await customer.getByRole('button', { name: 'Accept quote' }).waitFor();
      await expectClean(customer, '/q/<token> customer page');
      await customer.getByRole('button', { name: 'Accept quote' }).click();
      await customer.getByLabel('Your name').waitFor();
      await expectClean(customer, '/q/<token> accept form');
      await customer.goto(`${e2e.server.url}/q/not-a-real-token-at-all`);
      await customer.getByText('This link is not valid.').waitFor();
      await expectClean(customer, '/q/<token> link not valid');
      await customer.close();
    });

    it('/admin/users page', async () => {
      await page.goto(`${e2e.server.url}/admin/users`);
      await page.getByRole('heading', { name: 'User Management' }).waitFor();
      await page.getByRole('cell', { name: DEMO.email, exact: true }).first().waitFor();
      await expectClean(page, '/admin/users');
    });
  });
});
