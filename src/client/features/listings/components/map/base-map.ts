import 'leaflet/dist/leaflet.css';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import L from 'leaflet';
import { useEffect } from 'react';
import { apiQuery } from '#client/lib/api.ts';
import type { ListingType } from '#shared/constants.ts';
import { loadStateOutlines } from './state-outlines.ts';

// What every map of ours shares: the US state outlines from the bundled atlas under the tiles
// (so without tiles, offline or blocked, places keep their context), and MAP_TILE_URL's tiles.

export const TYPE_COLORS: Record<ListingType, string> = {
  rental: '#2f6b3a',
  exchange: '#b45309',
  community: '#0369a1',
};

// Below the tile pane (z-index 200): loaded tiles cover the outlines, missing ones reveal them.
const OUTLINE_PANE = 'stateOutlines';

// The lower 48 states: a phone's first view of results there, rather than one stretched to Alaska.
export const LOWER_48 = L.latLngBounds([24.4, -125], [49.5, -66.8]);

export function createBaseMap(el: HTMLElement, options: L.MapOptions = {}): { map: L.Map; stop: () => void } {
  // The zoom buttons are useZoomControl's, in the reader's language.
  const map = L.map(el, { scrollWheelZoom: false, maxZoom: 18, zoomControl: false, ...options }).setView(
    [39.5, -98.35],
    4,
  );
  map.getContainer().style.background = '#e2eaee'; // water and the lands beyond the outlines
  const pane = map.createPane(OUTLINE_PANE);
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
      }).addTo(map);
    })
    .catch(() => {
      // No outlines: the map still shows on the plain background.
    });
  return {
    map,
    stop: () => {
      live = false;
      map.remove();
    },
  };
}

// The tile layer from the server's map settings, added once they are known.
export function useTileLayer(map: L.Map | null) {
  const tiles = useQuery({
    ...apiQuery(['/api/map-config'], 'mapConfig'),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const tileUrl = tiles.data?.tileUrl;
  const attribution = tiles.data?.attribution;
  useEffect(() => {
    if (!map || !tileUrl) return;
    const layer = L.tileLayer(tileUrl, { maxZoom: 18, attribution }).addTo(map);
    return () => {
      layer.remove();
    };
  }, [map, tileUrl, attribution]);
}

// Leaflet's zoom buttons, titled (and so named to screen readers) in the reader's language: its
// own titles are English. Made again when the language changes.
export function useZoomControl(map: L.Map | null) {
  const { t } = useLingui();
  const zoomInTitle = t`Zoom in`;
  const zoomOutTitle = t`Zoom out`;
  useEffect(() => {
    if (!map) return;
    const control = L.control.zoom({ zoomInTitle, zoomOutTitle }).addTo(map);
    return () => {
      control.remove();
    };
  }, [map, zoomInTitle, zoomOutTitle]);
}
