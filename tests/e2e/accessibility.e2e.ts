// axe-core on every page and dialog of the customer side (the admin side: accessibility-admin.e2e.ts): no serious or critical violation under any axe rule (experimental included).
// One server, one browser, contexts reused; every check names its screen so a failure says what and where.
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checked, closeDialog, dismissToasts, expectClean, seriousViolations } from './a11y';
import { linkFromOutbox, serverAndBrowser, signIn } from './harness';
import { DESKTOP } from './screens';

const DEMO = { email: 'demo@example.com', password: 'Demo12345' };

describe('accessibility (axe-core: no serious or critical violation)', () => {
  const e2e = serverAndBrowser({ RATE_LIMIT_REGISTER: '0', RATE_LIMIT_RESET: '0' });
  let anon: BrowserContext;
  let user: BrowserContext;

  beforeAll(async () => {
    anon = await e2e.browser.newContext({ viewport: DESKTOP });
    user = await e2e.browser.newContext({ viewport: DESKTOP });
  });
  afterAll(async () => {
    console.log(`axe checked ${checked.length} screens:\n  ${checked.join('\n  ')}`);
    checked.length = 0; // the next file in this worker starts its own list
  });

  it('signed-out pages: /auth (both tabs), forgot password, reset password (with and without token), verify email, 404', async () => {
    const page = await anon.newPage();
    await page.goto(`${e2e.server.url}/auth`);
    await page.getByRole('tab', { name: 'Login' }).waitFor();
    await expectClean(page, '/auth Login tab');

    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.getByText('Please enter a valid email address').waitFor();
    await expectClean(page, '/auth Login tab with validation errors');

    await page.getByRole('tab', { name: 'Register' }).click();
    await page.getByLabel('Confirm Email').waitFor();
    await expectClean(page, '/auth Register tab');

    await page.getByRole('tab', { name: 'Login' }).click();
    await page.getByRole('button', { name: 'Forgot your password?' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reset your password' });
    await dialog.waitFor();
    await expectClean(page, 'forgot-password dialog');
    await dialog.getByLabel('Email').fill(DEMO.email);
    await dialog.getByRole('button', { name: 'Send Reset Link' }).click();
    await dialog.getByText('Password reset email sent. Please check your inbox.').waitFor();
    await expectClean(page, 'forgot-password dialog, sent');
    await closeDialog(page);

    await page.goto(await linkFromOutbox(e2e.server.dir, DEMO.email));
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await expectClean(page, '/reset-password?token=…');

    await page.goto(`${e2e.server.url}/reset-password`);
    await page.getByRole('link', { name: 'Request a new link' }).waitFor();
    await expectClean(page, '/reset-password without token');

    await page.goto(`${e2e.server.url}/verify-email?token=not-a-real-token`);
    await page.getByRole('heading', { name: 'Email not verified' }).waitFor();
    await expectClean(page, '/verify-email with a bad token');

    await page.goto(`${e2e.server.url}/no-such-page`);
    await page.getByText('404').first().waitFor();
    await expectClean(page, '404 page');

    await page.goto(`${e2e.server.url}/admin/login`);
    await page.getByTestId('demo-hint').waitFor();
    await expectClean(page, '/admin/login');

    // the check itself can fail: pale text and a button without a name are found
    await page.evaluate(() => {
      const pale = Object.assign(document.createElement('p'), { textContent: 'Pale text' });
      pale.style.color = '#dddddd';
      document.querySelector('main')!.append(pale, document.createElement('button'));
    });
    expect((await seriousViolations(page)).map((v) => v.id).sort()).toEqual(['button-name', 'color-contrast']);
    await page.close();
  });

  it('calculator: page with discounts open, Details, Save, Screenshot, user menu, Profile Settings', async () => {
    const page = await user.newPage();
    await signIn(page, e2e.server.url, DEMO.email, DEMO.password);
    await page.getByTestId('total-monthly').waitFor();
    await dismissToasts(page);
    await page.getByRole('button', { name: /Available Discounts/ }).click();
    await page.getByTestId('discount-option').first().waitFor();
    await expectClean(page, '/ calculator with Available Discounts open');

    await page.getByRole('button', { name: 'Details' }).click();
    await page.getByRole('dialog', { name: 'Detailed Price Breakdown' }).waitFor();
    await expectClean(page, 'calculator Details dialog');
    await closeDialog(page);

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('dialog', { name: 'Save Your Configuration' }).waitFor();
    await expectClean(page, 'calculator Save dialog');
    await page.getByPlaceholder('e.g., Client Name or Project').fill('Axe check HQ');
    await page.getByRole('button', { name: 'Save Configuration' }).focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('toast').filter({ hasText: 'Configuration saved successfully!' }).waitFor();
    await page.getByRole('dialog', { name: 'Save Your Configuration' }).waitFor({ state: 'hidden' });
    await expectClean(page, 'calculator with a loaded configuration and a toast');
    await dismissToasts(page);

    await page.getByRole('button', { name: 'Screenshot' }).click();
    const shot = page.getByRole('dialog', { name: 'Pricing Screenshot' });
    await shot.waitFor({ timeout: 30_000 });
    await shot.getByRole('button', { name: 'Download' }).waitFor();
    await expectClean(page, 'calculator Screenshot dialog');
    await closeDialog(page);

    await page.getByRole('button', { name: /^Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Profile Settings' }).waitFor();
    await expectClean(page, 'header user menu open');
    await page.getByRole('menuitem', { name: 'Profile Settings' }).click();
    await page.getByRole('dialog', { name: 'Profile Settings' }).waitFor();
    await expectClean(page, 'Profile Settings dialog');
    await closeDialog(page);
    await page.close();
  }, 120_000);

  it('/saved-configurations with rows and its delete confirmation', async () => {
    const page = await user.newPage();
    await page.goto(`${e2e.server.url}/saved-configurations`);
    await page.getByTestId('saved-row').first().waitFor();
    await expectClean(page, '/saved-configurations with rows');
    await page.getByRole('button', { name: 'Delete Axe check HQ' }).click();
    await page.getByRole('alertdialog').waitFor();
    await expectClean(page, '/saved-configurations delete confirmation');
    await closeDialog(page);
    await page.close();
  });
});
