// Keyboard only: a user signs in, builds a quote on the calculator and saves it with Tab, Shift+Tab,
// Enter, Space and the arrow keys — no click(), no fill(): focus moves by Tab and text is typed with
// page.keyboard.type. The saved quote's figures (GET /api/configurations) equal the totals on screen. Screenshots
// of what a keyboard user sees (the focus ring) are kept in test-results/screenshots/keyboard-*.png.
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatEuro } from '../../src/client/lib/format';
import { animationsDone, nextFrames, screenshot, SCREENSHOT_DIR, serverAndBrowser, signInThroughApi, TAKE_SCREENSHOTS } from './harness';
import { DESKTOP } from './screens';

/** What a screen reader would announce for the focused element: its role, accessible name and state. */
interface Focused {
  tag: string;
  role: string;
  name: string;
  checked: boolean | null;
  disabled: boolean;
  value: string;
}

async function focused(page: Page): Promise<Focused> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { tag: 'body', role: '', name: '', checked: null, disabled: false, value: '' };
    const text = (n: Element | null) => (n?.textContent ?? '').replace(/\s+/g, ' ').trim();
    const input = el as HTMLInputElement;
    let name = el.getAttribute('aria-label') ?? '';
    if (!name && el.getAttribute('aria-labelledby')) {
      name = el
        .getAttribute('aria-labelledby')!
        .split(/\s+/)
        .map((id) => text(document.getElementById(id)))
        .join(' ');
    }
    if (!name && input.labels && input.labels.length > 0) name = [...input.labels].map(text).join(' ');
    if (!name && el.closest('label')) name = text(el.closest('label'));
    if (!name && el.tagName !== 'INPUT') name = text(el);
    const implicit: Record<string, string> = { BUTTON: 'button', A: 'link', SELECT: 'combobox', TEXTAREA: 'textbox' };
    const type = (input.type ?? '').toLowerCase();
    const role =
      el.getAttribute('role') ??
      (el.tagName === 'INPUT'
        ? ['checkbox', 'radio'].includes(type)
          ? type
          : type === 'number'
            ? 'spinbutton'
            : 'textbox'
        : (implicit[el.tagName] ?? el.tagName.toLowerCase()));
    const checked =
      el.tagName === 'INPUT' && ['checkbox', 'radio'].includes(type)
        ? input.checked
        : el.hasAttribute('aria-checked')
          ? el.getAttribute('aria-checked') === 'true'
          : null;
    return { tag: el.tagName.toLowerCase(), role, name, checked, disabled: input.disabled === true, value: input.value ?? '' };
  });
}

type Matcher = { role?: string; name: string | RegExp };
const matches = (f: Focused, m: Matcher) =>
  (m.role === undefined || f.role === m.role) && (typeof m.name === 'string' ? f.name === m.name : m.name.test(f.name));
const show = (m: Matcher) => `${m.role ?? 'any'} "${String(m.name)}"`;

/** Presses Tab (or Shift+Tab) until the focused element matches; fails naming what was passed on the way. */
async function tabTo(page: Page, m: Matcher, max = 80, key: 'Tab' | 'Shift+Tab' = 'Tab'): Promise<Focused> {
  const seen: string[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(key);
    const f = await focused(page);
    if (matches(f, m)) return f;
    seen.push(`${f.role} "${f.name.slice(0, 40)}"`);
  }
  throw new Error(`${show(m)} not reached with ${max} × ${key}; focus went through:\n  ${seen.join('\n  ')}`);
}

/** Presses an arrow key (inside a radio group) until the focused radio matches. */
async function arrowTo(page: Page, m: Matcher, key: 'ArrowDown' | 'ArrowUp' | 'ArrowRight' | 'ArrowLeft', max = 10): Promise<Focused> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(key);
    const f = await focused(page);
    if (matches(f, m)) return f;
  }
  throw new Error(`${show(m)} not reached with ${key}`);
}

