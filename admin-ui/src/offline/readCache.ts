/**
 * What the offline screens read, kept for the day (#35): the grade choices (sessions, épreuves,
 * sites) and each sheet's roster, stored in this browser when read, per user, and answered from
 * there when the network is gone. A copy from another day, or another user's, is never shown.
 */
import { clear, createStore as idbStore, get, set } from 'idb-keyval';

/** This browser's copies of the day's reads (the grade screens' here, the incident form's lists). */
export const readsDatabase = idbStore('examens-pro-lectures', 'lectures');

/** The reads the exam sites' screens need offline. */
const OFFLINE_READS = /^notes\/(choix|feuille)(\?|$)/;

export const readableOffline = (path: string): boolean => OFFLINE_READS.test(path);

export const today = (): string => new Date().toLocaleDateString('fr-FR');

/** No answer at all (no network, server unreachable), said in French. */
export class NetworkError extends Error {
  constructor(
    message = 'Le serveur est injoignable : vérifiez la connexion réseau, puis réessayez.',
  ) {
    super(message);
  }
}

/** Whether a failure is the network's (no answer at all), not the server's. */
export const isNetworkFailure = (error: unknown): boolean =>
  error instanceof NetworkError ||
  error instanceof TypeError ||
  (typeof navigator !== 'undefined' && !navigator.onLine);

/** What a screen that works offline says of a read it has no copy of. */
export const NOT_KEPT =
  'Hors ligne : ces données n’ont pas été ouvertes aujourd’hui sur cet appareil. Elles s’afficheront au retour du réseau.';

export const keepRead = (user: string, path: string, value: unknown): void => {
  void set(`${user}|${path}`, { day: today(), value }, readsDatabase).catch(() => undefined);
};

export const keptRead = async <T>(user: string, path: string): Promise<T | undefined> => {
  const kept = await get<{ day: string; value: T }>(`${user}|${path}`, readsDatabase).catch(
    () => undefined,
  );
  return kept && kept.day === today() ? kept.value : undefined;
};

/**
 * An explicit sign-out forgets every copy of the day's reads (names, numbers, marks) on this
 * browser: exam-site computers are shared. The entries waiting to be sent stay (offline/outbox).
 */
export const forgetReads = (): Promise<void> => clear(readsDatabase).catch(() => undefined);
