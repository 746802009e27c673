/**
 * The map view's marker icons: small `divIcon`s (a coloured disc, with the count on a cluster), made
 * once per colour, size and label and reused by every marker and every redraw; their colours come
 * from the theme (success: active, warning: mixed, grey: inactive).
 */
import { useMemo } from 'react';
import { useTheme } from '@mui/material';
import L from 'leaflet';
import type { Activity } from './clusters';

export type ActivityColours = Record<Activity, string>;

export function useActivityColours(): ActivityColours {
  const { palette } = useTheme();
  return useMemo(
    () => ({ active: palette.success.main, mixed: palette.warning.main, inactive: palette.grey[500] }),
    [palette],
  );
}

const cache = new Map<string, L.DivIcon>();

function cached(key: string, make: () => L.DivIcon): L.DivIcon {
  let icon = cache.get(key);
  if (!icon) cache.set(key, (icon = make()));
  return icon;
}

/** Clusters of more installations are drawn larger. */
const clusterSize = (count: number) => (count < 100 ? 32 : count < 1000 ? 40 : 48);

/** Counts from 1,000 up shortened as supercluster does (1.2k, 15k). */
export const shortCount = (count: number) =>
  count >= 10_000 ? `${Math.round(count / 1000)}k` : count >= 1000 ? `${Math.round(count / 100) / 10}k` : String(count);

export function clusterIcon(count: number, activity: Activity, colours: ActivityColours): L.DivIcon {
  const size = clusterSize(count);
  const colour = colours[activity];
  const label = shortCount(count);
  return cached(`c:${size}:${colour}:${label}`, () =>
    L.divIcon({
      className: 'aq-map-cluster',
      iconSize: [size, size],
      html: `<div data-activity="${activity}" style="width:${size}px;height:${size}px;border-radius:50%;background:${colour};opacity:.9;box-shadow:0 0 0 4px ${colour}55;color:#fff;font:600 12px/${size}px sans-serif;text-align:center;">${label}</div>`,
    }),
  );
}

export function pointIcon(active: boolean, colours: ActivityColours): L.DivIcon {
  const colour = colours[active ? 'active' : 'inactive'];
  return cached(`p:${colour}`, () =>
    L.divIcon({
      className: 'aq-map-point',
      iconSize: [14, 14],
      html: `<div data-activity="${active ? 'active' : 'inactive'}" style="width:14px;height:14px;border-radius:50%;background:${colour};border:2px solid #fff;box-sizing:border-box;box-shadow:0 1px 3px #0006;"></div>`,
    }),
  );
}
