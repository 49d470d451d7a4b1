import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import {
  BREAKPOINTS,
  MODAL,
  seedThemeOptions,
  TOAST,
  TOAST_POSITIONS,
  toastStackStyle,
} from './displayConstants';
import {
  carryNotification,
  closeNotification,
  currentToasts,
  notify,
  showCarriedNotification,
  toast,
} from './notifications';

describe('seed §9 display constants', () => {
  it('are the seed’s figures', () => {
    expect(BREAKPOINTS).toEqual({ xs: 0, sm: 640, md: 1024, lg: 1440, xl: 1920 });
    expect(MODAL).toEqual({
      sizes: { small: 576, medium: 768, large: 992 },
      overlayOpacity: 0.6,
      transitionMs: 300,
    });
    expect(TOAST).toMatchObject({
      defaultTimeoutMs: 5000,
      offsetPx: 16,
      spacingPx: 5,
      initialTimeoutMs: 3150,
    });
    expect([...TOAST_POSITIONS].sort()).toEqual(
      [
        'top-right',
        'top-center',
        'top-left',
        'bottom-right',
        'bottom-center',
        'bottom-left',
      ].sort(),
    );
  });

  // `dashboard/muiTheme.ts` merges these (react-admin cannot load under jest): the journey
  // seedDetails.e2e.ts measures a dialog's width in the browser.
  it('are the dashboard theme’s breakpoints and dialogs', () => {
    expect(seedThemeOptions.breakpoints).toEqual({ values: BREAKPOINTS });
    const dialog = seedThemeOptions.dialog;
    expect(dialog.defaultProps.transitionDuration).toBe(300);
    expect(dialog.styleOverrides.paperWidthSm.maxWidth).toBe(576);
    expect(dialog.styleOverrides.paperWidthMd.maxWidth).toBe(768);
    expect(dialog.styleOverrides.paperWidthLg.maxWidth).toBe(992);
    expect(dialog.styleOverrides.root['& .MuiBackdrop-root'].backgroundColor).toBe(
      'rgba(0, 0, 0, 0.6)',
    );
  });

  it('place each stack of toasts 16 px from its edges, 5 px apart', () => {
    expect(toastStackStyle('top-right')).toMatchObject({ top: 16, right: 16, gap: 5 });
    expect(toastStackStyle('bottom-left')).toMatchObject({ bottom: 16, left: 16, gap: 5 });
    expect(toastStackStyle('top-center')).toMatchObject({
      top: 16,
      left: '50%',
      transform: 'translateX(-50%)',
    });
    expect(toastStackStyle('bottom-center')).toMatchObject({ bottom: 16, top: 'auto' });
  });
});

describe('the toasts’ options', () => {
  beforeEach(() => {
    jest.useFakeTimers();
  });
  afterEach(() => {
    for (const shown of currentToasts()) closeNotification(shown.id);
    jest.runAllTimers();
    jest.useRealTimers();
  });

  const shown = (id: number) => currentToasts().find((t) => t.id === id)!;

  it('a plain toast: 5000 ms at the top right unless told, any of the six positions', () => {
    const id = toast('Bonjour');
    expect(shown(id)).toMatchObject({ kind: 'info', timeout: 5000, position: 'top-right' });
    const placed = toast('En bas', { position: 'bottom-left', timeout: 8000 });
    expect(shown(placed)).toMatchObject({ timeout: 8000, position: 'bottom-left' });
    jest.advanceTimersByTime(4999);
    expect(shown(id).leaving).toBe(false);
    jest.advanceTimersByTime(1);
    expect(shown(id).leaving).toBe(true);
  });

  it('the notifications: success and warning 3000 ms, an error until closed, at the top centre', () => {
    expect(shown(notify('success'))).toMatchObject({
      timeout: 3000,
      position: 'top-center',
      text: 'Operation effectué avec succes.',
    });
    expect(shown(notify('warning'))).toMatchObject({ timeout: 3000, text: 'Avertissement' });
    expect(shown(notify('error', 'Refusé', { timeout: 1000 }))).toMatchObject({ timeout: -1 });
  });

  it('a notification carried over a page load shows 3150 ms', () => {
    const store = new Map<string, string>();
    const storage = {
      getItem: (key: string) => store.get(key) ?? null,
      removeItem: (key: string) => void store.delete(key),
      setItem: (key: string, value: string) => void store.set(key, value),
    };
    (globalThis as { sessionStorage?: unknown }).sessionStorage = storage;
    carryNotification('success', 'Redirection suivie.');
    showCarriedNotification(storage);
    const last = currentToasts().at(-1)!;
    expect(last).toMatchObject({ text: 'Redirection suivie.', timeout: 3150 });
    expect(store.size).toBe(0);
    delete (globalThis as { sessionStorage?: unknown }).sessionStorage;
  });
});
