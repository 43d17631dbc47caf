import { lazy, Suspense, useEffect, useRef, useState } from 'react';

// Nothing of the map loads with the first paint (ADR 028's budget; ADR 038): only when the block
// scrolls into view, this small module, which then loads the map (so the home page does not
// carry the list of the map's files to preload).
const NearMapView = lazy(() => import('./near-map-view.tsx'));
const placeholder = <div className="h-[420px] rounded-xl bg-muted" />;

// The home page's map of the spaces around a place (all of them before one is picked).
export function NearMap({ location }: { location: string }) {
  const el = useRef<HTMLDivElement>(null);
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    const watch = new IntersectionObserver((entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      setSeen(true);
      watch.disconnect();
    });
    if (el.current) watch.observe(el.current);
    return () => watch.disconnect();
  }, []);
  return (
    <div ref={el} data-testid="near-map">
      {seen ? (
        <Suspense fallback={placeholder}>
          <NearMapView location={location} />
        </Suspense>
      ) : (
        placeholder
      )}
    </div>
  );
}
