import { lazy, type ComponentType } from 'react';
import { importWithReload } from './version';

/**
 * One screen of a lazily loaded module: the dashboard's first load carries the menu and the
 * resource table, each group of screens comes with its own chunk when first opened (a chunk gone
 * after a deployment reloads the page once, like the dashboard itself).
 */
export const lazyScreen = <M, P extends object = object>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
) => lazy(importWithReload(() => load().then((module) => ({ default: pick(module) }))));
