/**
 * Seed §9's display constants, in one place: the dashboard's theme (breakpoints, dialogs) and the
 * toasts read them from here, and `displayConstants.unit.spec.ts` checks they are the seed's.
 */

/** Breakpoints (px): xs 0, sm 640, md 1024, lg 1440, xl 1920. */
export const BREAKPOINTS = { xs: 0, sm: 640, md: 1024, lg: 1440, xl: 1920 } as const;

/** Modal sizes (px), the overlay's opacity and the opening/closing transition (ms). */
export const MODAL = {
  sizes: { small: 576, medium: 768, large: 992 },
  overlayOpacity: 0.6,
  transitionMs: 300,
} as const;

/** Where a toast may show. */
export const TOAST_POSITIONS = [
  'top-right',
  'top-center',
  'top-left',
  'bottom-right',
  'bottom-center',
  'bottom-left',
] as const;
export type ToastPosition = (typeof TOAST_POSITIONS)[number];

/**
 * Toasts: hidden after 5000 ms unless told otherwise, 16 px from the window's edge, 5 px apart; a
 * notification carried over a page load shows 3150 ms. The notifications (success and warning
 * 3000 ms, an error until closed) sit at the top centre, the notification bar of seed §2.
 */
export const TOAST = {
  defaultTimeoutMs: 5000,
  defaultPosition: 'top-right' as ToastPosition,
  notificationPosition: 'top-center' as ToastPosition,
  offsetPx: 16,
  spacingPx: 5,
  initialTimeoutMs: 3150,
} as const;

/** Where a stack of toasts sits for its position: its edges, 16 px away, and 5 px between toasts. */
export const toastStackStyle = (position: ToastPosition): Record<string, string | number> => {
  const [vertical, horizontal] = position.split('-') as ['top' | 'bottom', string];
  return {
    top: vertical === 'top' ? TOAST.offsetPx : 'auto',
    bottom: vertical === 'bottom' ? TOAST.offsetPx : 'auto',
    left: horizontal === 'left' ? TOAST.offsetPx : horizontal === 'center' ? '50%' : 'auto',
    right: horizontal === 'right' ? TOAST.offsetPx : 'auto',
    transform: horizontal === 'center' ? 'translateX(-50%)' : 'none',
    gap: TOAST.spacingPx,
    flexDirection: vertical === 'top' ? 'column' : 'column-reverse',
  };
};

/**
 * Material UI's part of the theme that §9 fixes: its breakpoints, and dialogs' widths (small,
 * medium, large for `maxWidth` sm, md, lg), overlay and transition. Plain data, merged by
 * `dashboard/muiTheme.ts`.
 */
export const seedThemeOptions = {
  breakpoints: { values: { ...BREAKPOINTS } },
  dialog: {
    defaultProps: { transitionDuration: MODAL.transitionMs },
    styleOverrides: {
      root: {
        '& .MuiBackdrop-root': { backgroundColor: `rgba(0, 0, 0, ${MODAL.overlayOpacity})` },
      },
      paperWidthSm: { maxWidth: MODAL.sizes.small },
      paperWidthMd: { maxWidth: MODAL.sizes.medium },
      paperWidthLg: { maxWidth: MODAL.sizes.large },
    },
  },
} as const;
