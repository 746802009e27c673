/**
 * Where the request asks for the sensor: a map with a marker (configured tiles, or the bundled
 * country outlines when there are none or they fail — zoomed out far enough for the outlines to
 * tell the place), loaded with Leaflet on demand.
 */
import { useMemo } from 'react';
import type { LatLngExpression } from 'leaflet';
import { MapContainer, Marker } from 'react-leaflet';
import { useTranslate } from 'react-admin';
import { REINSTALL_MAP } from '../../../common/reinstall';
import { MapBackground, MapFrame, mapSettings } from '../../components/map/MapBackground';
import { markerIcon } from '../../pages/reinstall/leafletIcon';

/** Street level with tiles; with the outlines only, the country around the place. */
const ZOOM = { tiles: 16, outlines: 6 } as const;

export function RequestMap({ position }: { position: [number, number] }) {
  const translate = useTranslate();
  const settings = useMemo(() => mapSettings(REINSTALL_MAP), []);
  return (
    <MapFrame
      sx={{ height: { xs: 240, md: 300 } }}
      data-testid="request-map"
      data-lat={position[0]}
      data-lng={position[1]}
    >
      <MapContainer
        center={position as LatLngExpression}
        zoom={settings.tileUrl ? ZOOM.tiles : ZOOM.outlines}
        scrollWheelZoom={false}
      >
        <MapBackground tileUrl={settings.tileUrl} />
        <Marker position={position} icon={markerIcon} title={translate('requests.location.marker')} />
      </MapContainer>
    </MapFrame>
  );
}

export default RequestMap;
