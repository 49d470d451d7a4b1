import { productInformation, runStandalone } from '@examens-pro/platform';
import { queryService } from './app.js';

/** Standalone query service (distributed mode). */
void runStandalone('query-service', (app, ports, config) =>
  app.register(queryService, {
    ...ports,
    information: productInformation(config, 'distribué'),
    publicLimits: config.rateLimits.public,
    publicUrl: config.publicUrl,
    payments: config.payments,
  }),
);
