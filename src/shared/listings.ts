import { z } from 'zod';
import { agreementTemplateSchema } from './agreement.ts';
import { CANCELLATION_POLICIES, DEFAULT_CANCELLATION_POLICY } from './cancellation.ts';
import { IMAGES_PER_UPLOAD, LISTING_TYPES, WORK_HOURS_MAX, WORK_HOURS_MIN } from './constants.ts';
import { isoDateSchema, text } from './fields.ts';
import { LISTING_SORTS, PRICE_MAX, SIZE_SQFT_MAX } from './listing-search.ts';

// The listing contract, used by the API and the forms.
export const TITLE_MAX = 120;
export const PLOTS_MAX = 500;
export const BOOKING_MODES = ['instant', 'request'] as const;
export const DESCRIPTION_MAX = 5000;
export const LOCATION_MAX = 200;
export const CITY_MAX = 100;
export const STATE_MAX = 100;
export const SIZE_MAX = 100;
export const AMENITY_MAX = 60;
export const AMENITIES_MAX = 30;
export const LISTINGS_PAGE_DEFAULT = 24;
export const LISTINGS_PAGE_MAX = 100;

export const listingTypeSchema = z.enum(LISTING_TYPES, {
  error: 'Type must be rental, exchange or community',
});

const required = (label: string, max: number) =>
  text(label).trim().min(1, `${label} is required`).max(max, `${label} must be at most ${max} characters`);

// Trimmed, empties dropped, duplicates (any case) dropped.
export function cleanAmenities(list: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of list) {
    const a = raw.trim();
    if (!a || seen.has(a.toLowerCase())) continue;
    seen.add(a.toLowerCase());
    out.push(a);
  }
  return out;
}

export const amenitiesSchema = z
  .array(text('Amenity').max(AMENITY_MAX, `Each amenity must be at most ${AMENITY_MAX} characters`), {
    error: 'Amenities must be a list',
  })
  .max(100, 'Too many amenities')
  .transform(cleanAmenities)
  .refine((a) => a.length <= AMENITIES_MAX, `At most ${AMENITIES_MAX} amenities`);

const month = (label: string) =>
  z
    .number({ error: `${label} must be a month number` })
    .int(`${label} must be a month number`)
    .min(1, `${label} must be between 1 and 12`)
    .max(12, `${label} must be between 1 and 12`);

export const listingFieldsSchema = z.object({
  type: listingTypeSchema,
  title: required('Title', TITLE_MAX),
  description: required('Description', DESCRIPTION_MAX),
  price: z
    .number({ error: 'Price must be a whole number of dollars' })
    .int('Price must be a whole number of dollars')
    .min(0, 'Price cannot be negative')
    .max(PRICE_MAX, 'Price is too high')
    .nullish(),
  workHours: z
    .number({ error: 'Work hours must be a whole number' })
    .int('Work hours must be a whole number')
    .min(WORK_HOURS_MIN, `Work hours must be between ${WORK_HOURS_MIN} and ${WORK_HOURS_MAX}`)
    .max(WORK_HOURS_MAX, `Work hours must be between ${WORK_HOURS_MIN} and ${WORK_HOURS_MAX}`)
    .nullish(),
  location: required('Location', LOCATION_MAX),
  city: required('City', CITY_MAX),
  state: required('State', STATE_MAX),
  size: text('Size').trim().max(SIZE_MAX, `Size must be at most ${SIZE_MAX} characters`).nullish(),
  amenities: amenitiesSchema.default([]),
  images: z
    .array(text('Image').max(200), { error: 'Images must be a list of uploaded paths' })
    .max(IMAGES_PER_UPLOAD, `At most ${IMAGES_PER_UPLOAD} images`)
    .default([]),
  // Bookings: plots bookable at once, an optional season, instant booking or the host's acceptance.
  plots: z
    .number({ error: 'Plots must be a whole number' })
    .int('Plots must be a whole number')
    .min(1, `Plots must be between 1 and ${PLOTS_MAX}`)
    .max(PLOTS_MAX, `Plots must be between 1 and ${PLOTS_MAX}`)
    .default(1),
  seasonStart: month('Season start').nullish(),
  seasonEnd: month('Season end').nullish(),
  bookingMode: z.enum(BOOKING_MODES, { error: 'Booking mode must be instant or request' }).default('instant'),
  cancellationPolicy: z
    .enum(CANCELLATION_POLICIES, { error: 'Cancellation policy must be flexible, moderate or strict' })
    .default(DEFAULT_CANCELLATION_POLICY),
  // The host's part of the grow agreement every booking gets (ADR 037).
  agreement: agreementTemplateSchema.prefault({}),
});

