/**
 * A mark as staff type it: « 12,5 » or « 12.5 » whatever the browser's
 * language, two decimals at most, between 0 and the épreuve's note maximale.
 */
import { parseFrenchDecimal } from '../core/frenchFormat.js';

const marks = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 2, useGrouping: false });

/** A mark shown as French read it: « 12,5 », « 20 ». */
export const formatMark = (note: number | null | undefined): string =>
  typeof note === 'number' && Number.isFinite(note) ? marks.format(note) : '';

/**
 * The mark typed (text or number), or the French reason it is refused. Empty text is refused too:
 * « no mark » is not a mark.
 */
export const parseMark = (
  raw: unknown,
  noteMax: number,
): { readonly note: number } | { readonly error: string } => {
  const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : '';
  if (text === '') return { error: 'La note est vide.' };
  const value = parseFrenchDecimal(text);
  if (value === null || Number.isNaN(value))
    return { error: `« ${text} » n’est pas une note : tapez un nombre, par exemple 12,5.` };
  const decimals = text.replace(/\s/g, '').split(/[.,]/)[1] ?? '';
  if (decimals.length > 2) return { error: `La note « ${text} » a plus de deux décimales.` };
  if (value < 0 || value > noteMax)
    return {
      error: `La note ${formatMark(value)} sort de l’échelle de l’épreuve (0 à ${formatMark(noteMax)}).`,
    };
  // 12.10 and 12.1 are one mark; binary noise never reaches the events.
  return { note: Math.round(value * 100) / 100 };
};
