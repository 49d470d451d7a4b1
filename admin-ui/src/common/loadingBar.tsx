import { useEffect, useRef, useState } from 'react';
import { createStore, useStore } from './store';

/** Seed §9: 3 px, trickle every 200 ms over an estimated 2000 ms, hide 500 ms after, reset 400 ms later. */
const THROTTLE_MS = 200;
const ESTIMATED_MS = 2000;
const HIDE_DELAY_MS = 500;
const RESET_DELAY_MS = 400;
/** A load shorter than this is not announced to screen readers. */
const ANNOUNCE_AFTER_MS = 1000;

interface LoadingState {
  /** Loads in progress (page chunks, data fetches). */
  active: number;
  error: boolean;
}

const loading = createStore<LoadingState>({ active: 0, error: false });

/** Marks a load as started; call the returned function once when it ends. */
export const startLoading = (): (() => void) => {
  let done = false;
  loading.set((s) => ({ active: s.active + 1, error: s.active === 0 ? false : s.error }));
  return () => {
    if (done) return;
    done = true;
    loading.set((s) => ({ ...s, active: Math.max(0, s.active - 1) }));
  };
};

/** An application error completes the bar in red. */
export const failLoading = (): void => loading.set((s) => ({ ...s, error: true }));

/** Shows a load for as long as `active` is true (a lazy chunk, react-admin's fetches). */
export const useLoadingSignal = (active: boolean): void => {
  useEffect(() => (active ? startLoading() : undefined), [active]);
};

export const LoadingBar = () => {
  const { active, error } = useStore(loading);
  const [progress, setProgress] = useState(0);
  const [visible, setVisible] = useState(false);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  // A load is announced once it has lasted a moment: the quick ones would only be noise.
  const [announced, setAnnounced] = useState(false);
  useEffect(() => {
    if (active === 0) {
      setAnnounced(false);
      return undefined;
    }
    const later = setTimeout(() => setAnnounced(true), ANNOUNCE_AFTER_MS);
    return () => clearTimeout(later);
  }, [active > 0]);

  useEffect(() => {
    const clear = () => {
      timers.current.forEach(clearTimeout);
      timers.current = [];
    };
    if (active > 0 && !error) {
      clear();
      setVisible(true);
      const started = Date.now();
      // Rises quickly, then slows towards 90 % as the estimate runs out; never reaches the end alone.
      const tick = setInterval(() => {
        const elapsed = Date.now() - started;
        setProgress(Math.min(90, (1 - Math.exp(-elapsed / ESTIMATED_MS)) * 100));
      }, THROTTLE_MS);
      setProgress((p) => Math.max(p, 8));
      return () => clearInterval(tick);
    }
    if (active === 0 || error) {
      setProgress((p) => (p > 0 || error ? 100 : p));
      timers.current.push(
        setTimeout(() => {
          setVisible(false);
          timers.current.push(
            setTimeout(() => {
              setProgress(0);
              if (error && active === 0) loading.set((s) => ({ ...s, error: false }));
            }, RESET_DELAY_MS),
          );
        }, HIDE_DELAY_MS),
      );
    }
    return undefined;
  }, [active, error]);

  return (
    <>
      <div
        className={`loading-bar${error ? ' loading-bar-error' : ''}`}
        style={{ width: `${progress}%`, opacity: visible ? 1 : 0 }}
        role="progressbar"
        aria-label="Chargement"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(progress)}
        aria-hidden={!visible}
      />
      {/* Said politely, once per load that a user waits for, and its failure. */}
      <span className="visually-hidden" role="status">
        {error ? 'Le chargement a échoué.' : announced ? 'Chargement en cours…' : ''}
      </span>
    </>
  );
};
