import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from './config.js';

const readJson = (file: string): Record<string, unknown> | undefined => {
  try {
    return existsSync(file)
      ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
};

/** The product's version, from the root package.json. */
export const productVersion = (): string =>
  String(readJson(join(__dirname, '../../../package.json'))?.version ?? '0.0.0');

/** The product's version (root package.json) and build id (the UI's `builds/latest.json`). */
export const productInformation = (
  config: Config,
  environnement: string,
  uiDir = join(__dirname, '../../../admin-ui/dist'),
) => {
  const version = productVersion();
  const buildId = String(
    process.env.BUILD_ID ?? readJson(join(uiDir, 'builds/latest.json'))?.id ?? 'developpement',
  );
  return () => ({
    version,
    buildId,
    environnement,
    adaptateurs: {
      evenements: config.eventStoreUrl ? 'EventStoreDB' : 'SQLite',
      lectures: config.mongodbUrl ? 'MongoDB' : 'SQLite',
      travaux: config.redisUrl ? 'BullMQ (Redis)' : 'file en mémoire du processus',
      sessions: config.redisUrl ? 'Redis' : 'SQLite',
    },
  });
};
