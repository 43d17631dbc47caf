import { LISTING_TYPES, type ListingType } from '../constants.ts';

// A listing type from a query parameter, or undefined.
export function parseListingType(value: unknown): ListingType | undefined {
  return typeof value === 'string' && (LISTING_TYPES as readonly string[]).includes(value)
    ? (value as ListingType)
    : undefined;
}
