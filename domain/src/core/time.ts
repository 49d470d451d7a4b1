/** The office's time zone when `TIME_ZONE` says nothing (seed: an office in Cameroon). */
export const DEFAULT_TIME_ZONE = 'Africa/Douala';

/** Whether `zone` is a time zone the runtime knows (`Africa/Douala`, `Europe/Paris`…). */
export const isTimeZone = (zone: string): boolean => {
  try {
    new Intl.DateTimeFormat('fr-FR', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

/** One formatter per time zone: building an Intl formatter costs far more than using it. */
const dayFormats = new Map<string, Intl.DateTimeFormat>();

const QUARTER_MS = 15 * 60_000;
/** The days of the quarters of an hour asked for lately, per time zone. */
const days = new Map<string, string>();

/** The calendar day (YYYY-MM-DD) an instant falls on in `timeZone`. */
export const localDate = (instant: string | Date, timeZone: string): string => {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayFormats.set(timeZone, format);
  }
  const date = new Date(instant);
  // Every offset in use is a multiple of a quarter of an hour, and so is every change of offset:
  // the day is the same over a quarter of an hour. A rebuild asks it for every event of the log
  // (Intl's formatting costs microseconds each time).
  const slot = `${timeZone}|${Math.floor(date.getTime() / QUARTER_MS)}`;
  const known = days.get(slot);
  if (known !== undefined) return known;
  const parts = format.formatToParts(date);
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  const day = `${part('year')}-${part('month')}-${part('day')}`;
  if (days.size >= 10_000) days.clear();
  days.set(slot, day);
  return day;
};

/**
 * The UTC calendar day (YYYY-MM-DD) of an instant: « today » for a command is the day of its
 * instant (`CommandContext.now`), never the machine's clock.
 */
export const utcDay = (instant: string): string => new Date(instant).toISOString().slice(0, 10);
