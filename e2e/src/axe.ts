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
 * Audits the page as it shows now, once its passing toasts are gone (a toast caught half
 * transparent has no contrast to measure; those that stay until closed are audited). `exclude`: selectors left out (a part already audited).
 */
export const audit = async (page: Page, exclude: readonly string[] = []): Promise<Finding[]> => {
  await page
    .waitForFunction(
      () =>
        // A toast that hides by itself (3 s) may fade while the audit runs: it is waited out.
        Array.from(document.querySelectorAll<HTMLElement>('.toast')).every(
          (toast) => toast.dataset.timeout === '-1' && getComputedStyle(toast).opacity === '1',
        ),
      undefined,
      { timeout: 5000 },
    )
    .catch(() => undefined);
  // Only the violations are detailed (the passes are not needed: a third less time per screen).
  let builder = new AxeBuilder({ page }).options({
    runOnly: { type: 'tag', values: WCAG_21_AA },
    resultTypes: ['violations'],
  });
  for (const selector of exclude) builder = builder.exclude(selector);
  const results = await builder.analyze();
  const undescribed = await fieldsInErrorWithoutDescription(page, exclude);
  return [
    ...(undescribed.length > 0
      ? [
          {
            rule: 'erreur-non-reliee',
            impact: 'serious',
            help: 'Un champ en erreur doit être décrit par son message (aria-describedby)',
            nodes: undescribed.length,
            targets: undescribed.slice(0, 5),
            summary: '',
          },
        ]
      : []),
    ...results.violations.map((v) => ({
      rule: v.id,
      impact: v.impact ?? 'inconnu',
      help: v.help,
      nodes: v.nodes.length,
      targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
      summary: (v.nodes[0]?.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 240),
    })),
  ];
};

/**
 * WCAG 3.3.1 / 1.3.1, which axe does not check: each field marked invalid is described by a text
 * (its error message, through aria-describedby), so that a screen reader reads the error with it.
 */
const fieldsInErrorWithoutDescription = (page: Page, exclude: readonly string[]) =>
  page.evaluate(
    (left) =>
      Array.from(document.querySelectorAll('[aria-invalid="true"]'))
        .filter((field) => !left.some((selector) => field.closest(selector)))
        // What a screen reader is not given (a date picker's hidden input) needs no description.
        .filter((field) => !field.closest('[aria-hidden="true"]'))
        .filter((field) => (field as HTMLInputElement).type !== 'hidden')
        .filter((field) => {
          const ids = (field.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
          return !ids.some((id) => document.getElementById(id)?.textContent?.trim());
        })
        .map((field) => `${field.tagName.toLowerCase()}${field.id ? `#${field.id}` : ''}`),
    [...exclude],
  );

/** The findings of serious or critical impact, one line each, prefixed with `where`. */
export const blocking = (where: string, findings: readonly Finding[]): string[] =>
  findings
    .filter((f) => BLOCKING_IMPACTS.has(f.impact))
    .map((f) => `${where} : ${f.rule} (${f.impact}, ${f.nodes}) ${f.targets[0]} ${f.summary}`);
