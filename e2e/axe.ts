import axe from 'axe-core';
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/** The success criteria the product promises (WCAG 2.1 A and AA); best-practice rules are advice, not failures. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/** With WCAG 2.2 AA too (target size, 2.5.8), as the screens' sweep checks them (issue 21). */
export const WCAG_22_TAGS = [...WCAG_TAGS, 'wcag22a', 'wcag22aa'];

type AxeWindow = Window & { axe?: typeof axe };

/**
 * What axe finds on the page now, one line per offending element (rule, impact, selector).
 *
 * axe runs in the page itself, evaluated once per document. `@axe-core/playwright` evaluates its
 * 500 KB source twice per check and merges frames' results in a blank page of its own, which made
 * axe most of the screens' sweep's time (issue 19); our pages embed no frames to merge.
 */
export async function axeViolations(page: Page, tags: readonly string[] = WCAG_TAGS): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  return page.evaluate(
    async (values) => {
      // Only violations are read: axe then skips collecting the details of every passing node.
      const runner = (window as AxeWindow).axe;
      if (!runner) throw new Error('axe is not on the page');
      const { violations } = await runner.run(document, {
        runOnly: { type: 'tag', values },
        resultTypes: ['violations'],
      });
      return violations.flatMap((violation) =>
        violation.nodes.map(
          (node) => `${violation.id} (${violation.impact ?? 'unrated'}): ${node.target.join(' ')} — ${violation.help}`,
        ),
      );
    },
    [...tags],
  );
}

/**
 * Runs axe on what the page shows now and fails with one line per offending element, so a report
 * names what to fix without opening the trace.
 */
export async function expectNoAxeViolations(page: Page, where = page.url()): Promise<void> {
  expect(await axeViolations(page), `accessibility violations on ${where}`).toEqual([]);
}
