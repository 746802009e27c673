/**
 * Below the `lg` breakpoint (1200 px) the sidebar starts closed (its icons only), and closes when
 * the window shrinks past it; growing past it opens it again. In between, the menu button opens and
 * closes it as usual. An open sidebar takes 248 px: below 1200 px the lists' tables need them.
 */
import { useEffect, useRef } from 'react';
import { useMediaQuery, type Theme } from '@mui/material';
import { useSidebarState } from 'react-admin';

/** True in a window narrower than the width at which the sidebar stays open. */
export function useNarrowWindow(): boolean {
  return useMediaQuery((theme: Theme) => theme.breakpoints.down('lg'), { noSsr: true });
}

export function SidebarAutoCollapse() {
  const narrow = useNarrowWindow();
  const [, setOpen] = useSidebarState();
  const previous = useRef<boolean | null>(null);
  useEffect(() => {
    // On a large screen at start-up the remembered state stays as the user left it.
    if (narrow) setOpen(false);
    else if (previous.current === true) setOpen(true);
    previous.current = narrow;
  }, [narrow, setOpen]);
  return null;
}
