// axe-core in the browser tests: a page or an open dialog must have no serious or critical violation, under every
// rule axe has (WCAG at every level, best practices, and the experimental rules it leaves off by default).
import { AxeBuilder } from '@axe-core/playwright';
import axe from 'axe-core';
import type { Page } from 'playwright-core';

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

/** The serious and critical violations on the page as it is now (all rules). The page must come from
 * `browser.newContext()`, not `browser.newPage()` (axe opens frames through the context). */
export async function seriousViolations(page: Page, include?: string, exclude?: string): Promise<A11yFinding[]> {
  let builder = new AxeBuilder({ page }).withRules(ALL_AXE_RULES);
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
