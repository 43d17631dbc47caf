import { useLingui } from '@lingui/react/macro';
import L from 'leaflet';
import { useEffect, useRef, useState } from 'react';
import { AREA_RADIUS_M } from '#shared/listings.ts';
import { createBaseMap, TYPE_COLORS, useTileLayer, useZoomControl } from './base-map.ts';

type Props = { lat: number; lng: number; exact: boolean; type: keyof typeof TYPE_COLORS };

// Where a listing is: a circle of about a kilometre around its approximate area for everyone who
// may not know the address, the home's pin for those who may (ADR 038).
export default function ListingAreaMap({ lat, lng, exact, type }: Props) {
  const { t } = useLingui();
  const el = useRef<HTMLElement>(null);
  const [map, setMap] = useState<L.Map | null>(null);
  useTileLayer(map);
  useZoomControl(map);

  useEffect(() => {
    if (!el.current) return;
    const { map: m, stop } = createBaseMap(el.current);
    const color = TYPE_COLORS[type];
    if (exact) {
      const dot = document.createElement('span');
      dot.className = 'block size-[20px] rounded-full border-2 border-white shadow-md';
      dot.style.backgroundColor = color;
      L.marker([lat, lng], { icon: L.divIcon({ html: dot, className: '', iconSize: [20, 20] }) }).addTo(m);
      m.setView([lat, lng], 15);
    } else {
      const area = L.circle([lat, lng], {
        radius: AREA_RADIUS_M,
        color,
        weight: 2,
        fillColor: color,
        fillOpacity: 0.15,
        className: 'listing-area',
      }).addTo(m);
      m.fitBounds(area.getBounds(), { padding: [20, 20] });
    }
    setMap(m);
    return () => {
      stop();
      setMap(null);
    };
  }, [lat, lng, exact, type]);

  return (
    <section
      ref={el}
      aria-label={exact ? t`Map: the exact location` : t`Map: the approximate area`}
      data-testid="listing-area-map"
      data-exact={exact ? 'true' : 'false'}
      className="h-64 w-full overflow-hidden rounded-xl border border-border bg-muted"
    />
  );
}
