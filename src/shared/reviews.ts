import { z } from 'zod';
import { RATING_MAX, RATING_MIN, REVIEW_COMMENT_MAX } from './constants.ts';
import { idSchema, text } from './fields.ts';

export { REVIEW_COMMENT_MAX };

export const createReviewSchema = z.object({
  rating: z
    .number({ error: 'Rating must be a number' })
    .int('Rating must be a whole number')
    .min(RATING_MIN, `Rating must be between ${RATING_MIN} and ${RATING_MAX}`)
    .max(RATING_MAX, `Rating must be between ${RATING_MIN} and ${RATING_MAX}`),
  comment: text('Comment')
    .trim()
    .max(REVIEW_COMMENT_MAX, `Comment must be at most ${REVIEW_COMMENT_MAX} characters`)
    .nullish()
    .transform((v) => (v ? v : null)),
  listingId: idSchema('listingId'),
});
export type CreateReviewInput = z.input<typeof createReviewSchema>;

export const reviewSchema = z.object({
  id: z.number().int(),
  listingId: z.number().int(),
  userId: z.number().int(),
  rating: z.number().int(),
  comment: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  // The reviewer's public display info.
  user: z.object({ name: z.string(), username: z.string(), avatar: z.string().nullable() }),
});
export type Review = z.infer<typeof reviewSchema>;
