import 'leaflet/dist/leaflet.css';
import 'leaflet.markercluster/dist/MarkerCluster.css';
import 'leaflet.markercluster/dist/MarkerCluster.Default.css';
import L from 'leaflet';
// After Leaflet: the plugin extends the global L that Leaflet sets.
import 'leaflet.markercluster';
import type { I18n } from '@lingui/core';
import { Plural, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { apiQuery } from '#client/lib/api.ts';
import { type Locale, localePath } from '#shared/i18n.ts';
import type { ListingSummary } from '#shared/listings.ts';
import { priceLabel } from '../listing-labels.ts';
import { loadStateOutlines } from './state-outlines.ts';

const TYPE_COLORS: Record<ListingSummary['type'], string> = {
  rental: '#2f6b3a',
  exchange: '#b45309',
  community: '#0369a1',
};

// Below the tile pane (z-index 200): loaded tiles cover the outlines, missing ones reveal them.
const OUTLINE_PANE = 'stateOutlines';

function listingMarker(l: ListingSummary & { lat: number; lng: number }, i18n: I18n): L.Marker {
  const dot = document.createElement('span');
  dot.className = 'block size-[18px] rounded-full border-2 border-white shadow-md';
  dot.style.backgroundColor = TYPE_COLORS[l.type];
  // Built with DOM nodes, never HTML strings: titles are user text.
  const popup = document.createElement('div');
  const link = document.createElement('a');
  link.href = localePath(i18n.locale as Locale, `/listings/${l.id}`);
  link.textContent = l.title;
  link.className = 'font-semibold';
  const meta = document.createElement('div');
  meta.textContent = `${l.city}, ${l.state} · ${priceLabel(i18n, l) ?? ''}`;
  popup.append(link, meta);
  const marker = L.marker([l.lat, l.lng], {
    icon: L.divIcon({ html: dot, className: '', iconSize: [18, 18] }),
  })
    .bindPopup(popup)
    .bindTooltip(l.title);
  marker.on('add', () => marker.getElement()?.setAttribute('aria-label', l.title));
  return marker;
}

// Markers come from the stored coordinates, clustered where many are close. Tiles come from the
// server's MAP_TILE_URL; US state outlines from the bundled atlas lie under them, so without tiles
// (offline, blocked) the markers keep their context.
export default function ListingsMap({ listings }: { listings: ListingSummary[] }) {
  const { t, i18n } = useLingui();
  const el = useRef<HTMLElement>(null);
  const [map, setMap] = useState<L.Map | null>(null);
  const cluster = useRef<L.MarkerClusterGroup | null>(null);
  const tiles = useQuery({
    ...apiQuery(['/api/map-config'], 'mapConfig'),
    staleTime: Number.POSITIVE_INFINITY,
  });

  useEffect(() => {
    if (!el.current) return;
    const m = L.map(el.current, { scrollWheelZoom: false, maxZoom: 18 }).setView([39.5, -98.35], 4);
    m.getContainer().style.background = '#e2eaee'; // water and the lands beyond the outlines
    const pane = m.createPane(OUTLINE_PANE);
    pane.style.zIndex = '150';
    pane.style.pointerEvents = 'none';
    let live = true;
    loadStateOutlines()
      .then((outlines) => {
        if (!live) return;
        L.geoJSON(outlines, {
          pane: OUTLINE_PANE,
          interactive: false,
          style: { color: '#8b9a8d', weight: 1, fillColor: '#fbfaf4', fillOpacity: 1 },
        }).addTo(m);
      })
      .catch(() => {
        // No outlines: the markers still show on the plain background.
      });
    cluster.current = L.markerClusterGroup({ showCoverageOnHover: false, maxClusterRadius: 50 }).addTo(m);
    setMap(m);
    return () => {
      live = false;
      m.remove();
      cluster.current = null;
      setMap(null);
    };
  }, []);

  const tileUrl = tiles.data?.tileUrl;
  const attribution = tiles.data?.attribution;
  useEffect(() => {
    if (!map || !tileUrl) return;
    const layer = L.tileLayer(tileUrl, { maxZoom: 18, attribution }).addTo(map);
    return () => {
      layer.remove();
    };
  }, [map, tileUrl, attribution]);

  useEffect(() => {
    const group = cluster.current;
    if (!map || !group) return;
    group.clearLayers();
    const markers: L.Marker[] = [];
    for (const l of listings) {
      if (l.lat === null || l.lng === null) continue;
      markers.push(listingMarker({ ...l, lat: l.lat, lng: l.lng }, i18n));
    }
    group.addLayers(markers);
    const points = markers.map((mk) => mk.getLatLng());
    if (points.length === 1) map.setView(points[0], 11);
    else if (points.length > 1) map.fitBounds(L.latLngBounds(points), { padding: [30, 30], maxZoom: 12 });
  }, [map, listings, i18n]);

  const unplaced = listings.filter((l) => l.lat === null || l.lng === null).length;
  return (
    <div>
      <section
        ref={el}
        aria-label={t`Map of listings`}
        data-testid="listings-map"
        className="h-[60vh] min-h-[360px] w-full overflow-hidden rounded-xl border border-border bg-muted"
      />
      {unplaced ? (
        <p className="mt-2 text-sm text-muted-foreground">
          <Plural
            value={unplaced}
            one="# space has no known map position and is shown in the grid only."
            other="# spaces have no known map position and are shown in the grid only."
          />
        </p>
      ) : null}
    </div>
  );
}
