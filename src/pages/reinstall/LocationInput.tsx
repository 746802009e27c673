/**
 * Latitude and longitude of the new installation: a map (centred on Poland at zoom 6) with a
 * draggable marker, and the two fields. Dragging the marker or clicking the map writes the
 * position rounded to 6 decimals into the fields; typing into the fields moves the marker. Tiles
 * come from the runtime configuration; without a tile URL, or when tiles fail, bundled country
 * outlines are drawn instead.
 */
import { useEffect, useMemo } from 'react';
import { Box, Typography } from '@mui/material';
import type { LatLngExpression, LeafletEventHandlerFnMap, Marker as LeafletMarker } from 'leaflet';
import { MapContainer, Marker, useMap, useMapEvents } from 'react-leaflet';
import { useFormContext, useWatch } from 'react-hook-form';
import { TextInput, useTranslate } from 'react-admin';
import { REINSTALL_MAP, roundCoordinate } from '../../../common/reinstall';
import { decimalPoint } from '../../components/sensors/factors';
import { MapBackground, MapFrame, mapSettings } from '../../components/map/MapBackground';
import { markerIcon } from './leafletIcon';

const parseCoordinate = (v: unknown, max: number): number | null => {
  if (v === undefined || v === null || String(v).trim() === '') return null;
  const n = Number(decimalPoint(String(v).trim()));
  return Number.isFinite(n) && Math.abs(n) <= max ? n : null;
};

/** Keeps the marker in view when the fields move it somewhere the map does not show. */
function FollowMarker({ position }: { position: [number, number] }) {
  const map = useMap();
  useEffect(() => {
    if (!map.getBounds().contains(position)) map.panTo(position);
  }, [map, position]);
  return null;
}

function ClickToPlace({ onPlace }: { onPlace: (lat: number, lng: number) => void }) {
  useMapEvents({ click: (e) => onPlace(e.latlng.lat, e.latlng.lng) });
  return null;
}

export function LocationInput() {
  const translate = useTranslate();
  const settings = useMemo(() => mapSettings(REINSTALL_MAP), []);
  const { setValue } = useFormContext();
  const [latitude, longitude] = useWatch({ name: ['latitude', 'longitude'] }) as [unknown, unknown];
  const lat = parseCoordinate(latitude, 90);
  const lng = parseCoordinate(longitude, 180);
  const position = useMemo<[number, number]>(
    () => (lat !== null && lng !== null ? [lat, lng] : [REINSTALL_MAP.marker.lat, REINSTALL_MAP.marker.lng]),
    [lat, lng],
  );

  const place = (newLat: number, newLng: number) => {
    const options = { shouldDirty: true, shouldValidate: true, shouldTouch: true };
    setValue('latitude', String(roundCoordinate(newLat)), options);
    setValue('longitude', String(roundCoordinate(newLng)), options);
  };
  const markerEvents: LeafletEventHandlerFnMap = {
    dragend: (e) => {
      const { lat: newLat, lng: newLng } = (e.target as LeafletMarker).getLatLng();
      place(newLat, newLng);
    },
  };

  return (
    <Box>
      <MapFrame
        sx={{ height: { xs: 300, md: 380 } }}
        data-testid="reinstall-map"
        data-lat={position[0]}
        data-lng={position[1]}
      >
        <MapContainer center={settings.center as LatLngExpression} zoom={settings.zoom} scrollWheelZoom>
          <MapBackground tileUrl={settings.tileUrl} />
          <Marker
            position={position}
            draggable
            icon={markerIcon}
            eventHandlers={markerEvents}
            title={translate('reinstall.map.marker')}
          />
          <FollowMarker position={position} />
          <ClickToPlace onPlace={place} />
        </MapContainer>
      </MapFrame>
      <Typography variant="caption" color="text.secondary">
        {translate('reinstall.map.hint')}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', columnGap: 2, mt: 1 }}>
        <TextInput
          source="latitude"
          label="reinstall.fields.latitude"
          isRequired
          fullWidth
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
        <TextInput
          source="longitude"
          label="reinstall.fields.longitude"
          isRequired
          fullWidth
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
      </Box>
    </Box>
  );
}
