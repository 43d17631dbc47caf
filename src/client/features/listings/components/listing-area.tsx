import { Trans } from '@lingui/react/macro';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { ListingType } from '#shared/constants.ts';

// Leaflet only in the browser, and only on a listing's page.
const ListingAreaMap = lazy(() => import('./map/listing-area-map.tsx'));

// 'Where you will grow': the listing's area on a map and what the visitor may know of the address.
// The map is drawn once its box comes near the screen (never with the first paint, ADR 042): the
// pre-rendered page carries no map, and Leaflet's work waits until someone scrolls to it.
export function ListingArea({
  lat,
  lng,
  exact,
  type,
}: {
  lat: number;
  lng: number;
  exact: boolean;
  type: ListingType;
}) {
  const mapBox = useRef<HTMLDivElement>(null);
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    const watch = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        setMounted(true);
        watch.disconnect();
      },
      { rootMargin: '200px' },
    );
    if (mapBox.current) watch.observe(mapBox.current);
    return () => watch.disconnect();
  }, []);
  return (
    <section>
      <h2 className="mb-2 text-xl font-semibold">
        <Trans>Where you will grow</Trans>
      </h2>
      {/* The map fills the box the server rendered: hydration keeps it, the map is added. */}
      <div ref={mapBox} className="min-h-64 rounded-xl bg-muted">
        {mounted ? (
          <Suspense fallback={null}>
            <ListingAreaMap lat={lat} lng={lng} exact={exact} type={type} />
          </Suspense>
        ) : null}
      </div>
      <p className="mt-2 text-sm text-muted-foreground" data-testid="listing-area-note">
        {exact ? (
          <Trans>
            The exact location: only the host, Yardshare and growers with a confirmed booking see it.
          </Trans>
        ) : (
          <Trans>
            The approximate area, within about a kilometre. The street address is shared once the host accepts
            your booking.
          </Trans>
        )}
      </p>
    </section>
  );
}
