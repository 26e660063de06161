import { describe, expect, it } from 'vitest';
import { screenshot, serverAndBrowser, signIn } from './harness';

describe('first page (browser → tRPC → SQLite)', () => {
  const e2e = serverAndBrowser();

  it('sends an anonymous visitor to /auth', async () => {
    const page = await e2e.browser.newPage();
    await page.goto(`${e2e.server.url}/`);
    await page.waitForURL(`${e2e.server.url}/auth`);
    await expect(page.getByRole('button', { name: 'Login' }).isVisible()).resolves.toBe(true);
    await screenshot(page, 'auth-page');
    await page.close();
  });

  it('moves only for a user who has not asked their system for less motion', async () => {
    const motion = async (reducedMotion: 'reduce' | 'no-preference') => {
      const page = await e2e.browser.newPage({ reducedMotion });
      await page.goto(`${e2e.server.url}/auth`);
      const duration = await page.getByRole('button', { name: 'Login' }).evaluate((b) => getComputedStyle(b).transitionDuration);
      await page.close();
      return Number.parseFloat(duration);
    };
    expect(await motion('no-preference')).toBeGreaterThanOrEqual(0.1);
    expect(await motion('reduce')).toBeLessThan(0.001);
  });

  it('shows the three demo packages with their prices after signing in', async () => {
    const page = await e2e.browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await signIn(page, e2e.server.url, 'demo@example.com', 'Demo12345');
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
    const page = await e2e.browser.newPage();
    await page.goto(`${e2e.server.url}/no/such/page`);
    await page.getByText('404 Page Not Found').waitFor();
    await expect(page.getByText('There is no page at this address. Check the link, or start from the calculator.').isVisible()).resolves.toBe(true);
    expect(await page.textContent('body')).not.toContain('router');
    await page.close();
  });
});
