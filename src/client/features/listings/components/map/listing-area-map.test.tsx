import { configure, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAt, stubApi } from '#client/testing/render.tsx';
import ListingAreaMap from './listing-area-map.tsx';

configure({ asyncUtilTimeout: 5000 });

// Leaflet's zoom buttons are titled in the reader's language, not in Leaflet's English (ADR 059).
function zoomButtons() {
  const map = screen.getByTestId('listing-area-map');
  const zoomIn = map.querySelector<HTMLAnchorElement>('a.leaflet-control-zoom-in');
  const zoomOut = map.querySelector<HTMLAnchorElement>('a.leaflet-control-zoom-out');
  return { zoomIn, zoomOut };
}

describe('the map’s zoom buttons', () => {
  it.each([
    ['en', 'Zoom in', 'Zoom out'],
    ['de', 'Vergrößern', 'Verkleinern'],
    ['es', 'Acercar', 'Alejar'],
    ['fr', 'Zoom avant', 'Zoom arrière'],
    ['ja', '拡大', '縮小'],
  ] as const)('are titled and named in %s', async (locale, zoomIn, zoomOut) => {
    stubApi(() => undefined);
    await renderAt(<ListingAreaMap lat={45.5} lng={-122.6} exact={false} type="rental" />, {
      groups: ['shell', 'app'],
      locale,
    });
    await waitFor(() => expect(zoomButtons().zoomIn).not.toBeNull());
    const b = zoomButtons();
    expect(b.zoomIn?.title).toBe(zoomIn);
    expect(b.zoomIn?.getAttribute('aria-label')).toBe(zoomIn);
    expect(b.zoomOut?.title).toBe(zoomOut);
    expect(b.zoomOut?.getAttribute('aria-label')).toBe(zoomOut);
    // One control, not Leaflet's English one beside ours.
    expect(screen.getByTestId('listing-area-map').querySelectorAll('.leaflet-control-zoom')).toHaveLength(1);
  });
});
