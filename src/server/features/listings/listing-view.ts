import { agreementTemplateSchema } from '#shared/agreement.ts';
import { translationsOf } from '#shared/generated-descriptions.ts';
import type { Listing } from '#shared/listings.ts';
import type { ListingRecord } from './listing-columns.ts';

// Who sees where the home is (ADR 038): its host, an operator, or a grower with an accepted or
// paid booking. A viewer who is none of these, and every search, list and page that others can
// see, gets the approximate area instead.
export type Viewer = { id: number; role: string };

// The listing as the API answers it. Without `exact`, no street address and the area's point.
export function toListing(r: ListingRecord, exact = false): Listing {
  // Texts Yardshare generated come in every language too (ADR 038).
  const { titles, descriptions } = translationsOf(r);
  return {
    id: r.id,
    userId: r.userId,
    title: r.title,
    titles,
    descriptions,
    description: r.description,
    type: r.type,
    price: r.price,
    workHours: r.workHours,
    location: exact ? r.location : '',
    city: r.city,
    state: r.state,
    size: r.size,
    amenities: r.amenities,
    images: r.images,
    lat: exact ? r.lat : r.areaLat,
    lng: exact ? r.lng : r.areaLng,
    exactLocation: exact,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    active: r.active,
    plots: r.plots,
    seasonStart: r.seasonStart,
    seasonEnd: r.seasonEnd,
    bookingMode: r.bookingMode,
    cancellationPolicy: r.cancellationPolicy,
    agreement: agreementTemplateSchema.parse(r.agreement ?? {}),
  };
}