async function typeInto(page: Page, m: Matcher, text: string, clear = false) {
  await tabTo(page, m);
  if (clear) {
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Backspace');
  }
  await page.keyboard.type(text);
}

/** A close-up of the focused control (its visible box when the input itself is visually hidden), so the focus ring
 * can be judged; kept as keyboard-<name>.png when pictures are taken. */
async function focusShot(page: Page, name: string) {
  await animationsDone(page);
  if (!TAKE_SCREENSHOTS) return;
  const box = await page.evaluate(() => {
    let el = document.activeElement as HTMLElement | null;
    while (el && el.parentElement && el.getBoundingClientRect().width < 8) el = el.parentElement;
    el?.scrollIntoView({ block: 'center' });
    const r = el!.getBoundingClientRect();
    return { x: r.x, y: r.y, width: r.width, height: r.height, vw: window.innerWidth, vh: window.innerHeight };
  });
  const x = Math.max(0, box.x - 40);
  const y = Math.max(0, box.y - 40);
  const clip = { x, y, width: Math.min(box.vw - x, box.width + 80), height: Math.min(box.vh - y, box.height + 80) };
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `keyboard-focus-${name}.png`), clip });
}

const testText = async (page: Page, id: string) => ((await page.getByTestId(id).first().textContent()) ?? '').trim();

async function totals(page: Page) {
  return { monthly: await testText(page, 'total-monthly'), yearly: await testText(page, 'total-yearly'), tcv: await testText(page, 'total-tcv') };
}

/** Waits until the figures shown are those of the last input: painted, and the same on two frames in a row. */
async function settled(page: Page) {
  let last = '';
  await expect
    .poll(async () => {
      await nextFrames(page);
      const now = JSON.stringify(await totals(page));
      const same = now === last;
      last = now;
      return same;
    })
    .toBe(true);
}

