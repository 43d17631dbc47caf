import { z } from 'zod';
import { text } from './fields.ts';
import { TYPE_LABELS } from './listing-text.ts';
import { listingsQuerySchema } from './listings.ts';

// Saved spaces (the heart) and saved searches of /listings.
export const SAVED_SEARCHES_MAX = 20;
export const SAVED_SEARCH_NAME_MAX = 80;
export const SAVED_SEARCH_QUERY_MAX = 2000;
export const SAVED_LISTINGS_SHOWN = 200;

// The /listings parameters a saved search keeps (paging is not part of a search).
export const SAVED_SEARCH_KEYS = [
  'type',
  'location',
  'city',
  'state',
  'q',
  'near',
  'radiusKm',
  'minPrice',
  'maxPrice',
  'minSize',
  'amenities',
  'available',
  'sort',
] as const;

// "?location=Bend&page=2" -> "location=Bend": known keys only, trimmed, no empties, in key order.
export function normalizeSearchQuery(raw: string): string {
  const given = new URLSearchParams(raw.startsWith('?') ? raw.slice(1) : raw);
  const out = new URLSearchParams();
  for (const key of SAVED_SEARCH_KEYS) {
    const value = given.get(key)?.trim();
    if (value) out.set(key, value);
  }
  return out.toString();
}

// The normalized query as /api/listings reads it, or the first problem with it.
export function parseSavedQuery(
  query: string,
): { ok: true; value: z.infer<typeof listingsQuerySchema> } | { ok: false; message: string } {
  const parsed = listingsQuerySchema.safeParse(Object.fromEntries(new URLSearchParams(query)));
  return parsed.success
    ? { ok: true, value: parsed.data }
    : { ok: false, message: parsed.error.issues[0]?.message ?? 'Invalid search' };
}

// A name for a search the user did not name: "Rental · tomatoes · Bend".
export function describeSearch(query: string): string {
  const p = new URLSearchParams(query);
  const type = p.get('type');
  const parts = [
    type && type in TYPE_LABELS ? TYPE_LABELS[type as keyof typeof TYPE_LABELS] : null,
    p.get('q') ? `“${p.get('q')}”` : null,
    p.get('location') ?? ([p.get('city'), p.get('state')].filter(Boolean).join(', ') || null),
    p.get('near') ? `near ${p.get('near')}` : null,
  ].filter(Boolean);
  const name = parts.length ? parts.join(' · ') : 'All listings';
  return name.length > SAVED_SEARCH_NAME_MAX ? `${name.slice(0, SAVED_SEARCH_NAME_MAX - 1)}…` : name;
}

export const savedStateSchema = z.object({ listingId: z.number().int(), saved: z.boolean() });
export type SavedState = z.infer<typeof savedStateSchema>;

export const savedIdsSchema = z.array(z.number().int());

export const createSavedSearchSchema = z.object({
  name: text('Name')
    .trim()
    .max(SAVED_SEARCH_NAME_MAX, `Name must be at most ${SAVED_SEARCH_NAME_MAX} characters`)
    .optional(),
  // The /listings search parameters, as a query string.
  query: text('Query').max(SAVED_SEARCH_QUERY_MAX, 'The search is too long'),
});
export type CreateSavedSearchInput = z.infer<typeof createSavedSearchSchema>;

export const savedSearchSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  query: z.string(),
  createdAt: z.string(),
});
export type SavedSearch = z.infer<typeof savedSearchSchema>;
