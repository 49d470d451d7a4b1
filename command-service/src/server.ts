import { runStandalone } from '@examens-pro/platform';
import { SYSTEM_ACTOR } from '@examens-pro/domain';
import { ensureFirstAdministrator } from './accounts/handlers.js';
import { ensureGeography } from './lists/handlers.js';
import { commandService } from './app.js';

/** Standalone command service (distributed mode); it also creates the first administrator. */
void runStandalone('command-service', async (app, ports, config) => {
  await app.register(commandService, { ...ports, publicUrl: config.publicUrl });
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