type Fields = z.infer<typeof listingFieldsSchema>;

// The type decides which numbers a listing carries: rentals a price, exchanges work hours.
export function checkTypeRules(
  v: Pick<Fields, 'type' | 'price' | 'workHours' | 'seasonStart' | 'seasonEnd'>,
  ctx: z.RefinementCtx,
) {
  if ((v.seasonStart == null) !== (v.seasonEnd == null))
    ctx.addIssue({
      code: 'custom',
      path: ['seasonEnd'],
      message: 'A season needs both a first and a last month',
    });
  if (v.type === 'rental' && (v.price === null || v.price === undefined))
    ctx.addIssue({ code: 'custom', path: ['price'], message: 'Price is required for rentals' });
  if (v.type === 'exchange' && (v.workHours === null || v.workHours === undefined))
    ctx.addIssue({
      code: 'custom',
      path: ['workHours'],
      message: 'Work hours are required for work exchanges',
    });
}

export const createListingSchema = listingFieldsSchema.superRefine(checkTypeRules);
export type CreateListingInput = z.input<typeof createListingSchema>;
export type ListingFields = z.output<typeof createListingSchema>;

export const updateListingSchema = listingFieldsSchema.partial();
export type UpdateListingInput = z.input<typeof updateListingSchema>;

// A text Yardshare generated, in the other languages (ADR 038).
const translationsSchema = z.object({ de: z.string(), es: z.string(), fr: z.string(), ja: z.string() });

export const listingSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  title: z.string(),
  // The title and description in de, es, fr and ja when Yardshare wrote them (generated demo
  // listings); a host's own have none and show as written (ADR 038).
  titles: translationsSchema.optional(),
  description: z.string(),
  descriptions: translationsSchema.optional(),
  type: listingTypeSchema,
  price: z.number().int().nullable(),
  workHours: z.number().int().nullable(),
  location: z.string(),
  city: z.string(),
  state: z.string(),
  size: z.string().nullable(),
  amenities: z.array(z.string()),
  images: z.array(z.string()),
  // Where the home is only for the host, operators and a grower with an accepted or paid booking;
  // everyone else gets location '' and the approximate area's point (ADR 038).
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  exactLocation: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  active: z.boolean(),
  plots: z.number().int(),
  seasonStart: z.number().int().nullable(),
  seasonEnd: z.number().int().nullable(),
  bookingMode: z.enum(BOOKING_MODES),
  cancellationPolicy: z.enum(CANCELLATION_POLICIES),
  agreement: agreementTemplateSchema,
});
export type Listing = z.infer<typeof listingSchema>;

// The owner's own list: also the listings Yardshare hid (ADR 029), marked so the host knows why.
export const ownListingSchema = listingSchema.extend({
  hiddenBy: z.enum(['admin', 'suspension']).nullable(),
});
export type OwnListing = z.infer<typeof ownListingSchema>;

export const listingSummarySchema = listingSchema
  .omit({ agreement: true })
  .extend({ distanceKm: z.number().optional() });
export type ListingSummary = z.infer<typeof listingSummarySchema>;

export const listingDetailSchema = listingSchema.extend({
  // The spec's average and count of all reviews, and of those from stays only (ADR 050): ranking
  // and any "top rated" order use the latter.
  rating: z.object({
    average: z.number().nullable(),
    count: z.number().int(),
    fromStays: z.object({ average: z.number().nullable(), count: z.number().int() }),
  }),
  host: z.object({ id: z.number().int(), memberSince: z.string() }),
});
export type ListingDetail = z.infer<typeof listingDetailSchema>;

