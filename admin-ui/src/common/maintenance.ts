import { useEffect } from 'react';
import { createStore, useStore } from './store';

export interface MaintenanceState {
  loaded: boolean;
  active: boolean;
  message: string;
}

export const maintenanceStore = createStore<MaintenanceState>({
  loaded: false,
  active: false,
  message: '',
});

export const refreshMaintenance = async (): Promise<MaintenanceState> => {
  try {
    const res = await fetch('/api/maintenance', {
      credentials: 'same-origin',
      cache: 'no-store',
      headers: { Accept: 'application/json' },
    });
    const body = (res.ok ? await res.json() : {}) as { active?: boolean; message?: string };
    const current = maintenanceStore.get();
    const next = { loaded: true, active: body.active === true, message: body.message ?? '' };
    if (!current.loaded || current.active !== next.active || current.message !== next.message)
      maintenanceStore.set(next);
  } catch {
    // Unreachable server: the public pages stay open rather than locked behind a guess.
    if (!maintenanceStore.get().loaded)
      maintenanceStore.set({ loaded: true, active: false, message: '' });
  }
  return maintenanceStore.get();
};

const REFRESH_MS = 60 * 1000;

export const useMaintenanceKeeper = (): void => {
  useEffect(() => {
    void refreshMaintenance();
    const onFocus = () => void refreshMaintenance();
    window.addEventListener('focus', onFocus);
    const timer = setInterval(() => void refreshMaintenance(), REFRESH_MS);
    return () => {
      window.removeEventListener('focus', onFocus);
      clearInterval(timer);
    };
  }, []);
};

export const useMaintenance = (): MaintenanceState => useStore(maintenanceStore);

export const DEFAULT_MAINTENANCE_MESSAGE =
  'Le site est en cours de maintenance. Veuillez réessayer dans quelques instants.';
