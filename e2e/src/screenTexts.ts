import type { Page } from 'playwright-core';
import {
  CANDIDATURE_FIELDS,
  DASHBOARD_ROUTES,
  PERMISSIONS,
  REFERENCE_LISTS,
} from '@examens-pro/domain';

/**
 * Every word a user reads is French (checked on every screen by everyScreen.e2e.ts): no screen may
 * show a translation marker (`@@react-admin@@`, `ra.…`), an i18n key, « seed » or « § », a code
 * name of a field, a resource or a permission, nor `undefined`, `null`, `NaN` or `[object Object]`
 * (visible text, titles, aria-labels and placeholders).
 */

/** Code names a screen must never show: fields, resources and permissions of the domain. */
const CODE_NAMES = new Set<string>([
  ...CANDIDATURE_FIELDS.map((f) => f.name).filter((name) => /[A-Z]/.test(name)),
  ...REFERENCE_LISTS.flatMap((l) => [l.name, ...l.fields.map((f) => f.name)]).filter((name) =>
    /[A-Z-]/.test(name),
  ),
  ...DASHBOARD_ROUTES.flatMap((r) => (r.resource ? [r.resource] : [])).filter((name) =>
    name.includes('-'),
  ),
  ...PERMISSIONS.map((p) => p.code),
]);

/** What no text may hold, each with its name in the report. */
const PATTERNS: readonly (readonly [string, RegExp])[] = [
  ['marqueur de traduction', /@@|\b(?:ra|resources)\.[a-z_]+\.[\w.]+/],
  ['« seed »', /\bseed\b/i],
  ['« § »', /§/],
  ['valeur technique', /\b(?:undefined|null|NaN)\b|\[object Object\]/],
  [
    'nom de code (permission)',
    /\b[a-z]+(?:-[a-z]+)*\.(?:creer|modifier|supprimer|lister|valider|rejeter|enregistrer|soumettre|desister|affecter|payer|deposer)\b/,
  ],
  // A word of its own: not a part of an address, a file name, or two titles drawn side by side.
  ['nom de code (camelCase)', /(?<![\p{L}\d@./-])[a-z]+(?:[A-Z][a-z0-9]*)+(?![\p{L}\d@./-])/u],
];

/**
 * The screen's texts: what is displayed, and the titles, aria-labels and placeholders of its
 * elements (read by screen readers and on hovering).
 */
export const screenTexts = (page: Page): Promise<string[]> =>
  page.evaluate(() => {
    const texts = [document.title, document.body.innerText];
    for (const element of Array.from(
      document.querySelectorAll('[title], [aria-label], [placeholder]'),
    ))
      for (const attribute of ['title', 'aria-label', 'placeholder'])
        if (element.getAttribute(attribute)) texts.push(element.getAttribute(attribute)!);
    return texts;
  });

/** What is wrong in these texts: each offending line with the rule it breaks. */
export const offences = (texts: readonly string[]): string[] => {
  const found = new Set<string>();
  for (const line of texts.flatMap((t) => t.split('\n')).map((l) => l.trim())) {
    if (!line) continue;
    for (const [name, pattern] of PATTERNS)
      if (pattern.test(line)) found.add(`${name} : « ${line.slice(0, 160)} »`);
    for (const word of line.split(/[\s,;:()«»"'’]+/))
      if (CODE_NAMES.has(word.replace(/[.!?]$/, '')))
        found.add(`nom de code « ${word} » : « ${line.slice(0, 160)} »`);
  }
  return [...found];
};
