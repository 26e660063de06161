// axe-core in the browser tests: a page or an open dialog must have no serious or critical violation.
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

export interface A11yFinding {
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

/** The serious and critical violations on the page as it is now (WCAG 2.1 A/AA rules). The page must come from
 * `browser.newContext()`, not `browser.newPage()` (axe opens frames through the context). */
export async function seriousViolations(page: Page, include?: string): Promise<A11yFinding[]> {
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  if (include) builder = builder.include(include);
  const result = await builder.analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact ?? '', help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
}
