import { runStandalone } from '@examens-pro/platform';
import { queryService } from './app.js';

/** Standalone query service (distributed mode). */
void runStandalone('query-service', (app, ports) => app.register(queryService, ports));
