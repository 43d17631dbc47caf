// The browse page's search vocabulary, with no Zod in it (the browse page loads it).

// With keywords, the listings that contain the words come first and close spellings after them,
// each group in this order. Prices count a listing without one (exchange, community) as $0 a
// month. "distance" needs a place in near, and is the default then.
export const LISTING_SORTS = ['newest', 'price_asc', 'price_desc', 'distance'] as const;
export type ListingSort = (typeof LISTING_SORTS)[number];

export const SORT_LABELS: Record<ListingSort, string> = {
  newest: 'Newest',
  price_asc: 'Price: low to high',
  price_desc: 'Price: high to low',
  distance: 'Distance',
};

// The amenities offered as checkboxes in the filters; any other one still works in the address.
export const COMMON_AMENITIES = [
  'Water access',
  'Full sun',
  'Tool shed',
  'Compost bins',
  'Raised beds',
  'Drip irrigation',
  'Fenced',
  'Greenhouse',
  'Rain barrels',
  'Fruit trees',
  'Parking',
  'Seed library',
] as const;

// The highest price a listing may ask (dollars a month), and the largest size filter (square feet).
export const PRICE_MAX = 1_000_000;
export const SIZE_SQFT_MAX = 100_000_000;
