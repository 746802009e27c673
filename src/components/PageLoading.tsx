/** What a screen loaded on demand shows while its code arrives: a small spinner, after a short delay. */
import { Suspense, type ComponentType, type ReactNode } from 'react';
import { Box, CircularProgress, Fade } from '@mui/material';
import { useTranslate } from 'react-admin';

export function PageLoading() {
  const translate = useTranslate();
  return (
    // The delay keeps a fast load from flashing a spinner.
    <Fade in style={{ transitionDelay: '300ms' }} unmountOnExit>
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }} data-testid="page-loading">
        <CircularProgress size={28} aria-label={translate('aq.loading')} />
      </Box>
    </Fade>
  );
}

export function PageSuspense({ children }: { children: ReactNode }) {
  return <Suspense fallback={<PageLoading />}>{children}</Suspense>;
}

/** A component (a lazy list) shown inside PageSuspense: for `<Resource list>`, which takes a component. */
export function withPageSuspense(Component: ComponentType): ComponentType {
  const Suspended = () => (
    <PageSuspense>
      <Component />
    </PageSuspense>
  );
  Suspended.displayName = `Suspended(${Component.displayName ?? Component.name ?? 'Page'})`;
  return Suspended;
}
