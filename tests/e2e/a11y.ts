// axe-core in the browser tests: a page or an open dialog must have no serious or critical violation, under every
// rule axe has (WCAG at every level, best practices, and the experimental rules it leaves off by default).
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { AxeBuilder } from '@axe-core/playwright';
import axe from 'axe-core';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { nextFrames } from './harness';

export interface A11yFinding {
  id: string;
  impact: string;
  help: string;
  targets: string[];
  /** Per node: the element's opening HTML and axe's summary (for contrast: the colours and the ratio found). */
  nodes: { html: string; summary: string }[];
}

/** Every rule id: naming them all is how axe runs the experimental ones too. */
export const ALL_AXE_RULES: string[] = axe.getRules().map((r) => r.ruleId);

/** axe-core's minified build: each analysis sends the source into the page and parses it there (twice in legacy
 * mode), and the default, unminified one (1.5 MB) made that most of a check's cost. */
const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The serious and critical violations on the page as it is now (all rules). The page must come from
 * `browser.newContext()`, not `browser.newPage()` (axe opens frames through the context). */
export async function seriousViolations(page: Page, include?: string, exclude?: string): Promise<A11yFinding[]> {
  let builder = new AxeBuilder({ page, axeSource: AXE_SOURCE })
    .withRules(ALL_AXE_RULES)
    .options({ resultTypes: ['violations'] })
    .setLegacyMode(true);
  if (include) builder = builder.include(include);
  // e.g. a sandboxed iframe without scripts (the email content): axe cannot run inside it and would wait for it
  if (exclude) builder = builder.exclude(exclude);
  const result = await builder.analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      id: v.id,
      impact: v.impact ?? '',
      help: v.help,
      targets: v.nodes.map((n) => n.target.join(' ')),
      nodes: v.nodes.map((n) => ({ html: n.html.slice(0, 160), summary: (n.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 240) })),
    }));
}

// What both accessibility files do around each check.
/** Every screen checked, for the report at the end. */
export const checked: string[] = [];

/** Axe reads final colours: the browser asks for reduced motion, so what opened is in place once it is painted. */
async function settle(page: Page) {
  await nextFrames(page);
}

export async function expectClean(page: Page, screen: string, exclude?: string) {
  await page.mouse.move(0, 0); // the resting state: a pointer left on a button after a click shows its hover colour
  // target-size counts a control scrolled under the sticky header as obscured: check the page from its top (the rest
  // is still checked, off-screen)
  await page.evaluate(() => window.scrollTo(0, 0));
  await settle(page);
  const started = Date.now();
  const found = await seriousViolations(page, undefined, exclude);
  checked.push(`${screen} (${Date.now() - started} ms)`);
  expect.soft(found, `${screen}: ${JSON.stringify(found, null, 2)}`).toEqual([]);
}

/** Closes every open toast (they sit over dialogs' footers and are checked on their own screens). */
export async function dismissToasts(page: Page) {
  for (const t of await page.locator('[data-testid="toast"][data-state="open"]').all()) {
    await t
      .getByRole('button')
      .click()
      .catch(() => undefined);
  }
}

export async function closeDialog(page: Page) {
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').or(page.getByRole('alertdialog')).first().waitFor({ state: 'hidden' });
}
