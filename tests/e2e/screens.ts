// Screenshots of a screen at desktop (1280) and phone (390) width, checking that the phone layout never scrolls
// sideways.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { nextFrames, screenshot, TAKE_SCREENSHOTS } from './harness';

export const DESKTOP = { width: 1280, height: 860 };
export const PHONE = { width: 390, height: 844 };

/** Page-level horizontal overflow in CSS pixels (0 when nothing sticks out). */
export async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/**
 * Screenshots `name-1280` and `name-390` (when pictures are taken, harness.ts TAKE_SCREENSHOTS), asserts no
 * horizontal scroll at 390 px, and restores the desktop size. The browser asks for reduced motion, so a dialog or
 * toast is in its final place once the resize has been painted. Without pictures only the 390 px check runs: each
 * resize restyles and lays out the whole page, and painted frames are there for the pictures.
 */
export async function screenshotBoth(page: Page, name: string): Promise<void> {
  if (TAKE_SCREENSHOTS) {
    await page.setViewportSize(DESKTOP);
    await nextFrames(page);
    await screenshot(page, `${name}-1280`);
  }
  await page.setViewportSize(PHONE);
  // an open menu or popover follows the resize a few frames later (floating-ui repositions it): wait until the page
  // is settled at 390 px, and fail if it still scrolls sideways then
  await expect.poll(() => horizontalOverflow(page), { message: `${name} scrolls sideways at 390 px`, timeout: 5_000 }).toBe(0);
  if (TAKE_SCREENSHOTS) {
    await nextFrames(page);
    await screenshot(page, `${name}-390`);
  }
  await page.setViewportSize(DESKTOP);
  await nextFrames(page);
}

/**
 * Waits for the toast with this text, then closes it (a toast at the bottom right would cover a dialog's buttons).
 * The click is repeated until the toast is closed: on a busy machine it may land while the toast is still being
 * placed, and a pointer left resting on a toast pauses its timer, so a missed click would keep it open for good.
 * A toast that closes on its own meanwhile (after 5 s) counts as closed.
 */
export async function closeToast(page: Page, text: string): Promise<void> {
  const open = '[data-testid="toast"]:not([data-state="closed"])';
  const t = page.locator(open).filter({ hasText: text }).first();
  await t.waitFor();
  await expect
    .poll(
      async () => {
        if ((await t.count()) > 0)
          await t
            .getByRole('button')
            .click({ timeout: 2_000 })
            .catch(() => undefined);
        return t.count();
      },
      { timeout: 15_000, interval: 100 },
    )
    .toBe(0);
  await page.mouse.move(0, 0);
  await page.locator(open).first().waitFor({ state: 'detached' });
}

/**
 * Opens a saved quote in the calculator as its owner and closes the "Configuration Loaded" toast, which would cover the
 * buttons a step goes on to click (Share, Send, History, Status).
 */
export async function openSavedQuote(page: Page, baseUrl: string, id: number): Promise<void> {
  await page.goto(`${baseUrl}/calculator/${id}`);
  await page.getByTestId('quote-number').waitFor();
  await closeToast(page, 'Configuration Loaded');
}
