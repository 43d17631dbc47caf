// The listings feature's public face (ADR 035): listings, their search (ADR 008, 024) and the
// offline geocoder.
export { distanceKm, geocode, type Point } from './geo.ts';
export { listingsRoutes } from './listings.routes.ts';
export { ListingsService } from './listings.service.ts';
