import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/** The success criteria the product promises (WCAG 2.1 A and AA); best-practice rules are advice, not failures. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/** With WCAG 2.2 AA too (target size, 2.5.8), as the screens' sweep checks them (issue 21). */
export const WCAG_22_TAGS = [...WCAG_TAGS, 'wcag22a', 'wcag22aa'];

/** What axe finds on the page now, one line per offending element (rule, impact, selector). */
export async function axeViolations(page: Page, tags: readonly string[] = WCAG_TAGS): Promise<string[]> {
  // Only violations are read: axe then skips collecting the details of every passing node.
  const { violations } = await new AxeBuilder({ page })
    .options({ runOnly: { type: 'tag', values: [...tags] }, resultTypes: ['violations'] })
    .analyze();
  return violations.flatMap((violation) =>
    violation.nodes.map(
      (node) => `${violation.id} (${violation.impact ?? 'unrated'}): ${node.target.join(' ')} — ${violation.help}`,
    ),
  );
}

/**
 * Runs axe on what the page shows now and fails with one line per offending element, so a report
 * names what to fix without opening the trace.
 */
export async function expectNoAxeViolations(page: Page, where = page.url()): Promise<void> {
  expect(await axeViolations(page), `accessibility violations on ${where}`).toEqual([]);
}
