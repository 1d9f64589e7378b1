import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/** The success criteria the product promises (WCAG 2.1 A and AA); best-practice rules are advice, not failures. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Runs axe on what the page shows now and fails with one line per offending element (rule, impact,
 * selector), so a report names what to fix without opening the trace.
 */
export async function expectNoAxeViolations(page: Page, where = page.url()): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const found = violations.flatMap((violation) =>
    violation.nodes.map(
      (node) => `${violation.id} (${violation.impact ?? 'unrated'}): ${node.target.join(' ')} — ${violation.help}`,
    ),
  );
  expect(found, `accessibility violations on ${where}`).toEqual([]);
}