describe('keyboard only: sign in, build a quote, save it', () => {
  const e2e = serverAndBrowser();

  it('builds and saves a quote with the keyboard alone; the saved figures equal the screen', async () => {
    const context = await e2e.browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));

    // sign in: Tab to the fields, type, Enter submits the form
    await page.goto(`${e2e.server.url}/auth`);
    await page.getByRole('tab', { name: 'Login' }).waitFor();
    await typeInto(page, { role: 'textbox', name: /^Email Address/ }, 'demo@example.com');
    await typeInto(page, { role: 'textbox', name: /^Password/ }, 'Demo12345');
    await focusShot(page, 'password');
    await screenshot(page, 'keyboard-1-login');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${e2e.server.url}/`);
    await page.getByTestId('total-monthly').waitFor();
    await settled(page);

    // package: the radio cards are one radio group — Tab reaches the chosen one, an arrow key picks the next
    expect(await testText(page, 'summary-package')).toBe('Entry');
    await tabTo(page, { role: 'radio', name: /^Entry/ });
    await arrowTo(page, { role: 'radio', name: /^Advanced/ }, 'ArrowRight');
    await page.getByTestId('summary-package').filter({ hasText: 'Advanced' }).waitFor();
    await focusShot(page, 'package-card');
    await screenshot(page, 'keyboard-2-package');

    // pricing model: to User-Based (the field becomes "Users") and back to Unit-Based
    await tabTo(page, { role: 'radio', name: 'Unit-Based' });
    await arrowTo(page, { role: 'radio', name: 'User-Based' }, 'ArrowRight');
    await focusShot(page, 'segment');
    await page.getByRole('textbox', { name: 'Users', exact: true }).waitFor();
    await page.keyboard.press('ArrowLeft');
    expect(await focused(page)).toMatchObject({ name: 'Unit-Based', checked: true });
    await page.getByRole('textbox', { name: 'Units', exact: true }).waitFor();

    // units: select the text, type a new number, Tab away (the blur rule applies)
    await typeInto(page, { role: 'textbox', name: 'Units' }, '1200', true);
    await page.keyboard.press('Tab');
    expect(await page.getByRole('textbox', { name: 'Units', exact: true }).inputValue()).toBe('1200');

    // one more location with the stepper's + button
    await tabTo(page, { role: 'button', name: 'Increase locations' });
    await focusShot(page, 'stepper');
    await page.keyboard.press('Enter');
    expect(await page.getByRole('textbox', { name: 'Locations', exact: true }).inputValue()).toBe('2');
    await screenshot(page, 'keyboard-3-stepper');

    // a multiple-selection add-on (Space ticks it), then its setup fee waiver
    await tabTo(page, { role: 'checkbox', name: /^Microsoft 365 Integration/ });
    await page.keyboard.press('Space');
    expect((await focused(page)).checked).toBe(true);
    await focusShot(page, 'addon-checkbox');
    await tabTo(page, { role: 'checkbox', name: /Waive Setup Fee \(Microsoft 365 Integration\)/ }, 5);
    await page.keyboard.press('Space');
    await page.getByText('Setup Fee Waived').first().waitFor();
    await focusShot(page, 'waiver-switch');
    await screenshot(page, 'keyboard-4-waiver');

    // a single-selection add-on: Tab into its radio group, arrows move to it, Space picks it
    const radio = await tabTo(page, { role: 'radio', name: /Support/ });
    if (!/^Premium Support/.test(radio.name)) await arrowTo(page, { role: 'radio', name: /^Premium Support/ }, 'ArrowDown');
    if (!(await focused(page)).checked) await page.keyboard.press('Space');
    expect(await focused(page)).toMatchObject({ checked: true });
    expect(await page.getByRole('radio', { name: /^Premium Support/ }).isChecked()).toBe(true);
    await focusShot(page, 'addon-radio');

    // a custom item (one-time), added with Enter on "Add Item"
    await typeInto(page, { role: 'textbox', name: 'Item Name' }, 'On-site training');
    await typeInto(page, { role: 'textbox', name: 'Price' }, '250');
    await tabTo(page, { role: 'button', name: 'Add Item' });
    await focusShot(page, 'add-item');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Delete On-site training' }).waitFor();
    // Add Item is disabled again by the empty form: focus is in the name field of the next item, not on the page
    await expect.poll(() => focused(page)).toMatchObject({ role: 'textbox', name: 'Item Name', value: '' });
    await focusShot(page, 'after-add-item');

    // the discounts panel opens with Enter; a discount is ticked with Space
    await tabTo(page, { role: 'button', name: /^Available Discounts/ });
    await focusShot(page, 'discounts-trigger');
    await page.keyboard.press('Enter');
    await page.getByTestId('discount-option').first().waitFor();
    await tabTo(page, { role: 'checkbox', name: /^Welcome Credit/ });
    await page.keyboard.press('Space');
    expect((await focused(page)).checked).toBe(true);
    await focusShot(page, 'discount-checkbox');
    await screenshot(page, 'keyboard-5-discount');

    // contract duration 36 → 24 months, payment frequency annual → another
    await tabTo(page, { role: 'radio', name: '36 months' });
    await arrowTo(page, { role: 'radio', name: '24 months' }, 'ArrowLeft');
    await page.getByRole('radio', { name: '24 months' }).and(page.locator(':checked')).waitFor();
    const frequency = await tabTo(page, { role: 'radio', name: /Annual/ });
    expect(frequency.checked).toBe(true);
    await page.keyboard.press('ArrowLeft');
    const chosen = await focused(page);
    expect(chosen).toMatchObject({ role: 'radio', checked: true });
    expect(chosen.name).not.toMatch(/Annual/);
    await settled(page);
    const onScreen = await totals(page);
    await screenshot(page, 'keyboard-6-contract');

    // Save: Enter opens the dialog; the name field is typed into; Enter on "Save Configuration" saves
    await tabTo(page, { role: 'button', name: 'Save' }, 120);
    await focusShot(page, 'save');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Save Your Configuration' });
    await dialog.waitFor();
    // the dialog has opened and taken the focus
    await animationsDone(page);
    await expect.poll(() => page.evaluate(() => document.activeElement?.closest('[role=dialog]') != null)).toBe(true);
    let f = await focused(page);
    if (f.role !== 'textbox') f = await tabTo(page, { role: 'textbox', name: /Configuration Name|Name/ }, 10);
    await page.keyboard.type('Keyboard HQ');
    await screenshot(page, 'keyboard-7-save-dialog');
    await tabTo(page, { role: 'button', name: 'Save Configuration' }, 10);
    await focusShot(page, 'save-configuration');
    await page.keyboard.press('Enter');
    await page.getByTestId('toast').filter({ hasText: 'Configuration saved successfully!' }).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    // focus went back to where it was (Chakra's dialog returns it to the trigger)
    expect(await focused(page)).toMatchObject({ role: 'button', name: 'Save' });

    // the saved quote: its figures equal the screen
    const list = (await (await page.request.get(`${e2e.server.url}/api/configurations`)).json()) as Record<string, unknown>[];
    const saved = list.find((c) => c.name === 'Keyboard HQ');
    expect(saved, JSON.stringify(list.map((c) => c.name))).toBeDefined();
    expect(saved).toMatchObject({ packageName: 'Advanced', pricingModel: 'sqm', squareMeters: 1200, locations: 2, contractDuration: 24 });
    expect({ monthly: formatEuro(String(saved!.totalMonthly)), tcv: formatEuro(String(saved!.tcv)) }).toEqual({
      monthly: onScreen.monthly,
      tcv: onScreen.tcv,
    });
    expect(await totals(page)).toEqual(onScreen);
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);

  it('Start over puts focus on the calculator’s first field; a toast showing is never a Tab stop', async () => {
    const context = await e2e.browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await signInThroughApi(page, e2e.server.url, 'demo@example.com', 'Demo12345');
    await page.getByTestId('total-monthly').waitFor();
    // unsaved work brought back by a reload: the notice with Start over
    await page.getByTestId('package-card').filter({ hasText: 'Ultimate' }).click();
    await page.reload();
    await page.getByTestId('draft-notice').waitFor();
    await tabTo(page, { role: 'button', name: 'Start over' });
    await page.keyboard.press('Enter');
    await page.getByTestId('summary-package').filter({ hasText: 'Entry' }).waitFor();
    // the notice and its button are gone; focus is on the chosen package, where Tab into the form would land
    await expect.poll(() => focused(page)).toMatchObject({ role: 'radio', checked: true, name: expect.stringMatching(/^Entry/) });
    await focusShot(page, 'after-start-over');

    // a toast on screen: Tab goes all the way round the page and never stops on it or its close button
    await page.getByRole('button', { name: 'Increase locations' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Save', exact: true }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Save Your Configuration' });
    await dialog.waitFor();
    await page.keyboard.type('Toast check');
    await page.keyboard.press('Enter');
    await page.getByTestId('toast').filter({ hasText: 'Configuration saved successfully!' }).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    // the toast's region comes last in the page: Tab from the page's last stop, and Shift+Tab back, never land on it
    const toast = page.locator('[data-testid="toast"][data-state="open"]');
    await page.evaluate(() => {
      const stops = [...document.querySelectorAll<HTMLElement>('a[href], button:not([disabled]), input:not([disabled]), [tabindex]')].filter(
        (el) => el.tabIndex >= 0 && !el.closest('[data-scope="toast"]') && el.getClientRects().length > 0,
      );
      stops.at(-1)!.focus();
    });
    const last = await focused(page);
    const inToast = () => page.evaluate(() => document.activeElement?.closest('[data-scope="toast"]') != null);
    for (const key of ['Tab', 'Tab', 'Shift+Tab', 'Shift+Tab'] as const) {
      await page.keyboard.press(key);
      expect(await inToast(), `${key} from ${last.name} landed on the toast`).toBe(false);
    }
    // it was on screen all along
    expect(await toast.count()).toBe(1);
    await context.close();
  }, 120_000);
});
