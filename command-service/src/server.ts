import { logUnhandledRejections, runStandalone } from '@examens-pro/platform';
import { SYSTEM_ACTOR } from '@examens-pro/domain';
import { ensureFirstAdministrator, ensureGeography, loadPrincipal } from '@examens-pro/application';
import { commandService } from './app.js';

logUnhandledRejections((message) => console.error(message));

/**
 * Standalone command service (distributed mode); it also creates the first administrator and the
 * geography, once its servers answer (tried again until then; `/api/ready` waits for it).
 */
void runStandalone('command-service', loadPrincipal, async (app, ports, config, readiness) => {
  await app.register(commandService, { ...ports, publicUrl: config.publicUrl });
  void readiness.step('premier administrateur et géographie', async () => {
    await ensureFirstAdministrator(
      ports.eventStore,
      ports.readStore,
      process.env,
      (message) => app.log.warn(message),
      config.dataDir,
    );
    await ensureGeography(ports.eventStore, ports.readStore, {
      actor: SYSTEM_ACTOR,
      now: new Date().toISOString(),
    });
  });
}).catch((error: unknown) => {
  console.error(`Démarrage du service de commandes impossible : ${(error as Error).message}`);
  process.exit(1);
});
