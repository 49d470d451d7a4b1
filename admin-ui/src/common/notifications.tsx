import { useEffect, useState, type ReactNode } from 'react';
import { TOAST, TOAST_POSITIONS, toastStackStyle, type ToastPosition } from './displayConstants';
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
  /** `info`: a plain toast (`toast()`), the others the seed's notifications. */
  kind: NotificationKind | 'info';
  position: ToastPosition;
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

const show = (
  kind: Toast['kind'],
  text: ReactNode,
  timeout: number,
  position: ToastPosition,
): number => {
  const id = nextId++;
  toasts.set((list) => [...list, { id, kind, text, timeout, position, leaving: false }]);
  if (timeout > 0) setTimeout(() => closeNotification(id), timeout);
  return id;
};

/** The toasts shown now (read by the tests). */
export const currentToasts = (): readonly Toast[] => toasts.get();

/**
 * A plain toast (seed §9): hidden after 5000 ms unless `timeout` says otherwise (-1: until closed),
 * at one of the six positions (default top-right).
 */
export const toast = (
  text: ReactNode,
  options: { timeout?: number; position?: ToastPosition } = {},
): number =>
  show(
    'info',
    text,
    options.timeout === -1 || (options.timeout && options.timeout > 0)
      ? options.timeout
      : TOAST.defaultTimeoutMs,
    options.position && TOAST_POSITIONS.includes(options.position)
      ? options.position
      : TOAST.defaultPosition,
  );

export const notify = (
  kind: NotificationKind,
  text?: ReactNode,
  options: { timeout?: number | null } = {},
): number => {
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
  return show(kind, shown, timeout, TOAST.notificationPosition);
};

const CARRIED = 'notification-apres-chargement';

/** A notification to show on the next page load (after a full reload or a new address of the site). */
export const carryNotification = (kind: NotificationKind, text: string): void => {
  try {
    sessionStorage.setItem(CARRIED, JSON.stringify({ kind, text }));
  } catch {
    // Storage refused (private mode): the notification is lost, nothing else.
  }
};

/** At start-up: the notification carried over the page load, shown 3150 ms (seed §9's initial timeout). */
export const showCarriedNotification = (storage: Pick<Storage, 'getItem' | 'removeItem'>): void => {
  let carried: { kind?: unknown; text?: unknown } | undefined;
  try {
    carried = JSON.parse(storage.getItem(CARRIED) ?? 'null') ?? undefined;
    storage.removeItem(CARRIED);
  } catch {
    carried = undefined;
  }
  if (!carried || typeof carried.text !== 'string') return;
  const kind = (['success', 'warning', 'error'] as const).find((k) => k === carried.kind);
  if (!kind) return;
  show(
    kind,
    carried.text,
    kind === 'error' ? DEFAULT_TIMEOUTS.error : TOAST.initialTimeoutMs,
    TOAST.notificationPosition,
  );
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
      // An error interrupts (an alert); the others are read by their stack, a polite live region.
      role={toast.kind === 'error' ? 'alert' : undefined}
      data-type={toast.kind}
      data-timeout={toast.timeout}
    >
      <span className="toast-text">{toast.text}</span>
      <button type="button" className="toast-close" onClick={() => closeNotification(toast.id)}>
        Fermer
      </button>
    </div>
  );
};

/**
 * The notification bar at the top of every page (seed §2), and a stack per position used by the
 * plain toasts: newest nearest the middle of the screen, 16 px from the edges, 5 px apart.
 */
export const Toasts = () => {
  const list = useStore(toasts);
  const positions = TOAST_POSITIONS.filter(
    (position) =>
      position === TOAST.notificationPosition || list.some((t) => t.position === position),
  );
  return (
    <>
      {positions.map((position) => (
        <div
          key={position}
          className={`toasts toasts-${position}`}
          data-position={position}
          style={toastStackStyle(position)}
          // Live before its first toast, so that a screen reader reads each one as it comes.
          aria-live="polite"
          {...(position === TOAST.notificationPosition
            ? { role: 'region', 'aria-label': 'Notifications' }
            : {})}
        >
          {list
            .filter((t) => t.position === position)
            .map((t) => (
              <ToastView key={t.id} toast={t} />
            ))}
        </div>
      ))}
    </>
  );
};
