/** The console's light and dark themes (react-admin's defaults with its colours), the sidebar's widths and the layout rules every screen shares. */
import { defaultDarkTheme, defaultLightTheme, type RaThemeOptions } from 'react-admin';

/** The sidebar's width open and closed (its icons only); the menu (AppMenu.tsx) takes the same. */
export const SIDEBAR_WIDTH = { open: 248, closed: 56 } as const;

const shared: Partial<RaThemeOptions> = {
  sidebar: { width: SIDEBAR_WIDTH.open, closedWidth: SIDEBAR_WIDTH.closed },
  components: {
    // Honour the system's "reduce motion" setting (WCAG 2.3.3): no CSS animation or transition
    // runs (spinners, skeleton pulses, ripples, dialogs sliding in).
    MuiCssBaseline: {
      styleOverrides: {
        '@media (prefers-reduced-motion: reduce)': {
          '*, *::before, *::after': {
            animationDuration: '0s !important',
            animationIterationCount: '1 !important',
            transitionDuration: '0s !important',
            transitionDelay: '0s !important',
            scrollBehavior: 'auto !important',
          },
        },
      },
    },
    // The page never grows wider than the window (react-admin's layout is `min-width: fit-content`):
    // a wide table scrolls inside its own card instead, so toolbars and buttons stay on screen.
    RaLayout: { styleOverrides: { root: { minWidth: 0, '& .RaLayout-content': { minWidth: 0 } } } },
    RaList: {
      styleOverrides: { root: { '& .RaList-main': { minWidth: 0 }, '& .RaList-content': { overflowX: 'auto' } } },
    },
  },
};

export const lightTheme: RaThemeOptions = {
  ...defaultLightTheme,
  ...shared,
  palette: { ...defaultLightTheme.palette, primary: { main: '#1565c0' }, secondary: { main: '#00796b' } },
};

export const darkTheme: RaThemeOptions = {
  ...defaultDarkTheme,
  ...shared,
  palette: { ...defaultDarkTheme.palette, mode: 'dark', primary: { main: '#90caf9' }, secondary: { main: '#80cbc4' } },
};
