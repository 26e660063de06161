// For scripts and other systems, in Chromium against the real server: a user makes an API key from the account menu
// (shown once, then used by a script, then revoked); the admin adds a webhook in the Webhooks tab (the secret shown
// once), sends a test ping that a local receiver verifies with standardwebhooks, reads the deliveries; and imports a
// changed catalogue file, seeing the dry run's summary before Apply; with the default settings, an address inside is
// refused at the form's Address field. Screenshots at 1280 px and 390 px.
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookReceiver } from '../support/webhook-receiver';
import { signInThroughApi, serverAndBrowser } from './harness';
import { closeToast, DESKTOP, screenshotBoth } from './screens';

const ADMIN = { email: 'admin@example.com', password: 'Admin1234' };
const DEMO = { email: 'demo@example.com', password: 'Demo12345' };

describe('API keys, webhooks and the catalogue file', () => {
  // the receiver listens on 127.0.0.1
  const e2e = serverAndBrowser({ WEBHOOK_RETRY_BASE_MS: '200', WEBHOOK_ALLOW_PRIVATE: 'true' });
  const rx = webhookReceiver();
  const { received } = rx;
  let hookUrl = '';
  let secret = '';
  const errors: string[] = [];
  const shots = (p: Page, name: string) => screenshotBoth(p, `scripts-${name}`);
  const api = (path: string, key: string) => fetch(`${e2e.server.url}${path}`, { headers: { authorization: `Bearer ${key}` } });

  beforeAll(async () => {
    rx.answer([], 204);
    hookUrl = await rx.listen();
  });
  afterAll(async () => {
    await rx.close();
    expect(errors).toEqual([]);
  });

  it('a user makes an API key (shown once, copyable), a script uses it, and revoking it ends that', async () => {
    const page = await e2e.browser.newPage({ viewport: DESKTOP });
    page.on('pageerror', (e) => errors.push(e.message));
    await signInThroughApi(page, e2e.server.url, DEMO.email, DEMO.password, '/');
    await page.getByRole('button', { name: /^Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'API keys' }).click();
    const dialog = page.getByRole('dialog', { name: 'API keys' });
    await dialog.getByText('You have no API keys yet.').waitFor();
    await dialog.getByText(/Every key ends when your password changes\./).waitFor();
    await dialog.getByRole('button', { name: 'Create key' }).click();
    await dialog.getByText('Name is required').waitFor();
    await dialog.getByLabel('Name').fill('CRM sync');
    await dialog.getByLabel('Access').selectOption('write');
    await dialog.getByRole('button', { name: 'Create key' }).click();
    const shown = dialog.getByTestId('shown-once');
    await shown.waitFor();
    const key = (await shown.textContent())!.trim();
    expect(key).toMatch(/^qc_[a-z2-7]{32}$/);
    await dialog.getByRole('list', { name: 'Your API keys' }).getByText('CRM sync').waitFor();
    await shots(page, 'api-key-created');

    const me = await api('/api/user', key);
    expect(me.status).toBe(200);
    expect(((await me.json()) as { email: string }).email).toBe(DEMO.email);

    // Opened again, the list holds the key by its prefix only.
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await page.getByRole('button', { name: /^Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'API keys' }).click();
    await expect.poll(() => dialog.getByTestId('shown-once').count()).toBe(0);
    await dialog.getByText(/never used|last used/).waitFor();
    expect(await dialog.textContent()).not.toContain(key);
    await shots(page, 'api-keys-list');

    await dialog.getByRole('button', { name: 'Revoke CRM sync' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke' }).click();
    await closeToast(page, 'API key revoked');
    await dialog.getByText('You have no API keys yet.').waitFor();
    expect((await api('/api/user', key)).status).toBe(401);
    await page.close();
  });

  it('the admin adds a webhook (secret shown once), sends a test ping that verifies, and reads its deliveries', async () => {
    const page = await e2e.browser.newPage({ viewport: DESKTOP });
    page.on('pageerror', (e) => errors.push(e.message));
    await signInThroughApi(page, e2e.server.url, ADMIN.email, ADMIN.password, '/admin/dashboard');
    await page.getByRole('tab', { name: 'Webhooks', exact: true }).click();
    await page.getByText('No webhooks yet').waitFor();
    await shots(page, 'webhooks-empty');

    await page.getByRole('button', { name: 'Add webhook' }).first().click();
    const form = page.getByRole('dialog', { name: 'Add webhook' });
    await form.getByRole('button', { name: 'Add webhook' }).click();
    await form.getByText('Please enter an http:// or https:// address').waitFor();
    await form.getByLabel('Address').fill(hookUrl);
    await form.getByText('Quote accepted').click();
    await form.getByText('Catalogue changed').click();
    await shots(page, 'webhook-form');
    await form.getByRole('button', { name: 'Add webhook' }).click();
    const shown = form.getByTestId('shown-once');
    await shown.waitFor();
    secret = (await shown.textContent())!.trim();
    expect(secret).toMatch(/^whsec_/);
    await shots(page, 'webhook-secret');
    await form.getByRole('button', { name: 'Close' }).first().click();

    const list = page.getByRole('list', { name: 'Webhooks' });
    await list.getByText(hookUrl).waitFor();
    expect(await list.textContent()).toContain('catalogue.changed');
    expect(await list.textContent()).not.toContain(secret.slice(6));
    await page.getByRole('button', { name: 'Send test' }).click();
    await closeToast(page, 'Test ping queued');
    await expect.poll(() => received.length, { timeout: 15_000 }).toBe(1);
    const ping = new Webhook(secret).verify(received[0]!.body, received[0]!.headers) as { type: string };
    expect(ping.type).toBe('ping');

    await page.getByRole('button', { name: 'Deliveries' }).click();
    const deliveries = page.getByRole('dialog', { name: 'Deliveries' });
    await deliveries.getByText('Delivered').waitFor();
    expect(await deliveries.textContent()).toContain('ping');
    await shots(page, 'webhook-deliveries');
    await deliveries.getByRole('button', { name: 'Close' }).first().click();
    await shots(page, 'webhooks');
    await page.close();
  });

  it('the admin exports the catalogue, imports a changed file, reads the dry run and applies it', async () => {
    const page = await e2e.browser.newPage({ viewport: DESKTOP, acceptDownloads: true });
    page.on('pageerror', (e) => errors.push(e.message));
    await signInThroughApi(page, e2e.server.url, ADMIN.email, ADMIN.password, '/admin/dashboard');
    await page.getByRole('tab', { name: 'Packages', exact: true }).waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export catalogue' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^catalogue-\d{4}-\d{2}-\d{2}\.json$/);
    const file = JSON.parse(fs.readFileSync((await download.path())!, 'utf8'));
    expect(file.version).toBe(1);

    file.packages.find((p: { name: string }) => p.name === 'Entry').basePrice = '109.00';
    file.addOns = file.addOns.filter((a: { name: string }) => a.name !== 'Audit Log');
    file.categories.push({ name: 'Extras', icon: 'gear', allowsMultipleSelection: true });
    const changed = `${e2e.server.dir}/changed.json`;
    fs.writeFileSync(changed, JSON.stringify(file));
    const broken = `${e2e.server.dir}/broken.json`;
    fs.writeFileSync(broken, JSON.stringify({ ...file, packages: [{ ...file.packages[0], basePrice: 'lots' }] }));

    await page.getByRole('button', { name: 'Import catalogue' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import catalogue' });
    await dialog.locator('input[type=file]').setInputFiles(broken);
    await dialog.getByText('broken.json cannot be imported; nothing was changed.').waitFor();
    await dialog.getByText('packages.0.basePrice').waitFor();
    expect(await dialog.getByRole('button', { name: 'Apply' }).isDisabled()).toBe(true);
    await shots(page, 'import-problems');

    await dialog.locator('input[type=file]').setInputFiles(changed);
    const summary = dialog.getByTestId('import-summary');
    await summary.getByText('Importing changed.json would make these changes:').waitFor();
    const text = await summary.textContent();
    expect(text).toContain('Base price: €99.00 → €109.00');
    expect(text).toContain('Add-on categories: Extras');
    expect(text).toContain('Add-ons: Audit Log');
    await shots(page, 'import-dry-run');
    // The dry run changed nothing.
    expect(await page.evaluate(async () => (await fetch('/api/addons')).text())).toContain('Audit Log');

    await dialog.getByRole('button', { name: 'Apply' }).click();
    await closeToast(page, 'Catalogue imported');
    expect(await page.evaluate(async () => (await fetch('/api/addons')).text())).not.toContain('Audit Log');
    // The webhook from the test before hears of it once.
    await expect.poll(() => received.filter((r) => r.body.includes('catalogue.changed')).length, { timeout: 15_000 }).toBe(1);
    await page.close();
  });
});

describe('a webhook to an address inside, with the default settings', () => {
  const e2e = serverAndBrowser();

  it('is refused at the Address field, the form kept as typed', async () => {
    const page = await e2e.browser.newPage({ viewport: DESKTOP });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signInThroughApi(page, e2e.server.url, ADMIN.email, ADMIN.password, '/admin/dashboard');
    await page.getByRole('tab', { name: 'Webhooks', exact: true }).click();
    await page.getByRole('button', { name: 'Add webhook' }).first().click();
    const form = page.getByRole('dialog', { name: 'Add webhook' });
    // the app's own address
    const inside = `${e2e.server.url}/api/admin/users`;
    await form.getByLabel('Address').fill(inside);
    await form.getByText('Quote accepted').click();
    await form.getByRole('button', { name: 'Add webhook' }).click();
    const field = form.getByRole('group').filter({ has: page.getByLabel('Address') });
    await field.getByText('Webhook URL must be a public address').waitFor();
    expect(await form.getByLabel('Address').getAttribute('aria-invalid')).toBe('true');
    expect(await form.getByLabel('Address').inputValue()).toBe(inside);
    await screenshotBoth(page, 'scripts-webhook-not-public');
    await form.getByRole('button', { name: 'Cancel' }).click();
    await page.getByText('No webhooks yet').waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });
});
