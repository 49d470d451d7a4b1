/**
 * How staff type and read numbers and times (seed §9): decimals with a comma, instants as
 * `DD/MM/YYYY à HH h MM` in the office's time zone (`TIME_ZONE`), whatever the browser's language
 * or the server's clock. Pure: the dashboard and the exports share it.
 */

/** Spaces a French number may hold between its digit groups: space, no-break and narrow no-break. */
const GROUP_SPACES = /[\s\u00a0\u202f]/g;
const DECIMAL = /^[+-]?(\d+([.,]\d*)?|[.,]\d+)$/;

/**
 * A decimal as typed: « 2,5 », « 2.5 », « 1 234,75 », « -0,5 ». Empty text is `null` (no value);
 * anything else that is not one number is `NaN` (« 1.234,5 », « 2,5,1 », « deux »).
 */
export const parseFrenchDecimal = (text: string): number | null => {
  const compact = text.trim().replace(GROUP_SPACES, '');
  if (compact === '') return null;
  if (!DECIMAL.test(compact)) return Number.NaN;
  return Number(compact.replace(',', '.'));
};

const inputNumbers = new Intl.NumberFormat('fr-FR', {
  useGrouping: false,
  maximumFractionDigits: 10,
});

/** A number as a French input shows it, to be typed over: « 2,5 », « 1000 » (no group spaces). */
export const formatDecimalForInput = (value: number): string =>
  Number.isFinite(value) ? inputNumbers.format(value) : '';

export interface WallClock {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
}

/** One formatter per time zone: building an Intl formatter costs far more than using it. */
const clockFormats = new Map<string, Intl.DateTimeFormat>();

/** What the clocks of `timeZone` showed at `instant`. */
export const wallClockIn = (instant: string | Date | number, timeZone: string): WallClock => {
  let format = clockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    clockFormats.set(timeZone, format);
  }
  const parts = format.formatToParts(new Date(instant));
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((p) => p.type === type)?.value ?? 0);
  return {
    year: part('year'),
    month: part('month'),
    day: part('day'),
    hour: part('hour') % 24,
    minute: part('minute'),
    second: part('second'),
  };
};

const pad = (n: number): string => String(n).padStart(2, '0');
const valid = (instant: string | Date | number | null | undefined): instant is string | Date =>
  instant !== null &&
  instant !== undefined &&
  instant !== '' &&
  !Number.isNaN(new Date(instant).getTime());

/** `HH h MM` (« 14 h 05 ») in `timeZone`; empty for no or an invalid instant. */
export const formatTimeIn = (
  instant: string | Date | null | undefined,
  timeZone: string,
): string => {
  if (!valid(instant)) return '';
  const clock = wallClockIn(instant, timeZone);
  return `${pad(clock.hour)} h ${pad(clock.minute)}`;
};

/** `DD/MM/YYYY à HH h MM` (« 05/03/2026 à 14 h 05 ») in `timeZone`; empty for no or an invalid instant. */
export const formatDateTimeIn = (
  instant: string | Date | null | undefined,
  timeZone: string,
): string => {
  if (!valid(instant)) return '';
  const clock = wallClockIn(instant, timeZone);
  return `${pad(clock.day)}/${pad(clock.month)}/${clock.year} à ${pad(clock.hour)} h ${pad(clock.minute)}`;
};

/** A calendar day `YYYY-MM-DD` as `DD/MM/YYYY` (a day has no time zone); other text unchanged. */
export const formatFrenchDay = (day: string | null | undefined): string => {
  if (!day) return '';
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : day;
};

/**
 * The instant at which the clocks of `timeZone` show `clock` (ISO 8601, UTC). For a time that a
 * change of offset skips or repeats, one of the instants beside it.
 */
export const instantOfWallClock = (clock: WallClock, timeZone: string): string => {
  const asUtc = Date.UTC(
    clock.year,
    clock.month - 1,
    clock.day,
    clock.hour,
    clock.minute,
    clock.second,
  );
  const offsetAt = (t: number) => {
    const c = wallClockIn(t, timeZone);
    return Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute, c.second) - t;
  };
  // The zone's offset at the guess, then at the corrected instant (it may differ across a change).
  const first = asUtc - offsetAt(asUtc);
  const second = asUtc - offsetAt(first);
  return new Date(Math.min(first, second)).toISOString();
};

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * The instants that bound a calendar day `YYYY-MM-DD` in `timeZone` (its first millisecond and its
 * last): a period filter on instants reads the office's days. `undefined` for anything but a day.
 */
export const dayBoundsIn = (
  day: string,
  timeZone: string,
): { readonly start: string; readonly end: string } | undefined => {
  const match = DAY.exec(day);
  if (!match) return undefined;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const start = instantOfWallClock(
    { year, month, day: date, hour: 0, minute: 0, second: 0 },
    timeZone,
  );
  const next = new Date(Date.UTC(year, month - 1, date + 1));
  const nextStart = instantOfWallClock(
    {
      year: next.getUTCFullYear(),
      month: next.getUTCMonth() + 1,
      day: next.getUTCDate(),
      hour: 0,
      minute: 0,
      second: 0,
    },
    timeZone,
  );
  return { start, end: new Date(Date.parse(nextStart) - 1).toISOString() };
};

const counts = new Intl.NumberFormat('fr-FR');

/**
 * A count with its noun, agreed in number as French does (plural from two): « 0 candidat »,
 * « 1 absent », « 12 éliminés », « 1 234 admis ». `pluralForm` for nouns that do not take an « s »
 * (« 2 refus ») or whose words all agree (« 2 places libres »). The dashboard and the PDFs share it.
 */
export const frenchCount = (n: number, singular: string, pluralForm = `${singular}s`): string =>
  `${counts.format(n)} ${Math.abs(n) >= 2 ? pluralForm : singular}`;
