import type { ListingType } from './constants.ts';

// Listing texts and parsing with no Zod in them, so that the pages that show listings (home,
// browse, cards) do not download the validation library just to print a price.

// "Portland, OR" -> { city: 'Portland', state: 'OR' }; "Oregon" -> { term: 'Oregon' }.
export function splitLocation(text: string): { city?: string; state?: string; term?: string } {
  const [city, ...rest] = text.split(',');
  const state = rest.join(',').trim();
  if (!rest.length) return city.trim() ? { term: city.trim() } : {};
  return { city: city.trim() || undefined, state: state || undefined };
}

// The card and side-card texts.
export function priceText(l: {
  type: ListingType;
  price: number | null;
  workHours: number | null;
}): string | null {
  if (l.type === 'rental' && l.price !== null) return `$${l.price} / month`;
  if (l.type === 'exchange' && l.workHours !== null) return `${l.workHours} hrs / week`;
  if (l.type === 'community') return 'Free community garden';
  return null;
}

export const TYPE_LABELS: Record<ListingType, string> = {
  rental: 'Rental',
  exchange: 'Exchange',
  community: 'Community',
};
