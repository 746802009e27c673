import { defaultDarkTheme, defaultLightTheme, type RaThemeOptions } from 'react-admin';

const shared: Partial<RaThemeOptions> = {
  sidebar: { width: 248, closedWidth: 56 },
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
    RaMenuItemLink: {
      styleOverrides: {
        root: { borderLeft: '3px solid transparent', '&.RaMenuItemLink-active': { borderLeftColor: 'currentColor' } },
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