// The map of every result (GET /api/listings/map): [id, lat, lng, type, price] at each listing's
// approximate area, for all listings the same filters find.
export const mapPointSchema = z.tuple([
  z.number().int(),
  z.number(),
  z.number(),
  listingTypeSchema,
  z.number().int().nullable(),
]);
export type MapPoint = z.infer<typeof mapPointSchema>;
// The approximate area is drawn as a circle of this radius: the home is always inside it (ADR 038).
export const AREA_RADIUS_M = 1000;

export const listingSortSchema = z.enum(LISTING_SORTS, {
  error: 'Sort must be newest, price_asc, price_desc or distance',
});

const optionalText = (max: number) =>
  text('Search text')
    .max(max, `Search text must be at most ${max} characters`)
    .transform((s) => s.trim())
    .optional()
    .transform((s) => (s ? s : undefined));

// A whole number in the address ("?minPrice=50").
const wholeNumber = (name: string, unit: string, max: number) =>
  z
    .string({ error: `${name} must be a whole number of ${unit}` })
    .trim()
    .regex(/^\d{1,12}$/, `${name} must be a whole number of ${unit}`)
    .transform(Number)
    .refine((n) => n <= max, `${name} must be at most ${max}`)
    .optional();

// "Water access,Fenced": every one must be on the listing (any case).
const amenitiesParam = text('amenities', 'amenities must be a comma-separated list')
  .max(AMENITIES_MAX * (AMENITY_MAX + 1), 'amenities is too long')
  .transform((s) => cleanAmenities(s.split(',')))
  .refine((a) => a.length <= AMENITIES_MAX, `At most ${AMENITIES_MAX} amenities`)
  .refine(
    (a) => a.every((x) => x.length <= AMENITY_MAX),
    `Each amenity must be at most ${AMENITY_MAX} characters`,
  )
  .optional()
  .transform((a) => (a?.length ? a : undefined));

export const listingsQuerySchema = z
  .object({
    type: listingTypeSchema.optional(),
    city: optionalText(CITY_MAX),
    state: optionalText(STATE_MAX),
    // One box: "Portland, OR", "Portland OR", "Oregon", "or", a city, a state name or code.
    location: optionalText(CITY_MAX + STATE_MAX + 2),
    // Keywords: stemmed full text, with typo tolerance for plain words.
    q: optionalText(200),
    near: optionalText(CITY_MAX + STATE_MAX + 2),
    radiusKm: z.coerce
      .number({ error: 'radiusKm must be a number' })
      .positive('radiusKm must be positive')
      .max(5000, 'radiusKm must be at most 5000')
      .default(50),
    sort: listingSortSchema.optional(),
    // Dollars a month; a listing without a price (exchange, community) counts as $0.
    minPrice: wholeNumber('minPrice', 'dollars', PRICE_MAX),
    maxPrice: wholeNumber('maxPrice', 'dollars', PRICE_MAX),
    // Square feet, read from the listing's size text ("10x20 ft", "1/4 acre").
    minSize: wholeNumber('minSize', 'square feet', SIZE_SQFT_MAX),
    amenities: amenitiesParam,
    limit: z.coerce
      .number({ error: 'limit must be a number' })
      .int('limit must be a whole number')
      .min(1, 'limit must be at least 1')
      .max(LISTINGS_PAGE_MAX, `limit must be at most ${LISTINGS_PAGE_MAX}`)
      .default(LISTINGS_PAGE_DEFAULT),
    cursor: text('cursor').max(400).optional(),
    // "YYYY-MM-DD": only listings with a free plot that day.
    available: isoDateSchema('available').optional(),
  })
  .refine((v) => v.minPrice === undefined || v.maxPrice === undefined || v.minPrice <= v.maxPrice, {
    path: ['maxPrice'],
    message: 'maxPrice must not be less than minPrice',
  });
export type ListingsQuery = z.infer<typeof listingsQuerySchema>;

export {
  COMMON_AMENITIES,
  LISTING_SORTS,
  type ListingSort,
  PRICE_MAX,
  SIZE_SQFT_MAX,
  SORT_LABELS,
} from './listing-search.ts';
export { priceText, splitLocation, TYPE_LABELS } from './listing-text.ts';
