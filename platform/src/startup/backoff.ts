/** Delays between tries of something that fails: doubled at each failure, from `first` up to `max`. */
export interface RetryDelays {
  readonly first: number;
  readonly max: number;
}

/** 1 s, 2 s, 4 s… up to 30 s: a server that is down is asked again at most twice a minute. */
export const DEFAULT_RETRY_DELAYS: RetryDelays = { first: 1000, max: 30_000 };

/** The wait before the next try after `failures` failures in a row (1 or more). */
export const retryDelay = (failures: number, delays: RetryDelays = DEFAULT_RETRY_DELAYS): number =>
  Math.min(delays.max, delays.first * 2 ** Math.min(30, Math.max(0, failures - 1)));

/** « 0,04 s », « 30 s »: a delay as the logs and readiness say it. */
export const frenchSeconds = (ms: number): string =>
  `${(Math.round(ms / 10) / 100).toLocaleString('fr-FR')} s`;
