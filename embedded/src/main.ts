import { resolve } from 'node:path';
import {
  ensureFirstAdministrator,
  ensureGeography,
  ensureSigningCertificate,
} from '@examens-pro/application';
import { SYSTEM_ACTOR } from '@examens-pro/domain';
import { loadConfig, openPorts, productInformation } from '@examens-pro/platform';
import { buildApp } from './app.js';

/** `npm start`: the whole product in one process, data in DATA_DIR, no server needed. */
const main = async (): Promise<void> => {
  const config = loadConfig();
  // On the embedded SQLite stores, the read models are written on a thread of their own:
  // requests never wait behind them. With a MongoDB or EventStoreDB server, the distributed mode
  // is the way to spread the load: the projections stay beside the app, as before.
  const threaded = !config.mongodbUrl && !config.eventStoreUrl;
  const ports = openPorts(config, { writesReadModels: !threaded });
  const uiDir = resolve(__dirname, '../../admin-ui/dist');
  const { app } = await buildApp({
    ...ports,
    sessionSecret: config.sessionSecret,
    publicUrl: config.publicUrl,
    trustedProxies: config.trustedProxies,
    rateLimits: config.rateLimits,
    payments: config.payments,
    information: productInformation(config, 'embarqué', uiDir),
    uiDir,
    logger: { level: config.logLevel },
    ...(threaded ? { projectionsThread: { dataDir: config.dataDir } } : {}),
  });
  let closing = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      if (closing) return;
      closing = true;
      app.log.info('Arrêt en cours…');
      // Projections and workers stop with the app; only then are the stores closed.
      void app
        .close()
        .then(() =>
          Promise.all([
            ports.eventStore.close(),
            ports.readStore.close(),
            ports.sessionStore.close(),
            ports.signInLimiter.close(),
            ports.lookupLimiter.close(),
          ]),
        )
        .then(() => process.exit(0));
    });
  }
  await ensureFirstAdministrator(
    ports.eventStore,
    ports.readStore,
    process.env,
    (message) => console.log(`\n${message}\n`),
    config.dataDir,
  );
  await ensureGeography(ports.eventStore, ports.readStore, {
    actor: SYSTEM_ACTOR,
    now: new Date().toISOString(),
  });
  // The documents' signing certificate: a demonstration one until the office deposits its own.
  await ensureSigningCertificate(ports.eventStore, config.certificateKey);
  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    `Examens Pro (mode embarqué) : http://localhost:${config.port} — données dans ${config.dataDir}`,
  );
};

main().catch((error: unknown) => {
  console.error(`Démarrage impossible : ${(error as Error).message}`);
  process.exit(1);
});
