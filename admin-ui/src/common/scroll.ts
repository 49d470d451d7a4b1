import { useEffect, useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

/**
 * Seed §2 « Navigation keeps scroll position and scrolls to anchors »: back and forward put the
 * page where it was left, a `#anchor` is scrolled into view, any other new page starts at the top.
 * Pages load their data after they show, so a position or an anchor is retried until it can be
 * reached, for up to `SETTLE_MS`.
 */
const SETTLE_MS = 3000;
const STORAGE = 'positions-de-defilement';
/** Positions kept, the latest ones (one per history entry). */
const KEPT = 50;

const readPositions = (): Record<string, number> => {
  try {
    return JSON.parse(sessionStorage.getItem(STORAGE) ?? '{}') as Record<string, number>;
  } catch {
    return {};
  }
};

const positions: Record<string, number> = readPositions();
/** The history entry shown: set before a navigation scrolls, so its scroll is not the previous one's. */
let shownKey = '';
let writing: ReturnType<typeof setTimeout> | undefined;
let firstRender = true;

const keep = (key: string, y: number): void => {
  delete positions[key];
  positions[key] = y;
  const keys = Object.keys(positions);
  for (const old of keys.slice(0, Math.max(0, keys.length - KEPT))) delete positions[old];
  // Written to the tab's storage once scrolling pauses: a full page load finds them back.
  clearTimeout(writing);
  writing = setTimeout(() => {
    try {
      sessionStorage.setItem(STORAGE, JSON.stringify(positions));
    } catch {
      // Storage refused: positions are kept for this page only.
    }
  }, 200);
};

const anchorTarget = (hash: string): HTMLElement | null => {
  const id = hash.slice(1);
  if (!id) return null;
  let decoded = id;
  try {
    decoded = decodeURIComponent(id);
  } catch {
    // A malformed escape: the raw id.
  }
  return document.getElementById(decoded) ?? document.getElementsByName(decoded)[0] ?? null;
};

/** Retries `attempt` on each frame until it answers true, the user scrolls, or time runs out. */
const settle = (attempt: () => boolean): (() => void) => {
  const until = performance.now() + SETTLE_MS;
  let frame = 0;
  let stopped = false;
  const stop = () => {
    stopped = true;
    cancelAnimationFrame(frame);
    window.removeEventListener('wheel', stop);
    window.removeEventListener('touchstart', stop);
    window.removeEventListener('keydown', stop);
  };
  window.addEventListener('wheel', stop, { passive: true });
  window.addEventListener('touchstart', stop, { passive: true });
  window.addEventListener('keydown', stop);
  const run = () => {
    if (stopped) return;
    if (attempt() || performance.now() > until) stop();
    else frame = requestAnimationFrame(run);
  };
  run();
  return stop;
};

export const useScrollKeeper = (): void => {
  const location = useLocation();
  const navigation = useNavigationType();

  useEffect(() => {
    if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
  }, []);

  // The shown entry's position, kept as the user scrolls.
  useEffect(() => {
    const onScroll = () => keep(shownKey, window.scrollY);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  useLayoutEffect(() => {
    // The first entry of a page load has no key of its own (`default` on every load): its address
    // names it instead.
    shownKey =
      location.key === 'default'
        ? `chargement:${location.pathname}${location.search}`
        : location.key;
    // Opening an address anew starts at the top; a reload or the browser's back/forward keeps it.
    const loadedAnew =
      firstRender &&
      !['reload', 'back_forward'].includes(
        (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)
          ?.type ?? '',
      );
    firstRender = false;
    const saved = loadedAnew ? undefined : positions[shownKey];
    if (navigation === 'POP' && saved !== undefined)
      return settle(() => {
        window.scrollTo(0, saved);
        return Math.abs(window.scrollY - saved) < 2;
      });
    if (location.hash)
      return settle(() => {
        const target = anchorTarget(location.hash);
        if (!target) return false;
        target.scrollIntoView({ block: 'start' });
        return true;
      });
    if (navigation === 'PUSH') window.scrollTo(0, 0);
    return undefined;
    // A new history entry (its key) is a new navigation; the rest is read from that entry.
  }, [location.key]);
};
