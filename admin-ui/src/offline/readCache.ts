/**
 * What the offline screens read, kept for the day (#35): the grade choices (sessions, épreuves,
 * sites) and each sheet's roster, stored in this browser when read, per user, and answered from
 * there when the network is gone. A copy from another day, or another user's, is never shown.
 */
import { createStore as idbStore, get, set } from 'idb-keyval';

const database = idbStore('examens-pro-lectures', 'lectures');

/** The reads the exam sites' screens need offline. */
const OFFLINE_READS = /^notes\/(choix|feuille)(\?|$)/;

export const readableOffline = (path: string): boolean => OFFLINE_READS.test(path);

const today = (): string => new Date().toLocaleDateString('fr-FR');

/** Whether a failure is the network's (no answer at all), not the server's. */
export const isNetworkFailure = (error: unknown): boolean =>
  error instanceof TypeError || (typeof navigator !== 'undefined' && !navigator.onLine);

export const keepRead = (user: string, path: string, value: unknown): void => {
  void set(`${user}|${path}`, { day: today(), value }, database).catch(() => undefined);
};

export const keptRead = async <T>(user: string, path: string): Promise<T | undefined> => {
  const kept = await get<{ day: string; value: T }>(`${user}|${path}`, database).catch(
    () => undefined,
  );
  return kept && kept.day === today() ? kept.value : undefined;
};
