/** Thin progress bar while requests run; it clears 800 ms after the last request ends. */
import { useEffect, useRef, useState } from 'react';
import { LinearProgress } from '@mui/material';
import { LOADING_CLEAR_DELAY_MS } from '../../common/domain';
import { appEvents } from '../state/events';

export function LoadingBar() {
  const [visible, setVisible] = useState(false);
  const timer = useRef<number | undefined>(undefined);

  useEffect(
    () =>
      appEvents.on('loading', (count) => {
        window.clearTimeout(timer.current);
        if (count > 0) setVisible(true);
        else timer.current = window.setTimeout(() => setVisible(false), LOADING_CLEAR_DELAY_MS);
      }),
    [],
  );
  useEffect(() => () => window.clearTimeout(timer.current), []);

  return (
    <LinearProgress
      data-testid="loading-bar"
      aria-hidden={!visible}
      color="secondary"
      sx={{
        position: 'fixed',
        top: 0,
        left: 0,
        right: 0,
        zIndex: 1400,
        height: 3,
        visibility: visible ? 'visible' : 'hidden',
      }}
    />
  );
}
