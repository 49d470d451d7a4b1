import { useEffect, useState } from 'react';
import { useDataProvider } from 'react-admin';
import type { ExamensDataProvider } from '../../dashboard/dataProvider';

/**
 * A report's result at `path` (`/api/<path>`, its query included), read again whenever the path
 * changes; nothing is read while the path is undefined (no session chosen yet). The result of the
 * previous path goes at once, unless `keep` (a screen that tells a stale result by its content),
 * and an answer arriving after the next path was asked is dropped.
 */
export const useReportRead = <T>(path: string | undefined, { keep = false } = {}) => {
  const dataProvider = useDataProvider<ExamensDataProvider>();
  const [result, setResult] = useState<T>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    if (path === undefined) return undefined;
    let current = true;
    if (!keep) setResult(undefined);
    setError(undefined);
    dataProvider
      .read<T>(path)
      .then((found) => {
        if (current) setResult(found);
      })
      .catch((e: Error) => {
        if (current) setError(e.message);
      });
    return () => {
      current = false;
    };
    // The path says everything read: the provider is the app's, the same for the screen's life.
  }, [path]);
  return { result, error };
};

/**
 * The choices a report's filters offer (`/api/<path>`), read once per path; while they are read,
 * or when refused, `empty` (the filters then offer « Tous » only).
 */
export const useReportChoices = <T>(path: string | undefined, empty: T): T => {
  const dataProvider = useDataProvider<ExamensDataProvider>();
  const [choices, setChoices] = useState<T>(empty);
  useEffect(() => {
    if (path === undefined) return undefined;
    let current = true;
    setChoices(empty);
    dataProvider
      .read<T>(path)
      .then((found) => {
        if (current) setChoices(found);
      })
      .catch(() => {
        if (current) setChoices(empty);
      });
    return () => {
      current = false;
    };
    // Once per path, as useReportRead.
  }, [path]);
  return choices;
};
