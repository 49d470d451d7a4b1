import { useEffect, useState, type ReactNode } from 'react';
import { createStore, useStore } from './store';

export type NotificationKind = 'success' | 'error' | 'warning';

/** Seed §8: the texts shown when the caller gives none. */
export const DEFAULT_TEXTS: Record<NotificationKind, string> = {
  success: 'Operation effectué avec succes.',
  error:
    'Nous n’avons pas pu effectuer l’opération demandée. Veuillez actualiser la page et réessayer.',
  warning: 'Avertissement',
};

/** Seed §4/§9: success and warning hide after 3000 ms, an error stays until closed (-1). */
export const DEFAULT_TIMEOUTS: Record<NotificationKind, number> = {
  success: 3000,
  warning: 3000,
  error: -1,
};

const FADE_MS = 300;

export interface Toast {
  id: number;
  kind: NotificationKind;
  text: ReactNode;
  /** Milliseconds before it hides itself; -1: until closed. */
  timeout: number;
  leaving: boolean;
}

const toasts = createStore<Toast[]>([]);
let nextId = 1;

export const closeNotification = (id: number): void => {
  toasts.set((list) => list.map((t) => (t.id === id ? { ...t, leaving: true } : t)));
  setTimeout(() => toasts.set((list) => list.filter((t) => t.id !== id)), FADE_MS);
};

export const notify = (
  kind: NotificationKind,
  text?: ReactNode,
  options: { timeout?: number | null } = {},
): number => {
  const id = nextId++;
  // An error never hides by itself, whatever the caller asks: the user must read and close it.
  const timeout =
    kind === 'error'
      ? -1
      : options.timeout === null
        ? -1
        : options.timeout && options.timeout > 0
          ? options.timeout
          : DEFAULT_TIMEOUTS[kind];
  const shown = text === undefined || text === null || text === '' ? DEFAULT_TEXTS[kind] : text;
  toasts.set((list) => [...list, { id, kind, text: shown, timeout, leaving: false }]);
  if (timeout > 0) setTimeout(() => closeNotification(id), timeout);
  return id;
};

const ToastView = ({ toast }: { toast: Toast }) => {
  // Mounted hidden, then shown on the next frame, so it fades in as it fades out.
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const frame = requestAnimationFrame(() => setShown(true));
    return () => cancelAnimationFrame(frame);
  }, []);
  return (
    <div
      className={`toast toast-${toast.kind}${shown && !toast.leaving ? ' toast-shown' : ''}`}
      role={toast.kind === 'error' ? 'alert' : 'status'}
      aria-live={toast.kind === 'error' ? 'assertive' : 'polite'}
      data-type={toast.kind}
    >
      <span className="toast-text">{toast.text}</span>
      <button type="button" className="toast-close" onClick={() => closeNotification(toast.id)}>
        Fermer
      </button>
    </div>
  );
};

/** The notification bar at the top of every page (seed §2): toasts stacked, newest last. */
export const Toasts = () => {
  const list = useStore(toasts);
  return (
    <div className="toasts" aria-label="Notifications">
      {list.map((toast) => (
        <ToastView key={toast.id} toast={toast} />
      ))}
    </div>
  );
};
