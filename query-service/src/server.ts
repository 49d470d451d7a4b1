import { logUnhandledRejections, productInformation, runStandalone } from '@examens-pro/platform';
import { loadPrincipal } from '@examens-pro/application';
import { queryService } from './app.js';

logUnhandledRejections((message) => console.error(message));

/** Standalone query service (distributed mode). */
void runStandalone('query-service', loadPrincipal, (app, ports, config) =>
  app.register(queryService, {
    ...ports,
    information: productInformation(config, 'distribué'),
    publicLimits: config.rateLimits.public,
    publicUrl: config.publicUrl,
    payments: config.payments,
  }),
).catch((error: unknown) => {
  console.error(`Démarrage du service de lecture impossible : ${(error as Error).message}`);
  process.exit(1);
});
