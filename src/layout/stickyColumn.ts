/**
 * A list column that stays at the right edge of its card while a table wider than the window
 * scrolls inside it (ListEmpty.tsx `LIST_SX`): the row actions, or the row's state, stay on screen.
 * Opaque in the card's own colour (the dark theme's elevation overlay included), with a divider.
 */
import type { SxProps, Theme } from '@mui/material';

export const STICKY_END_SX: SxProps<Theme> = {
  position: 'sticky',
  right: 0,
  zIndex: 1,
  bgcolor: 'background.paper',
  backgroundImage: 'var(--Paper-overlay)',
  boxShadow: (theme) => `inset 1px 0 0 ${theme.palette.divider}`,
};
