/**
 * Below the `md` breakpoint (900 px) the sidebar starts closed, and closes when the window shrinks
 * past it; growing past it opens it again. In between, the menu button opens and closes it as usual.
 */
import { useEffect, useRef } from 'react';
import { useMediaQuery, type Theme } from '@mui/material';
import { useSidebarState } from 'react-admin';

export function SidebarAutoCollapse() {
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'), { noSsr: true });
  const [, setOpen] = useSidebarState();
  const previous = useRef<boolean | null>(null);
  useEffect(() => {
    // On a large screen at start-up the remembered state stays as the user left it.
    if (small) setOpen(false);
    else if (previous.current === true) setOpen(true);
    previous.current = small;
  }, [small, setOpen]);
  return null;
}
