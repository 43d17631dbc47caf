import { z } from 'zod';
import { listingSchema } from './listings.ts';

// Replies are measured over this many days of messages.
export const RESPONSE_WINDOW_DAYS = 90;
// A conversation counts as answered when the user replied within this many hours.
export const RESPONSE_ANSWERED_HOURS = 24;

// The median reply time, in words. Upper bounds in minutes; anything longer is the last one.
export const RESPONSE_TIMES = [
  ['within an hour', 60],
  ['within a few hours', 12 * 60],
  ['within a day', 24 * 60],
  ['a few days or more', Number.POSITIVE_INFINITY],
] as const;
export type ResponseTime = (typeof RESPONSE_TIMES)[number][0];

export function responseTimeLabel(minutes: number): ResponseTime {
  for (const [label, max] of RESPONSE_TIMES) if (minutes <= max) return label;
  return 'a few days or more';
}

// A review of one of the user's listings, as their profile shows it (the reviewer's first name only).
export const profileReviewSchema = z.object({
  id: z.number().int(),
  listingId: z.number().int(),
  listingTitle: z.string(),
  rating: z.number().int(),
  comment: z.string().nullable(),
  createdAt: z.string(),
  user: z.object({ name: z.string(), avatar: z.string().nullable() }),
  // The writer stayed at the listing (ADR 050).
  fromStay: z.boolean(),
});
export type ProfileReview = z.infer<typeof profileReviewSchema>;

// How the user answers messages over the last RESPONSE_WINDOW_DAYS days. A conversation is a pair
// of users; it counts when its first message in the window came from the other person. It is
// answered when the user wrote back within RESPONSE_ANSWERED_HOURS of that first message.
export const responsivenessSchema = z.object({
  conversations: z.number().int(),
  answered: z.number().int(),
  // answered / conversations, 0..1; null without conversations.
  rate: z.number().nullable(),
  // The median time to the user's first reply, over the conversations they replied to at all.
  medianMinutes: z.number().nullable(),
  typical: z.enum(RESPONSE_TIMES.map(([label]) => label) as [ResponseTime, ...ResponseTime[]]).nullable(),
});
export type Responsiveness = z.infer<typeof responsivenessSchema>;

// GET /api/users/{id}/profile: the public profile page. Never a username, an e-mail or a full
// name. A deleted account is only { id, deleted: true, displayName: 'Deleted user' } and empties.
export const userProfileSchema = z.object({
  id: z.number().int(),
  deleted: z.boolean(),
  displayName: z.string(),
  avatar: z.string().nullable(),
  bio: z.string().nullable(),
  memberSince: z.string().nullable(),
  // Active listings, newest first.
  listings: z.array(listingSchema),
  // Reviews of the user's listings: the average and count of all, the newest items.
  reviews: z.object({
    average: z.number().nullable(),
    count: z.number().int(),
    // How many of them came from stays (ADR 050).
    fromStays: z.number().int(),
    items: z.array(profileReviewSchema),
  }),
  responsiveness: responsivenessSchema.nullable(),
});
export type UserProfile = z.infer<typeof userProfileSchema>;

export const PROFILE_REVIEWS_MAX = 20;
