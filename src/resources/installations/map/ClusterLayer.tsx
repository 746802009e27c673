/**
 * The installations on the map, as few markers as the view needs: after every move or zoom the
 * index (in its worker, see clusterWorker.ts) is asked for the clusters of the visible area (with a
 * margin, so panning does not show empty edges) at that zoom; only the latest view's answer is
 * drawn, and only while it belongs to the current index. A cluster shows its count in the colour
 * of its share of active installations and zooms in when clicked; installations at the very same
 * coordinates (which no zoom separates) list themselves instead. A single installation opens its actions. The map fits
 * the feed's points once per `fitKey` (a new query), not on every refetch.
 */
import { useEffect, useRef, useState } from 'react';
import type { Map as LeafletMap } from 'leaflet';
import { Marker, Popup, useMap, useMapEvents } from 'react-leaflet';
import { useTranslate } from 'react-admin';
import { CLUSTER_MAX_ZOOM, activityOf, type MapInstallation, type MapMarker } from './clusters';
import type { ClusterIndex } from './clusterWorker';
import { InstallationPopup, StackPopup } from './InstallationPopup';
import { clusterIcon, pointIcon, useActivityColours } from './markerIcons';

/** Installations listed for one place; a cluster of more than this is zoomed into, never listed. */
const STACK_LIMIT = 50;
/** Share of the view added on each side before asking for clusters. */
const VIEW_MARGIN = 0.25;
const NO_MARKERS: MapMarker[] = [];

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
  index: ClusterIndex | null;
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

  const [shown, setShown] = useState<{ index: ClusterIndex; markers: MapMarker[] } | null>(null);
  useEffect(() => {
    if (!index) return;
    void index.markersIn(view.bbox, view.zoom).then((markers) => markers && setShown({ index, markers }));
  }, [index, view]);
  const markers = shown && shown.index === index ? shown.markers : NO_MARKERS;

  const listPlace = (lat: number, lng: number, installations: MapInstallation[], total: number) =>
    setSelected({ kind: 'stack', lat, lng, installations: installations.slice(0, STACK_LIMIT), total });

  const expand = async (m: Extract<MapMarker, { kind: 'cluster' }>) => {
    if (!index) return;
    const zoom = await index.expansionZoom(m.clusterId);
    if (zoom === null) return;
    // Still one cluster at the deepest clustered zoom: if all of it is one place, list it.
    if (zoom > CLUSTER_MAX_ZOOM && m.count <= STACK_LIMIT) {
      const leaves = await index.clusterLeaves(m.clusterId, STACK_LIMIT);
      if (leaves === null) return;
      const [first] = leaves;
      if (first && leaves.every((l) => l.lat === first.lat && l.lng === first.lng))
        return listPlace(first.lat, first.lng, leaves, m.count);
    }
    map.setView([m.lat, m.lng], zoom);
  };

  const popupAt = selected?.kind === 'installation' ? selected.installation : selected;
  return (
    <>
      {markers.map((m) =>
        m.kind === 'point' ? (
          <Marker
            key={m.key}
            position={[m.lat, m.lng]}
            icon={pointIcon(m.active, colours)}
            title={translate('installations.map.installation', { id: m.id })}
            eventHandlers={{ click: () => setSelected({ kind: 'installation', installation: m }) }}
          />
        ) : (
          <Marker
            key={m.key}
            position={[m.lat, m.lng]}
            icon={clusterIcon(m.count, activityOf(m.active, m.count), colours)}
            title={translate('installations.map.cluster', { smart_count: m.count, active: m.active })}
            eventHandlers={{
              click: () => (m.kind === 'cluster' ? void expand(m) : listPlace(m.lat, m.lng, m.installations, m.count)),
            }}
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
