import { cpus, totalmem, release, platform } from 'node:os';
import Database from 'better-sqlite3';

/** What the figures were measured on: they mean nothing without it. */
export const describeMachine = () => {
  const db = new Database(':memory:');
  const sqlite = (db.prepare('SELECT sqlite_version() AS v').get() as { v: string }).v;
  db.close();
  return {
    cpu: cpus()[0]?.model ?? 'inconnu',
    cores: cpus().length,
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    os: `${platform()} ${release()}`,
    node: process.version,
    sqlite,
    date: new Date().toISOString(),
  };
};

export const percentile = (values: number[], p: number): number => {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

export const round = (value: number, digits = 2): number =>
  Math.round(value * 10 ** digits) / 10 ** digits;

interface Runner {
  ready(): boolean;
  status(): readonly { readonly name: string; readonly error?: string | null }[];
}

/** Stops the measure when a projection of `runner` is in error. */
export const throwIfFailed = (runner: Runner): void => {
  for (const { name, error } of runner.status())
    if (error) throw new Error(`Projection ${name} en échec : ${error}`);
};

/** Waits until every projection of `runner` has caught up; a projection in error stops the wait. */
export const caughtUp = async (runner: Runner): Promise<void> => {
  while (!runner.ready()) {
    throwIfFailed(runner);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};
