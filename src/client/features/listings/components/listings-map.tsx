import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import { useEffect, useRef } from 'react';
import { priceText } from '#shared/listing-text.ts';
import type { ListingSummary } from '#shared/listings.ts';

const TYPE_COLORS: Record<ListingSummary['type'], string> = {
  rental: '#2f6b3a',
  exchange: '#b45309',
  community: '#0369a1',
};

// Markers come from the stored coordinates. Tiles load from OpenStreetMap when online; without
// them the markers still show on a plain background.
export default function ListingsMap({ listings }: { listings: ListingSummary[] }) {
  const el = useRef<HTMLElement>(null);
  const map = useRef<L.Map | null>(null);
  const layer = useRef<L.LayerGroup | null>(null);

  useEffect(() => {
    if (!el.current) return;
    const m = L.map(el.current, { scrollWheelZoom: false }).setView([39.5, -98.35], 4);
    L.tileLayer('https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png', {
      maxZoom: 18,
      attribution: '&copy; OpenStreetMap contributors',
    }).addTo(m);
    map.current = m;
    layer.current = L.layerGroup().addTo(m);
    return () => {
      m.remove();
      map.current = null;
    };
  }, []);

  useEffect(() => {
    const m = map.current;
    const group = layer.current;
    if (!m || !group) return;
    group.clearLayers();
    const points: L.LatLngExpression[] = [];
    for (const l of listings) {
      if (l.lat === null || l.lng === null) continue;
      points.push([l.lat, l.lng]);
      // Built with DOM nodes, never HTML strings: titles are user text.
      const popup = document.createElement('div');
      const link = document.createElement('a');
      link.href = `/listings/${l.id}`;
      link.textContent = l.title;
      link.className = 'font-semibold';
      const meta = document.createElement('div');
      meta.textContent = `${l.city}, ${l.state} · ${priceText(l) ?? ''}`;
      popup.append(link, meta);
      L.circleMarker([l.lat, l.lng], {
        radius: 9,
        color: '#fff',
        weight: 2,
        fillColor: TYPE_COLORS[l.type],
        fillOpacity: 0.95,
      })
        .bindPopup(popup)
        .bindTooltip(l.title)
        .addTo(group);
    }
    if (points.length === 1) m.setView(points[0], 11);
    else if (points.length > 1) m.fitBounds(L.latLngBounds(points), { padding: [30, 30], maxZoom: 12 });
  }, [listings]);

  const unplaced = listings.filter((l) => l.lat === null || l.lng === null).length;
  return (
    <div>
      <section
        ref={el}
        aria-label="Map of listings"
        data-testid="listings-map"
        className="h-[60vh] min-h-[360px] w-full overflow-hidden rounded-xl border border-border bg-muted"
      />
      {unplaced ? (
        <p className="mt-2 text-sm text-muted-foreground">
          {unplaced} {unplaced === 1 ? 'space has' : 'spaces have'} no known map position and{' '}
          {unplaced === 1 ? 'is' : 'are'} shown in the grid only.
        </p>
      ) : null}
    </div>
  );
}
