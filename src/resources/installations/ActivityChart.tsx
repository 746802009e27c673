/**
 * The 72-hour activity chart of an installation (document 2, sections 2.1 and 9): a 360×20 canvas,
 * one 5-pixel bar per hour (oldest on the left, the current hour on the right), filled where the
 * sensor reported that hour. Drawn on a canvas: a page of 100 rows is 100 bitmaps, not 7,200 nodes.
 */
import { useEffect, useRef } from 'react';
import { useTheme } from '@mui/material/styles';
import { useTranslate } from 'react-admin';
import { ACTIVITY_HOURS } from '../../../common/domain';

export const ACTIVITY_CANVAS = { width: 360, height: 20 } as const;

export function ActivityChart({ flags }: { flags: readonly number[] | undefined }) {
  const ref = useRef<HTMLCanvasElement>(null);
  const theme = useTheme();
  const translate = useTranslate();
  const active = flags?.filter((f) => f === 1).length ?? 0;
  useEffect(() => {
    const ctx = ref.current?.getContext('2d');
    if (!ctx) return;
    const { width, height } = ACTIVITY_CANVAS;
    const bar = width / ACTIVITY_HOURS;
    ctx.clearRect(0, 0, width, height);
    ctx.fillStyle = theme.palette.action.hover;
    ctx.fillRect(0, 0, width, height);
    ctx.fillStyle = theme.palette.success.main;
    (flags ?? []).forEach((flag, hour) => {
      if (flag === 1) ctx.fillRect(hour * bar, 0, bar - 1, height);
    });
  }, [flags, theme]);
  return (
    <canvas
      ref={ref}
      width={ACTIVITY_CANVAS.width}
      height={ACTIVITY_CANVAS.height}
      role="img"
      aria-label={translate('installations.activityChart', { active, hours: ACTIVITY_HOURS })}
      data-active-hours={active}
      style={{ display: 'block' }}
    />
  );
}
