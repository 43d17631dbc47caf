import 'leaflet.markercluster/dist/MarkerCluster.css';
import 'leaflet.markercluster/dist/MarkerCluster.Default.css';
import L from 'leaflet';
// After Leaflet: the plugin extends the global L that Leaflet sets.
import 'leaflet.markercluster';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { LISTING_TYPES } from '#shared/constants.ts';
import { type Locale, localePath } from '#shared/i18n.ts';
import type { MapPoint } from '#shared/listings.ts';
import type { ListingFilters } from '../../api/listings.ts';
import { mapPointsQuery } from '../../api/map-points.ts';
import { priceLabel, typeLabel } from '../../listing-labels.ts';
import { createBaseMap, LOWER_48, TYPE_COLORS, useTileLayer, useZoomControl } from './base-map.ts';

// "Rental · $45 / month": what a point says (the map's answer carries no title, ADR 038).
function pointLabel(i18n: I18n, [, , , type, price]: MapPoint): string {
  const p = priceLabel(i18n, { type, price, workHours: null });
  return p ? `${typeLabel(i18n, type)} · ${p}` : typeLabel(i18n, type);
}

function pointMarker(point: MapPoint, i18n: I18n): L.Marker {
  const [id, lat, lng, type] = point;
  const dot = document.createElement('span');
  dot.className = 'block size-[18px] rounded-full border-2 border-white shadow-md';
  dot.style.backgroundColor = TYPE_COLORS[type];
  const label = pointLabel(i18n, point);
  // Built with DOM nodes, never HTML strings.
  const popup = document.createElement('div');
  const link = document.createElement('a');
  link.href = localePath(i18n.locale as Locale, `/listings/${id}`);
  link.textContent = i18n._(msg`View this space`);
  link.className = 'font-semibold';
  const meta = document.createElement('div');
  meta.textContent = label;
  popup.append(meta, link);
  const marker = L.marker([lat, lng], { icon: L.divIcon({ html: dot, className: '', iconSize: [18, 18] }) })
    .bindPopup(popup)
    .bindTooltip(label);
  marker.on('add', () => marker.getElement()?.setAttribute('aria-label', label));
  return marker;
}

// The view that shows the results: on a phone the lower 48 when results are there (not a view
// stretched to Alaska and Hawaii), otherwise all of them. A phone's margin is narrow: with 30 px a
// side, coast-to-coast results took a zoom level less and the country filled a third of the map.
function fitToPoints(map: L.Map, points: MapPoint[]) {
  if (!points.length) return;
  const all = L.latLngBounds(points.map(([, lat, lng]) => [lat, lng]));
  const phone = map.getContainer().clientWidth < 640;
  const mainland = points.filter(([, lat, lng]) => LOWER_48.contains([lat, lng]));
  const bounds = phone && mainland.length ? L.latLngBounds(mainland.map(([, lat, lng]) => [lat, lng])) : all;
  if (points.length === 1) map.setView(bounds.getCenter(), 11);
  else map.fitBounds(bounds, { padding: phone ? [10, 10] : [30, 30], maxZoom: 12 });
}

// Every listing the filters find (GET /api/listings/map, not the page of cards), clustered where
// many are close, at their approximate areas.
export default function ListingsMap({
  filters,
  className = 'h-[60vh] min-h-[360px]',
}: {
  filters: ListingFilters;
  // The map's height.
  className?: string;
}) {
  const { t, i18n } = useLingui();
  const el = useRef<HTMLElement>(null);
  const [map, setMap] = useState<L.Map | null>(null);
  const cluster = useRef<L.MarkerClusterGroup | null>(null);
  const points = useQuery(mapPointsQuery(filters));
  useTileLayer(map);
  useZoomControl(map);

  useEffect(() => {
    if (!el.current) return;
    const { map: m, stop } = createBaseMap(el.current);
    cluster.current = L.markerClusterGroup({
      showCoverageOnHover: false,
      maxClusterRadius: 50,
      chunkedLoading: true,
    }).addTo(m);
    setMap(m);
    return () => {
      stop();
      cluster.current = null;
      setMap(null);
    };
  }, []);

  const data = points.data;
  useEffect(() => {
    const group = cluster.current;
    if (!map || !group || !data) return;
    group.clearLayers();
    group.addLayers(data.map((p) => pointMarker(p, i18n)));
    fitToPoints(map, data);
  }, [map, data, i18n]);

  const count = data?.length ?? 0;
  return (
    <div>
      <section
        ref={el}
        aria-label={t`Map of listings`}
        data-testid="listings-map"
        className={`${className} w-full overflow-hidden rounded-xl border border-border bg-muted`}
      />
      <div className="mt-2 flex flex-wrap items-center justify-between gap-3 text-sm text-muted-foreground">
        <p data-testid="map-count" data-count={data ? count : undefined} aria-live="polite">
          {data ? (
            <Plural value={count} one="# space on the map" other="# spaces on the map" />
          ) : (
            <Trans>Loading the map...</Trans>
          )}
        </p>
        <ul aria-label={t`Map legend`} className="flex flex-wrap gap-x-4 gap-y-1">
          {LISTING_TYPES.map((type) => (
            <li key={type} className="flex items-center gap-1.5">
              <span
                aria-hidden="true"
                className="inline-block size-3 rounded-full border border-white shadow"
                style={{ backgroundColor: TYPE_COLORS[type] }}
              />
              {typeLabel(i18n, type)}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
