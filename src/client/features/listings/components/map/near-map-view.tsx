import { lazy, Suspense } from 'react';
import { withAppMessages } from '#client/lib/i18n.ts';

// The map's words are in the `app` messages (ADR 031): they load with it, not with the home page.
const ListingsMap = lazy(withAppMessages(() => import('./listings-map.tsx')));

// GET /api/listings/map's points around the place (approximate areas only), clustered over the
// offline state outlines: the same filters View Interactive Map opens.
export default function NearMapView({ location }: { location: string }) {
  return (
    <Suspense fallback={<div className="h-[420px] animate-pulse rounded-xl bg-muted" />}>
      <ListingsMap filters={location ? { location } : {}} className="h-[420px]" />
    </Suspense>
  );
}
