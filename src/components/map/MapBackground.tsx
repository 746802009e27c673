/**
 * What every map of the console stands on: its frame (size, border, the sea's colour, popups and
 * controls in the light and dark themes), its settings from the runtime configuration (tile URL, centre, zoom) and its
 * background — the configured tiles, or the bundled country outlines when no tile URL is
 * configured or the tiles fail to load (no tile server is reachable on an offline machine).
 */
import 'leaflet/dist/leaflet.css';
import { useState, type ReactNode } from 'react';
import { Box, type SxProps, type Theme } from '@mui/material';
import { TileLayer } from 'react-leaflet';
import { runtimeConfig } from '../../config';
import { CountryOutlines } from './CountryOutlines';

export interface MapSettings {
  tileUrl: string;
  center: [number, number];
  zoom: number;
}

/** The runtime configuration's map settings; `defaults` where it names none (or is not loaded, in component tests). */
export function mapSettings(defaults: { center: [number, number]; zoom: number }): MapSettings {
  try {
    const { tileUrl, center, zoom } = runtimeConfig().map;
    return { tileUrl: tileUrl ?? '', center: center ?? defaults.center, zoom: zoom ?? defaults.zoom };
  } catch {
    return { tileUrl: '', ...defaults };
  }
}

/** Tiles from `tileUrl`; country outlines without one or once a tile fails. A child of `<MapContainer>`. */
export function MapBackground({ tileUrl }: { tileUrl: string }) {
  const [tilesFailed, setTilesFailed] = useState(false);
  return (
    <>
      {(!tileUrl || tilesFailed) && <CountryOutlines />}
      {tileUrl && (
        <TileLayer
          url={tileUrl}
          eventHandlers={{ tileerror: () => setTilesFailed(true) }}
          opacity={tilesFailed ? 0 : 1}
        />
      )}
    </>
  );
}

/** The box a `<MapContainer>` fills: rounded, bordered, the sea's colour behind the outlines. */
export function MapFrame({
  sx,
  children,
  ...data
}: { sx?: SxProps<Theme>; children: ReactNode } & Record<`data-${string}`, string | number | undefined>) {
  return (
    <Box
      {...data}
      sx={[
        (theme) => ({
          position: 'relative',
          borderRadius: 1,
          overflow: 'hidden',
          border: 1,
          borderColor: 'divider',
          '& .leaflet-container': {
            height: '100%',
            width: '100%',
            background: theme.palette.mode === 'dark' ? '#1a2129' : '#dce8f0',
            fontFamily: theme.typography.fontFamily,
          },
          // Popups and controls in the theme's colours (Leaflet draws them white).
          '& .leaflet-popup-content-wrapper, & .leaflet-popup-tip': {
            background: theme.palette.background.paper,
            color: theme.palette.text.primary,
          },
          '& .leaflet-bar a, & .leaflet-control-attribution': {
            background: theme.palette.background.paper,
            color: theme.palette.text.primary,
          },
        }),
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {children}
    </Box>
  );
}
