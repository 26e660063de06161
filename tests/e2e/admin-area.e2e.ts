// The admin area in Chromium against the real server: login and its refusals, the dashboard's session
// check, Users (create → that user signs in, reset link), Saved Configs (search, details, delete), Email Logs
// (a reset mail and its sandboxed content). Screenshots of every screen and dialog at 1280 px and 390 px.
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { closeToast, screenshotBoth } from './screens';
import { callsSettled, serverAndBrowser, signIn, watchCalls } from './harness';

const ADMIN = { email: 'admin@example.com', password: 'Admin1234' };
const DEMO = { email: 'demo@example.com', password: 'Demo12345' };
const euro = new Intl.NumberFormat('en-IE', { style: 'currency', currency: 'EUR' });

describe('admin area', () => {
  const e2e = serverAndBrowser({ RATE_LIMIT_REGISTER: '0', RATE_LIMIT_RESET: '0' });
  let admin: BrowserContext;
  let page: Page;
  const errors: string[] = [];

  const shots = (p: Page, name: string) => screenshotBoth(p, `admin-${name}`);
  const toast = closeToast;

  async function openTab(name: string) {
    await page.getByRole('tab', { name, exact: true }).click();
  }

  beforeAll(async () => {
    admin = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
    await admin.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: e2e.server.url });
    page = await admin.newPage();
    watchCalls(page);
    page.on('pageerror', (e) => errors.push(e.message));
  });

  it('turns a non-admin away at /admin/login: logged out again with "This account does not have admin privileges"', async () => {
    const ctx = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const p = await ctx.newPage();
    await p.goto(`${e2e.server.url}/admin/login`);
    await p.getByTestId('demo-hint').waitFor();
    // validation first
    await p.getByRole('button', { name: 'Sign in' }).click();
    await p.getByText('Email address is required').waitFor();
    await p.getByText('Password is required').waitFor();
    await p.getByLabel('Email Address').fill('not-an-address');
    await p.getByRole('button', { name: 'Sign in' }).click();
    await p.getByText('Please enter a valid email address').waitFor();
    await shots(p, 'login-validation');

    await p.getByLabel('Email Address').fill(DEMO.email);
    await p.getByLabel('Password').fill(DEMO.password);
    await p.getByRole('button', { name: 'Sign in' }).click();
    await p.getByRole('alert').filter({ hasText: 'This account does not have admin privileges' }).waitFor();
    await toast(p, 'Login Failed');
    expect(p.url()).toBe(`${e2e.server.url}/admin/login`);
    expect(await (await p.request.get(`${e2e.server.url}/api/auth/check`)).json()).toEqual({
      authenticated: false,
      isAdmin: false,
      registration: 'open',
    });
    await shots(p, 'login-refused');

    await p.getByLabel('Password').fill('Wrong-password1');
    await p.getByLabel('Email Address').fill(ADMIN.email);
    await p.getByRole('button', { name: 'Sign in' }).click();
    await p.getByRole('alert').filter({ hasText: 'Invalid username or password' }).waitFor();
    await ctx.close();
  });

  it('turns a non-admin away at /admin/dashboard (→ /auth, which sends a signed-in user on to /), and a visitor to /auth', async () => {
    const ctx = await e2e.browser.newContext();
    const p = await ctx.newPage();
    await p.goto(`${e2e.server.url}/admin/dashboard`);
    await p.waitForURL(`${e2e.server.url}/auth`);
    await signIn(p, e2e.server.url, DEMO.email, DEMO.password);
    await p.goto(`${e2e.server.url}/admin/dashboard`);
    await p.waitForURL(`${e2e.server.url}/`);
    expect(await p.getByRole('heading', { name: 'Admin Dashboard' }).count()).toBe(0);
    await p.goto(`${e2e.server.url}/admin/users`);
    await p.waitForURL(`${e2e.server.url}/`);
    await ctx.close();
  });

  it('signs the admin in at /admin/login (Remember me ticked) and opens the dashboard', async () => {
    await page.goto(`${e2e.server.url}/admin/login`);
    await page.getByText('admin@example.com').waitFor();
    await expect(page.getByTestId('demo-hint').textContent()).resolves.toContain('Admin1234');
    await expect(page.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).resolves.toBe('#');
    await shots(page, 'login');
    await page.getByLabel('Email Address').fill(ADMIN.email);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByText('Remember me').click();
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${e2e.server.url}/admin/dashboard`);
    await toast(page, 'You have been logged in successfully as admin.');
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    expect(await page.getByRole('tab').allTextContents()).toEqual([
      'Packages',
      'Add-ons',
      'Add-on Categories',
      'Price Tiers',
      'Discounts',
      'Saved Configs',
      'Users',
      'Email Logs',
      'Activity',
      'Company',
      'Webhooks',
    ]);
    // remembered: a cookie with an expiry (not a browser-session one)
    const cookie = (await admin.cookies()).find((c) => c.name === 'session');
    expect(cookie?.expires).toBeGreaterThan(Date.now() / 1000 + 29 * 86400);
    await shots(page, 'dashboard');
  });

  it('Users: creates a user who can then sign in; edit and delete dialogs; a reset link with copy and expiry', async () => {
    await openTab('Users');
    const table = page.getByRole('table');
    await table.getByRole('cell', { name: DEMO.email, exact: true }).first().waitFor();
    // the demo user has signed in above; the new one has not
    await shots(page, 'users-tab');

    await page.getByRole('button', { name: 'Create User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New User' });
    await dialog.getByRole('button', { name: 'Create User' }).click();
    await dialog.getByText('Username must be at least 3 characters').waitFor();
    await shots(page, 'users-create-dialog');
    await dialog.getByLabel('Username').fill('nina');
    await dialog.getByLabel('Email').fill('nina@example.com');
    await dialog.getByLabel('First Name').fill('Nina');
    await dialog.getByLabel('Last Name').fill('Novak');
    await dialog.getByLabel('Company').fill('Novak Interiors');
    await dialog.getByLabel('Password').fill('Nina-Pass1');
    await dialog.getByRole('button', { name: 'Create User' }).click();
    await toast(page, 'User created');
    const row = table.getByRole('row').filter({ hasText: 'nina@example.com' });
    await row.waitFor();
    expect(await row.getByRole('cell').allTextContents()).toEqual(
      expect.arrayContaining(['nina', 'nina@example.com', 'Nina Novak', 'Novak Interiors', 'Never', 'No']),
    );

    // that user signs in in a browser of their own
    const other = await e2e.browser.newContext();
    const p2 = await other.newPage();
    await signIn(p2, e2e.server.url, 'nina@example.com', 'Nina-Pass1');
    expect(await (await p2.request.get(`${e2e.server.url}/api/auth/check`)).json()).toEqual({
      authenticated: true,
      isAdmin: false,
      registration: 'open',
    });
    await other.close();

    // edit: the dialog holds the user's values; only the company changes
    await row.getByRole('button', { name: 'Edit nina' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit User' });
    await expect(edit.getByLabel('Email').inputValue()).resolves.toBe('nina@example.com');
    await shots(page, 'users-edit-dialog');
    await edit.getByLabel('Company').fill('Novak Studio');
    const sent = page.waitForRequest((r) => r.url().includes('admin.users.update'));
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    expect(JSON.parse((await sent).postData() ?? '{}')).toEqual({ '0': { id: expect.any(Number), companyName: 'Novak Studio' } });
    await toast(page, 'User updated');
    await row.getByRole('cell', { name: 'Novak Studio' }).waitFor();

    // reset link
    await row.getByRole('button', { name: 'Generate password reset link for nina' }).click();
    const reset = page.getByRole('dialog', { name: 'Password Reset Link' });
    const link = reset.getByLabel('Reset link');
    await link.waitFor();
    expect(await link.inputValue()).toMatch(new RegExp(`^${e2e.server.url}/reset-password\\?token=[A-Za-z0-9_-]{20,}$`));
    await reset.getByText(/^Expires \d{1,2} \w{3} \d{4}, \d{2}:\d{2}/).waitFor();
    await reset.getByRole('button', { name: 'Copy' }).click();
    await toast(page, 'Link copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await link.inputValue());
    await reset.getByRole('button', { name: 'Copied' }).waitFor();
    await shots(page, 'users-reset-link-dialog');
    await reset.getByRole('button', { name: 'Done' }).click();

    // deleting yourself: the server's words
    await table
      .getByRole('row')
      .filter({ hasText: ADMIN.email })
      .getByRole('button', { name: `Delete ${ADMIN.email}` })
      .click();
    await shots(page, 'users-delete-dialog');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'Failed to delete user: You cannot delete your own account');
    // deleting nina
    await row.getByRole('button', { name: 'Delete nina' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'User deleted');
    await row.waitFor({ state: 'detached' });
  });

  it('Saved Configs: finds a quote the demo user saved, shows its figures, deletes it', async () => {
    await openTab('Saved Configs');
    await page.getByText('No saved configurations yet').waitFor();
    await shots(page, 'saved-empty');

    // the demo user saves a quote through the REST API, signed in
    const demo = await e2e.browser.newContext();
    const login = await demo.request.post(`${e2e.server.url}/api/login`, { data: { username: DEMO.email, password: DEMO.password } });
    expect(login.status()).toBe(200);
    const packages = (await (await demo.request.get(`${e2e.server.url}/api/packages`)).json()) as { id: number; name: string }[];
    const advanced = packages.find((p) => p.name === 'Advanced')!;
    const addOns = (await (await demo.request.get(`${e2e.server.url}/api/addons`)).json()) as {
      id: number;
      name: string;
      availableForPackages: number[];
    }[];
    const addOn = addOns.find((a) => a.availableForPackages.includes(advanced.id))!;
    const res = await demo.request.post(`${e2e.server.url}/api/configurations`, {
      data: {
        name: 'Harbour Office Rotterdam',
        packageId: advanced.id,
        locations: 2,
        squareMeters: 1200,
        userCount: 0,
        pricingModel: 'sqm',
        addOns: [addOn.id],
        discountIds: [],
        contractDuration: 36,
        paymentFrequency: 'annually',
      },
    });
    expect(res.status()).toBe(201);
    const saved = (await res.json()) as { id: number; totalMonthly: string; setupFees: string; tcv: string };
    await demo.close();

    await page.reload(); // the tab mounted before the save; a reload opens the dashboard afresh
    await openTab('Saved Configs');
    await page.getByPlaceholder('Search configurations...').fill('nothing like this');
    await page.getByText('No configurations found matching the search text').waitFor();
    await shots(page, 'saved-empty-search');
    await page.getByPlaceholder('Search configurations...').fill('harbour');
    const row = page.getByRole('row').filter({ hasText: 'Harbour Office Rotterdam' });
    await row.waitFor();
    expect(await row.getByRole('cell').allTextContents()).toEqual(
      expect.arrayContaining(['Advanced', '2', '36 months', euro.format(Number(saved.tcv)), 'Sam Sales']),
    );
    await expect(row.getByRole('link', { name: 'Load Harbour Office Rotterdam' }).getAttribute('href')).resolves.toBe(
      `/calculator?configId=${saved.id}`,
    );
    await shots(page, 'saved-tab');

    await row.getByRole('button', { name: 'Harbour Office Rotterdam', exact: true }).click();
    const details = page.getByRole('dialog', { name: 'Harbour Office Rotterdam' });
    await details.getByText('1,200', { exact: true }).waitFor();
    await expect(details.getByTestId('detail-monthly').textContent()).resolves.toBe(euro.format(Number(saved.totalMonthly)));
    await expect(details.getByTestId('detail-setup').textContent()).resolves.toBe(euro.format(Number(saved.setupFees)));
    await expect(details.getByTestId('detail-tcv').textContent()).resolves.toBe(euro.format(Number(saved.tcv)));
    for (const text of ['36 months', 'Annual', 'Unit-Based', addOn.name]) await details.getByText(text, { exact: true }).waitFor();
    await shots(page, 'saved-details-dialog');
    await details.getByRole('button', { name: 'Close' }).first().click();

    await row.getByRole('button', { name: 'Delete Harbour Office Rotterdam' }).click();
    await shots(page, 'saved-delete-dialog');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'Configuration deleted');
    await page.getByText('No configurations found matching the search text').waitFor();
    const gone = await page.request.get(`${e2e.server.url}/api/configurations/${saved.id}`);
    expect(gone.status()).toBe(404);
  });

  it('Email Logs: a password reset mail for the demo user, its details, its content only in a sandboxed iframe', async () => {
    const res = await page.request.fetch(`${e2e.server.url}/api/password-reset/request`, {
      method: 'POST',
      data: { email: DEMO.email },
    });
    expect(res.status()).toBe(200);
    await page.reload();
    await openTab('Email Logs');
    const row = page.getByRole('row').filter({ hasText: 'Reset your password' }).first();
    await row.waitFor();
    await row.getByText('Sam Sales').waitFor();
    await row.getByText(DEMO.email).waitFor();
    await row.getByText('Sent', { exact: true }).waitFor();
    await shots(page, 'email-logs-tab');

    await row.getByRole('button', { name: /View details/i }).click();
    const dialog = page.getByRole('dialog', { name: /Email Log #\d+/ });
    await dialog.getByText('Quote Demo BV').waitFor();
    const frame = dialog.locator('iframe[title="Email content"]');
    await expect(frame.getAttribute('sandbox')).resolves.toBe('');
    await page.frameLocator('iframe[title="Email content"]').getByText('We received a request to reset the password').waitFor();
    // never injected into the admin page itself
    expect(await page.evaluate(() => document.body.innerText.includes('We received a request to reset the password'))).toBe(false);
    expect(await page.frames().length).toBeGreaterThan(1);
    await expect(dialog.getByTestId('email-metadata').textContent()).resolves.toMatch(/^\{\n {2}"/);
    await shots(page, 'email-logs-details-dialog');
    await dialog.getByRole('button', { name: 'Close' }).first().click();
  });

  it('Saved Configs: Duplicate opens the copy in the calculator, and the toast names it', async () => {
    const demo = await e2e.browser.newContext();
    expect((await demo.request.post(`${e2e.server.url}/api/login`, { data: { username: DEMO.email, password: DEMO.password } })).status()).toBe(200);
    const packages = (await (await demo.request.get(`${e2e.server.url}/api/packages`)).json()) as { id: number; name: string }[];
    const res = await demo.request.post(`${e2e.server.url}/api/configurations`, {
      data: { name: 'Canal House', packageId: packages.find((p) => p.name === 'Entry')!.id, squareMeters: 300 },
    });
    expect(res.status()).toBe(201);
    await demo.close();
    await page.goto(`${e2e.server.url}/admin/dashboard`);
    await openTab('Saved Configs');
    const row = page.getByTestId('admin-saved-row').filter({ hasText: 'Canal House' });
    await row.waitFor();
    await row.getByRole('button', { name: 'Duplicate Canal House', exact: true }).click();
    // Q-000001 was the deleted Harbour Office, Q-000002 is Canal House: the copy is Q-000003, the admin's own
    await page.getByTestId('toast').filter({ hasText: 'Quote duplicated as Q-000003' }).waitFor();
    await page.waitForURL(/\/calculator\/\d+$/);
    await page.getByTestId('quote-number').filter({ hasText: 'Q-000003' }).waitFor();
    await expect
      .poll(() => page.locator('[data-testid="toast"]:not([data-state="closed"])').allTextContents())
      .toEqual([expect.stringContaining('Quote duplicated as Q-000003')]);
    await toast(page, 'Quote duplicated as Q-000003');
  });

  it('every tab fits a 390 px phone: the tab list scrolls in its own row, wide tables in their own frame', async () => {
    await page.goto(`${e2e.server.url}/admin/dashboard`);
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    const names = await page.getByRole('tab').allTextContents();
    expect(names).toHaveLength(11);
    for (const name of names) {
      await openTab(name);
      await page.getByRole('tabpanel', { name }).waitFor();
      await callsSettled(page);
      // screenshotBoth fails when the page scrolls sideways at 390 px
      await screenshotBoth(page, `admin-phone-${name.toLowerCase().replace(/[^a-z]+/g, '-')}`);
    }
    // at 390 px the tab list itself scrolls sideways, inside its row, and the last tab can be reached
    await page.setViewportSize({ width: 390, height: 844 });
    const list = page.getByRole('tablist');
    expect(await list.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    await openTab('Webhooks');
    await page.getByRole('tabpanel', { name: 'Webhooks' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('the standalone /admin/users page has a back button to the dashboard', async () => {
    await page.goto(`${e2e.server.url}/admin/users`);
    await page.getByRole('heading', { name: 'User Management' }).waitFor();
    await page.getByRole('cell', { name: DEMO.email, exact: true }).first().waitFor();
    expect(await page.getByRole('columnheader', { name: 'Last Login' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /Generate password reset link/ }).count()).toBe(0);
    await shots(page, 'users-page');
    await page.getByRole('link', { name: 'Back to Dashboard' }).click();
    await page.waitForURL(`${e2e.server.url}/admin/dashboard`);
  });

  it('when the session ends while the dashboard is open: "Authentication Required" and back to /admin/login', async () => {
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    await callsSettled(page);
    const out = await page.request.post(`${e2e.server.url}/api/logout`);
    expect(out.status()).toBe(200);
    // the session check is refetched when the window regains focus
    await page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
    await toast(page, 'Authentication Required');
    await page.waitForURL(`${e2e.server.url}/admin/login`);
    expect(errors).toEqual([]);
  });
});
