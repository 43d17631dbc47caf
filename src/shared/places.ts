import { z } from 'zod';
import { text } from './fields.ts';

// Places as the location boxes suggest them (GET /api/places) and as an empty search offers them
// (GET /api/places/nearby): a US city, its state's code, and how many listings it has (ADR 038).
export const placeSchema = z.object({
  city: z.string(),
  state: z.string(),
  listings: z.number().int(),
  distanceKm: z.number().optional(),
});
export type PlaceSuggestion = z.infer<typeof placeSchema>;

export const placesQuerySchema = z.object({
  q: text('q').trim().max(202, 'q must be at most 202 characters'),
});

export { placeLabel } from './place-label.ts';
