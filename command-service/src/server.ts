import { runStandalone } from '@examens-pro/platform';
import { ensureFirstAdministrator } from './accounts/handlers.js';
import { commandService } from './app.js';

/** Standalone command service (distributed mode); it also creates the first administrator. */
void runStandalone('command-service', async (app, ports) => {
  await app.register(commandService, ports);
  await ensureFirstAdministrator(ports.eventStore, ports.readStore, process.env, (message) =>
    app.log.warn(message),
  );
});
