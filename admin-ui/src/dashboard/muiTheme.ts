import { frFR as pickersFrench } from '@mui/x-date-pickers/locales';
import type { CheckboxProps } from '@mui/material';
import { defaultTheme, type RaThemeOptions } from 'react-admin';
import { seedThemeOptions } from '../common/displayConstants';
import { THEMES, type ThemeMode } from '../common/theme';

type CheckboxOwnerState = CheckboxProps & { 'aria-label'?: string };

/** The seed's colour keys (common/theme) mapped onto Material UI's palette. */
export const muiTheme = (mode: ThemeMode): RaThemeOptions => {
  const c = THEMES[mode];
  return {
    ...defaultTheme,
    palette: {
      mode,
      // A button's text on its colour at 4.5:1 at least (Material UI's default asks 3:1): dark
      // text on the dark theme's light colours.
      contrastThreshold: 4.5,
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
      // react-admin names a list row's checkbox on its frame (a span may carry no name): the name
      // goes to the box itself, which a screen reader reads, and leaves the frame.
      MuiCheckbox: {
        defaultProps: {
          slotProps: {
            input: (owner: CheckboxOwnerState) => ({
              ...(owner.inputProps as object | undefined),
              ...(owner['aria-label'] ? { 'aria-label': owner['aria-label'] } : {}),
            }),
            root: (owner: CheckboxOwnerState) =>
              owner['aria-label'] ? { 'aria-label': undefined } : {},
          },
        },
      },
      // WCAG 1.4.3: the texts Material UI and react-admin draw in the « disabled » grey (3:1 at
      // best) read at 4.5:1 at least — an empty list's message, a locked field's explanation.
      RaEmpty: {
        styleOverrides: {
          root: { '& .RaEmpty-message': { color: c.textPrimary, opacity: 0.8 } },
        },
      },
      MuiFormHelperText: {
        styleOverrides: {
          root: { '&.Mui-disabled': { color: c.textPrimary, opacity: 0.8 } },
        },
      },
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
