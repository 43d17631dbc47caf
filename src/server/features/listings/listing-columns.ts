import { sql } from 'drizzle-orm';
import { listings } from '../../db/schema.ts';

export type ListingRow = typeof listings.$inferSelect;
export type NewListingRow = typeof listings.$inferInsert;

// Columns every listing answer carries: the home's point (lat, lng) and its approximate area
// (areaLat, areaLng); toListing() chooses which the viewer gets (ADR 038).
export const columns = {
  id: listings.id,
  userId: listings.userId,
  title: listings.title,
  generatedParts: listings.generatedParts,
  description: listings.description,
  type: listings.type,
  price: listings.price,
  workHours: listings.workHours,
  location: listings.location,
  city: listings.city,
  state: listings.state,
  size: listings.size,
  amenities: listings.amenities,
  images: listings.images,
  lat: listings.lat,
  lng: listings.lng,
  areaLat: listings.areaLat,
  areaLng: listings.areaLng,
  createdAt: listings.createdAt,
  updatedAt: listings.updatedAt,
  active: listings.active,
  plots: listings.plots,
  seasonStart: listings.seasonStart,
  seasonEnd: listings.seasonEnd,
  bookingMode: listings.bookingMode,
  cancellationPolicy: listings.cancellationPolicy,
  agreement: listings.agreement,
};
export type ListingRecord = Omit<
  ListingRow,
  'search' | 'stateCode' | 'sizeSqft' | 'areaPoint' | 'hiddenReason' | 'hiddenAt'
>;

// The indexes are "created_at DESC NULLS LAST, id DESC NULLS LAST" (Drizzle's desc()); a plain
// ORDER BY ... DESC means NULLS FIRST and could not read them in order. The columns are NOT NULL,
// so the results are the same, and LIMIT stops after 25 index entries instead of sorting all matches.
export const NEWEST_FIRST = [sql`${listings.createdAt} desc nulls last`, sql`${listings.id} desc nulls last`];
// A listing without a price (exchange, community) costs $0 a month.
export const PRICE = sql<number>`coalesce(${listings.price}, 0)`;
