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
  const parts = format.formatToParts(new Date(instant));
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${part('year')}-${part('month')}-${part('day')}`;
};

/**
 * The UTC calendar day (YYYY-MM-DD) of an instant: « today » for a command is the day of its
 * instant (`CommandContext.now`), never the machine's clock.
 */
export const utcDay = (instant: string): string => new Date(instant).toISOString().slice(0, 10);
