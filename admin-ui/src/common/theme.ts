import { createStore, useStore } from './store';

export type ThemeMode = 'light' | 'dark';

/** The seed's colour keys (§3); the values are ours, the seed does not show them. */
export interface ThemeColors {
  primary: string;
  secondary: string;
  success: string;
  info: string;
  danger: string;
  warning: string;
  backgroundPrimary: string;
  backgroundSecondary: string;
  backgroundElement: string;
  backgroundBorder: string;
  textPrimary: string;
  textInverted: string;
  shadow: string;
  focus: string;
  transparent: string;
}

export const THEMES: Record<ThemeMode, ThemeColors> = {
  light: {
    primary: '#234683',
    secondary: '#0f6e7a',
    success: '#2e7d32',
    info: '#0277bd',
    danger: '#c62828',
    warning: '#a35200',
    backgroundPrimary: '#f5f6fa',
    backgroundSecondary: '#eceff5',
    backgroundElement: '#ffffff',
    backgroundBorder: '#d5dae4',
    textPrimary: '#1d2433',
    textInverted: '#ffffff',
    shadow: 'rgba(16, 24, 40, 0.14)',
    focus: '#3b7bf0',
    transparent: 'transparent',
  },
  dark: {
    primary: '#8fb1ef',
    secondary: '#5cc4d1',
    success: '#66bb6a',
    info: '#4fc3f7',
    danger: '#ef6b6b',
    warning: '#ffb74d',
    backgroundPrimary: '#11151d',
    backgroundSecondary: '#181e29',
    backgroundElement: '#1f2734',
    backgroundBorder: '#344055',
    textPrimary: '#e6e9f0',
    textInverted: '#11151d',
    shadow: 'rgba(0, 0, 0, 0.55)',
    focus: '#82b1ff',
    transparent: 'transparent',
  },
};

const COOKIE = 'theme';
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

const readCookie = (): ThemeMode | undefined => {
  const match = /(?:^|;\s*)theme=(light|dark)(?:;|$)/.exec(document.cookie);
  return match?.[1] as ThemeMode | undefined;
};

const cssName = (key: string): string =>
  `--color-${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;

/** CSS variables on the root element serve the public pages and the toasts alike. */
const apply = (mode: ThemeMode): void => {
  const root = document.documentElement;
  root.dataset.theme = mode;
  root.style.colorScheme = mode;
  for (const [key, value] of Object.entries(THEMES[mode]))
    root.style.setProperty(cssName(key), value);
};

export const themeStore = createStore<ThemeMode>(readCookie() ?? 'light');
apply(themeStore.get());
themeStore.subscribe(() => apply(themeStore.get()));

export const setThemeMode = (mode: ThemeMode): void => {
  document.cookie = `${COOKIE}=${mode}; path=/; max-age=${ONE_YEAR_SECONDS}; SameSite=Lax`;
  themeStore.set(mode);
};

export const toggleThemeMode = (): void =>
  setThemeMode(themeStore.get() === 'dark' ? 'light' : 'dark');

export const useThemeMode = (): ThemeMode => useStore(themeStore);

/** The toggle names what it switches to (the e2e reads these names). */
export const themeToggleLabel = (mode: ThemeMode): string =>
  mode === 'dark' ? 'Thème clair' : 'Thème sombre';
