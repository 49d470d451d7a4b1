import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** WCAG 2.1 A and AA, as axe-core reads them. */
const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** What axe found on a screen, one line per rule broken. */
export interface Finding {
  rule: string;
  impact: string;
  help: string;
  nodes: number;
  targets: string[];
  /** What axe says of the first element (its colours and ratio for a contrast). */
  summary: string;
}

/** The impacts that fail a journey. */
export const BLOCKING_IMPACTS = new Set(['serious', 'critical']);

/**
 * Audits the page as it shows now, once its toasts have finished fading (a toast caught half
 * transparent has no contrast to measure). `exclude`: selectors left out (a part already audited).
 */
export const audit = async (page: Page, exclude: readonly string[] = []): Promise<Finding[]> => {
  await page
    .waitForFunction(
      () =>
        Array.from(document.querySelectorAll('.toast')).every((toast) =>
          ['0', '1'].includes(getComputedStyle(toast).opacity),
        ),
      undefined,
      { timeout: 2000 },
    )
    .catch(() => undefined);
  let builder = new AxeBuilder({ page }).withTags(WCAG_21_AA);
  for (const selector of exclude) builder = builder.exclude(selector);
  const results = await builder.analyze();
  return results.violations.map((v) => ({
    rule: v.id,
    impact: v.impact ?? 'inconnu',
    help: v.help,
    nodes: v.nodes.length,
    targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
    summary: (v.nodes[0]?.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 240),
  }));
};

/** The findings of serious or critical impact, one line each, prefixed with `where`. */
export const blocking = (where: string, findings: readonly Finding[]): string[] =>
  findings
    .filter((f) => BLOCKING_IMPACTS.has(f.impact))
    .map((f) => `${where} : ${f.rule} (${f.impact}, ${f.nodes}) ${f.targets[0]} ${f.summary}`);
