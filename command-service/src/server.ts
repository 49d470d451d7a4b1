import { runStandalone } from '@examens-pro/platform';
import { commandService } from './app.js';

/** Standalone command service (distributed mode). */
void runStandalone('command-service', (app, ports) => app.register(commandService, ports));
