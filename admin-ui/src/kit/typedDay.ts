import dayjs, { type Dayjs } from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { useEffect, useState } from 'react';

dayjs.extend(customParseFormat);

/** How a day is kept: in the address, a form's value, the API. */
export const STORED_DAY = 'YYYY-MM-DD';

/** The day a stored value holds, or null (empty, half typed, not a day). */
export const storedDay = (stored: unknown): Dayjs | null =>
  typeof stored === 'string' && dayjs(stored, STORED_DAY, true).isValid()
    ? dayjs(stored, STORED_DAY)
    : null;

/**
 * What a date picker (MUI X) is given to show: what it gave last, a day half typed included, and
 * the stored day only when that changes from elsewhere (a reset, a link, a filter cleared). Given
 * the stored value instead, which holds nothing while a day is half typed, the picker draws its
 * sections anew at every render of the screen around it, and the day and month already typed go:
 * a list or a report answering while the next date is typed did it (« JJ MM 2026 »). `stored` is
 * the day as the field holds it (`YYYY-MM-DD`, after a filter's formatting), or nothing.
 */
export const useTypedDay = (stored: unknown): [Dayjs | null, (day: Dayjs | null) => void] => {
  const [typed, setTyped] = useState<Dayjs | null>(() => storedDay(stored));
  useEffect(() => {
    setTyped((current) => {
      const day = storedDay(stored);
      // Nothing stored while a day is being typed (not a day yet, or its year 0002, 0020…): kept.
      const typing = current !== null && (!current.isValid() || current.year() < 1900);
      if (day === null) return typing ? current : null;
      return current?.isValid() && current.isSame(day, 'day') ? current : day;
    });
    // The stored value alone says whether it changed from elsewhere.
  }, [stored]);
  return [typed, setTyped];
};
