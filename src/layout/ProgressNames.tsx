/**
 * Every progress bar and spinner of the signed-in console has a name in the user's language (axe
 * aria-progressbar-name): react-admin's "Loading" message, as the default of MUI's two progress
 * components. One that says what it loads gives its own aria-label.
 */
import type { ReactNode } from 'react';
import { ThemeProvider, type Theme } from '@mui/material/styles';
import { useTranslate } from 'react-admin';

export function ProgressNames({ children }: { children: ReactNode }) {
  const translate = useTranslate();
  const name = translate('ra.page.loading');
  return (
    <ThemeProvider
      theme={(outer: Theme) => ({
        ...outer,
        components: {
          ...outer.components,
          MuiCircularProgress: { ...outer.components?.MuiCircularProgress, defaultProps: { 'aria-label': name } },
          MuiLinearProgress: { ...outer.components?.MuiLinearProgress, defaultProps: { 'aria-label': name } },
        },
      })}
    >
      {children}
    </ThemeProvider>
  );
}
