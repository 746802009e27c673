/** The console's light and dark themes (react-admin's defaults with its colours), the sidebar's widths and the layout rules every screen shares. */
import type { Theme } from '@mui/material/styles';
import { defaultDarkTheme, defaultLightTheme, type RaThemeOptions } from 'react-admin';

/** The sidebar's width open and closed (its icons only); the menu (AppMenu.tsx) takes the same. */
export const SIDEBAR_WIDTH = { open: 248, closed: 56 } as const;

/**
 * The "Skip to content" link's action (WCAG 2.4.1): the focus moves into the page's content and
 * stays there, so the next Tab reaches the page's first control past the app bar and the sidebar.
 * react-admin's own focuses the content and blurs it at once, which leaves nothing focused for a
 * screen reader to announce and the next Tab to start from.
 */
export function skipToContent() {
  const content = document.getElementById('main-content');
  if (!content) return;
  if (!content.hasAttribute('tabindex')) {
    content.setAttribute('tabindex', '-1');
    content.addEventListener('blur', () => content.removeAttribute('tabindex'), { once: true });
  }
  content.focus();
}

const shared: Partial<RaThemeOptions> = {
  sidebar: { width: SIDEBAR_WIDTH.open, closedWidth: SIDEBAR_WIDTH.closed },
  components: {
    // Honour the system's "reduce motion" setting (WCAG 2.3.3): no CSS animation or transition
    // runs (spinners, skeleton pulses, ripples, dialogs sliding in).
    MuiCssBaseline: {
      styleOverrides: (theme: Theme) => ({
        // The map's attribution links in the theme's link colour: Leaflet's #0078a8 is 3.79:1 on the
        // dark theme's map controls.
        '.leaflet-control-attribution a': { color: theme.palette.primary.main },
        '@media (prefers-reduced-motion: reduce)': {
          '*, *::before, *::after': {
            animationDuration: '0s !important',
            animationIterationCount: '1 !important',
            transitionDuration: '0s !important',
            transitionDelay: '0s !important',
            scrollBehavior: 'auto !important',
          },
        },
      }),
    },
    // A visible focus ring on every button, link-button, sort header and menu entry reached by the
    // keyboard (WCAG 2.4.7; the primary colour is ≥ 3:1 on the page, tests/unit/themeContrast.test.ts):
    // MUI shows only a faint ripple. The app bar draws it in its text colour (AppBar.tsx).
    MuiButtonBase: {
      styleOverrides: {
        root: ({ theme }: { theme: Theme }) => ({
          '&.Mui-focusVisible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
        }),
      },
    },
    // Progress bars and spinners are named in the user's language by ProgressNames (Layout.tsx).
    MuiMenuItem: { styleOverrides: { root: { '&.Mui-focusVisible': { outlineOffset: -2 } } } },
    // The page never grows wider than the window (react-admin's layout is `min-width: fit-content`):
    // a wide table scrolls inside its own card instead, so toolbars and buttons stay on screen.
    RaLayout: {
      styleOverrides: {
        // The content takes the focus from the skip link as a landing point only: no ring around the page.
        root: { minWidth: 0, '& .RaLayout-content': { minWidth: 0 }, '& #main-content:focus': { outline: 'none' } },
      },
    },
    // react-admin's skip link (the first Tab stop, shown on focus): the primary colour behind its
    // contrast text (its own white on the light page's grey is unreadable), and our focus action.
    RaSkipNavigationButton: {
      defaultProps: { onClick: skipToContent },
      styleOverrides: {
        root: ({ theme }: { theme: Theme }) => ({
          backgroundColor: theme.palette.primary.main,
          color: theme.palette.primary.contrastText,
          '&:hover': { opacity: 1, backgroundColor: theme.palette.primary.dark },
        }),
      },
    },
    RaList: {
      styleOverrides: { root: { '& .RaList-main': { minWidth: 0 }, '& .RaList-content': { overflowX: 'auto' } } },
    },
  },
};

/**
 * Status colours at WCAG 2.1 AA (1.4.3 text ≥ 4.5:1, 1.4.11 UI parts ≥ 3:1), each as text on the
 * page and behind its contrast text (chips, badges, the admin's app bar, banners). MUI's light
 * warning (#ed6c02, 3.11:1 on white) and info (#0288d1, 3.86:1) and its dark error (#f44336:
 * 3.68:1 behind white, 3.53:1 as text on the dark page) fall short; the ratios each replacement
 * gives are in tests/unit/themeContrast.test.ts, which checks them.
 */
const lightStatus = {
  // 6.06:1 on white, and white on it.
  warning: { main: '#a84300', contrastText: '#fff' },
  // 7.40:1 on white, and white on it.
  info: { main: '#01579b', contrastText: '#fff' },
  // MUI's (4.98:1 with white): the admin's red app bar keeps its colour.
  error: { main: '#d32f2f', contrastText: '#fff' },
  success: { main: '#2e7d32', contrastText: '#fff' },
};
const darkStatus = {
  // 5.05:1 as text on the dark page, black text on it.
  error: { main: '#ff7961', contrastText: 'rgba(0, 0, 0, 0.87)' },
  warning: { main: '#ffa726', contrastText: 'rgba(0, 0, 0, 0.87)' },
  info: { main: '#29b6f6', contrastText: 'rgba(0, 0, 0, 0.87)' },
  success: { main: '#66bb6a', contrastText: 'rgba(0, 0, 0, 0.87)' },
};

export const lightTheme: RaThemeOptions = {
  ...defaultLightTheme,
  ...shared,
  palette: {
    ...defaultLightTheme.palette,
    primary: { main: '#1565c0' },
    secondary: { main: '#00796b' },
    ...lightStatus,
  },
};

export const darkTheme: RaThemeOptions = {
  ...defaultDarkTheme,
  ...shared,
  palette: {
    ...defaultDarkTheme.palette,
    mode: 'dark',
    primary: { main: '#90caf9' },
    secondary: { main: '#80cbc4' },
    ...darkStatus,
  },
};
