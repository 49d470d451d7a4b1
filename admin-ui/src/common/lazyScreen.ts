import { lazy, type ComponentType } from 'react';
import { importWithReload } from './version';

/**
 * One screen of a lazily loaded module: the dashboard's first load carries the menu and the
 * resource table, each group of screens comes with its own chunk when first opened (a chunk gone
 * after a deployment reloads the page once, like the dashboard itself). `preload()` fetches the
 * chunk ahead of the first render (the screen a page opens on, while react-admin starts).
 */
export const lazyScreen = <M, P extends object = object>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
) =>
  Object.assign(
    lazy(importWithReload(() => load().then((module) => ({ default: pick(module) })))),
    {
      preload: (): void => {
        // The browser keeps the module: the screen's own load finds it there. A failure is the
        // screen's to handle when it renders.
        load().catch(() => undefined);
      },
    },
  );

/** Starts loading a screen made by `lazyScreen` (anything else is left alone). */
export const preloadScreen = (screen: unknown): void => {
  const preload = (screen as { preload?: unknown } | null | undefined)?.preload;
  if (typeof preload === 'function') (preload as () => void)();
};
