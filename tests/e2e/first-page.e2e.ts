import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot, signIn, startServer, type RunningServer } from './harness';

describe('first page (browser → tRPC → SQLite)', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    expect(await server?.stop()).toBe(0);
  });

  it('sends an anonymous visitor to /auth', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/`);
    await page.waitForURL(`${server.url}/auth`);
    await expect(page.getByRole('button', { name: 'Login' }).isVisible()).resolves.toBe(true);
    await screenshot(page, 'auth-page');
    await page.close();
  });

  it('shows the three demo packages with their prices after signing in', async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await signIn(page, server.url, 'demo@example.com', 'Demo12345');
    await page.waitForURL(`${server.url}/`);
    await page.getByRole('heading', { name: 'Pricing Calculator' }).waitFor();
    const cards = page.getByTestId('package-card');
    await cards.first().waitFor();
    expect(await cards.locator('h2, h3').allTextContents()).toEqual(['Entry', 'Advanced', 'Ultimate']);
    await expect(cards.first().textContent()).resolves.toContain('€99.00 / month');
    await screenshot(page, 'first-page-packages');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows the not-found page for an unknown path', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/no/such/page`);
    await page.getByText('404 Page Not Found').waitFor();
    await expect(page.getByText('Did you forget to add the page to the router?').isVisible()).resolves.toBe(true);
    await page.close();
  });
});
