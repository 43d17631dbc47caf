import { z } from 'zod';
import { RATING_MAX, RATING_MIN, REVIEW_COMMENT_MAX } from './constants.ts';
import { idSchema, text } from './fields.ts';

export { REVIEW_COMMENT_MAX };

// Reviews tied to a booking (ADR 018) may be written for this long after it completes; both are
// revealed when both are in, or when this window ends.
export const REVIEW_WINDOW_DAYS = 14;

const rating = z
  .number({ error: 'Rating must be a number' })
  .int('Rating must be a whole number')
  .min(RATING_MIN, `Rating must be between ${RATING_MIN} and ${RATING_MAX}`)
  .max(RATING_MAX, `Rating must be between ${RATING_MIN} and ${RATING_MAX}`);

const comment = text('Comment')
  .trim()
  .max(REVIEW_COMMENT_MAX, `Comment must be at most ${REVIEW_COMMENT_MAX} characters`)
  .nullish()
  .transform((v) => (v ? v : null));

export const createReviewSchema = z.object({ rating, comment, listingId: idSchema('listingId') });
export type CreateReviewInput = z.input<typeof createReviewSchema>;

// The body of POST /api/bookings/{id}/review and /listing-review.
export const bookingReviewInputSchema = z.object({ rating, comment });
export type BookingReviewInput = z.input<typeof bookingReviewInputSchema>;

// The reviewer's public display info.
const reviewerSchema = z.object({ name: z.string(), username: z.string(), avatar: z.string().nullable() });

export const reviewSchema = z.object({
  id: z.number().int(),
  listingId: z.number().int(),
  userId: z.number().int(),
  rating: z.number().int(),
  comment: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  user: reviewerSchema,
  // The reviewer stayed at this listing: a booking of it that began, not cancelled before its
  // start (ADR 050). A review without a stay stays public, marked as such.
  fromStay: z.boolean(),
});
export type Review = z.infer<typeof reviewSchema>;

// A host's review of a grower, as the grower's profile shows it (revealed ones only).
export const hostReviewSchema = z.object({
  id: z.number().int(),
  // The host who wrote it.
  userId: z.number().int(),
  rating: z.number().int(),
  comment: z.string().nullable(),
  createdAt: z.string(),
  user: reviewerSchema,
});
export type HostReview = z.infer<typeof hostReviewSchema>;

// One side's review of a booking, as its author (or, once revealed, the other party) sees it.
export const bookingReviewSchema = z.object({
  id: z.number().int(),
  bookingId: z.number().int(),
  by: z.enum(['grower', 'host']),
  rating: z.number().int(),
  comment: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  revealedAt: z.string().nullable(),
});
export type BookingReview = z.infer<typeof bookingReviewSchema>;

// GET /api/bookings/{id}/reviews: the viewer's review, the other party's once revealed.
export const bookingReviewsSchema = z.object({
  // The viewer may write or change their review now.
  canWrite: z.boolean(),
  // When the window ends and both are shown at the latest (null until the booking completes).
  revealBy: z.string().nullable(),
  mine: bookingReviewSchema.nullable(),
  theirs: bookingReviewSchema.nullable(),
  // The other party has written theirs (its text stays hidden until the reveal).
  theirsIn: z.boolean(),
});
export type BookingReviews = z.infer<typeof bookingReviewsSchema>;
