/**
 * The installations on the map, as few markers as the view needs: after every move or zoom the
 * index is asked for the clusters of the visible area (with a margin, so panning does not show
 * empty edges) at that zoom. A cluster shows its count in the colour of its share of active
 * installations and zooms in when clicked; one at a single place that no zoom separates lists its
 * installations instead. A single installation opens its actions. The map fits the feed's points
 * once per `fitKey` (a new query), not on every refetch.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import type { Map as LeafletMap } from 'leaflet';
import { Marker, Popup, useMap, useMapEvents } from 'react-leaflet';
import { useTranslate } from 'react-admin';
import { MAX_ZOOM, activityOf, clusterLeaves, markersIn, type MapIndex, type MapMarker } from './clusters';
import { InstallationPopup, StackPopup, type MapInstallation } from './InstallationPopup';
import { clusterIcon, pointIcon, useActivityColours } from './markerIcons';

/** Installations listed for a place no zoom separates. */
const STACK_LIMIT = 50;
/** Share of the view added on each side before asking for clusters. */
const VIEW_MARGIN = 0.25;

interface View {
  bbox: [number, number, number, number];
  zoom: number;
}

function viewOf(map: LeafletMap): View {
  const b = map.getBounds().pad(VIEW_MARGIN);
  return { bbox: [b.getWest(), b.getSouth(), b.getEast(), b.getNorth()], zoom: map.getZoom() };
}

type Selection =
  | { kind: 'installation'; installation: MapInstallation }
  | { kind: 'stack'; lat: number; lng: number; installations: MapInstallation[]; total: number };

export function ClusterLayer({
  index,
  bounds,
  fitKey,
}: {
  index: MapIndex | null;
  bounds: [[number, number], [number, number]] | null;
  /** The map fits `bounds` when this changes (undefined: not yet, e.g. while a new feed loads). */
  fitKey: string | undefined;
}) {
  const map = useMap();
  const translate = useTranslate();
  const colours = useActivityColours();
  const [view, setView] = useState<View>(() => viewOf(map));
  const [selected, setSelected] = useState<Selection | null>(null);
  useMapEvents({ moveend: () => setView(viewOf(map)) });

  const fitted = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (fitKey === undefined || fitted.current === fitKey) return;
    fitted.current = fitKey;
    setSelected(null);
    if (bounds) map.fitBounds(bounds, { padding: [24, 24], maxZoom: 15 });
  }, [map, bounds, fitKey]);

  const markers = useMemo(() => (index ? markersIn(index, view.bbox, view.zoom) : []), [index, view]);

  const open = (m: Extract<MapMarker, { kind: 'cluster' }>) => {
    if (!index) return;
    const zoom = index.getClusterExpansionZoom(m.clusterId);
    if (zoom <= MAX_ZOOM) map.setView([m.lat, m.lng], zoom);
    else
      setSelected({
        kind: 'stack',
        lat: m.lat,
        lng: m.lng,
        installations: clusterLeaves(index, m.clusterId, STACK_LIMIT),
        total: m.count,
      });
  };

  const popupAt = selected?.kind === 'installation' ? selected.installation : selected;
  return (
    <>
      {markers.map((m) =>
        m.kind === 'cluster' ? (
          <Marker
            key={m.key}
            position={[m.lat, m.lng]}
            icon={clusterIcon(m.count, activityOf(m.active, m.count), colours)}
            title={translate('installations.map.cluster', { smart_count: m.count, active: m.active })}
            eventHandlers={{ click: () => open(m) }}
          />
        ) : (
          <Marker
            key={m.key}
            position={[m.lat, m.lng]}
            icon={pointIcon(m.active, colours)}
            title={translate('installations.map.installation', { id: m.id })}
            eventHandlers={{ click: () => setSelected({ kind: 'installation', installation: m }) }}
          />
        ),
      )}
      {selected && popupAt && (
        <Popup
          key={selected.kind === 'installation' ? `i${selected.installation.id}` : `s${selected.lat},${selected.lng}`}
          position={[popupAt.lat, popupAt.lng]}
          eventHandlers={{ remove: () => setSelected((s) => (s === selected ? null : s)) }}
        >
          {selected.kind === 'installation' ? (
            <InstallationPopup installation={selected.installation} />
          ) : (
            <StackPopup
              installations={selected.installations}
              total={selected.total}
              onSelect={(installation) => setSelected({ kind: 'installation', installation })}
            />
          )}
        </Popup>
      )}
    </>
  );
}
