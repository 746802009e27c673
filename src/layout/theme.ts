import { defaultDarkTheme, defaultLightTheme, type RaThemeOptions } from 'react-admin';

const shared: Partial<RaThemeOptions> = {
  sidebar: { width: 248, closedWidth: 56 },
  components: {
    RaMenuItemLink: {
      styleOverrides: {
        root: { borderLeft: '3px solid transparent', '&.RaMenuItemLink-active': { borderLeftColor: 'currentColor' } },
      },
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
