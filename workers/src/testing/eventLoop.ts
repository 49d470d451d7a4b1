import { performance } from 'node:perf_hooks';

/**
 * Watches this thread's event loop with a 5 ms timer: how long the watch lasted, the longest gap
 * between two ticks and the 95th percentile of the gaps. A loop blocked by a render shows one gap as
 * long as the render (29.5 s for a 2,000-page list rendered on the main thread, measured here); a
 * free loop ticks every few milliseconds. On a machine whose 2 cores are shared by several test
 * runs (load 8 to 10), the scheduler alone delays about 1 % of the ticks past 50 ms, even on a loop
 * with nothing to do: hence the percentile beside the longest gap.
 */
export const eventLoopWatch = () => {
  const started = performance.now();
  let last = started;
  const gaps: number[] = [];
  const timer = setInterval(() => {
    const now = performance.now();
    gaps.push(now - last);
    last = now;
  }, 5);
  return {
    stop(): { ms: number; longest: number; p95: number; ticks: number } {
      clearInterval(timer);
      gaps.push(performance.now() - last);
      const sorted = [...gaps].sort((a, b) => a - b);
      return {
        ms: performance.now() - started,
        longest: sorted[sorted.length - 1] ?? 0,
        p95: sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))] ?? 0,
        ticks: gaps.length,
      };
    },
  };
};
