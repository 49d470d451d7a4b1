import { frFR as pickersFrench } from '@mui/x-date-pickers/locales';
import { defaultTheme, type RaThemeOptions } from 'react-admin';
import { seedThemeOptions } from '../common/displayConstants';
import { THEMES, type ThemeMode } from '../common/theme';

/** The seed's colour keys (common/theme) mapped onto Material UI's palette. */
export const muiTheme = (mode: ThemeMode): RaThemeOptions => {
  const c = THEMES[mode];
  return {
    ...defaultTheme,
    palette: {
      mode,
      primary: { main: c.primary, contrastText: c.textInverted },
      secondary: { main: c.secondary },
      success: { main: c.success },
      info: { main: c.info },
      error: { main: c.danger },
      warning: { main: c.warning },
      background: { default: c.backgroundPrimary, paper: c.backgroundElement },
      divider: c.backgroundBorder,
      text: { primary: c.textPrimary },
    },
    sidebar: { width: 256, closedWidth: 56 },
    breakpoints: seedThemeOptions.breakpoints,
    components: {
      ...defaultTheme.components,
      MuiDialog: seedThemeOptions.dialog,
      // Every date picker in French: « JJ/MM/AAAA » as its placeholder, its buttons' words.
      ...pickersFrench.components,
      MuiAppBar: {
        styleOverrides: {
          root: {
            backgroundColor: mode === 'dark' ? c.backgroundSecondary : c.primary,
            color: mode === 'dark' ? c.textPrimary : c.textInverted,
          },
        },
      },
    },
  };
};
