import { z } from 'zod';
import { BOOKING_MONTHS_MAX, BOOKING_NOTE_MAX } from './booking-rules.ts';
import { idSchema, isoDateSchema, text } from './fields.ts';

// Waiting lists for full listings (ADR 049): a grower waits for a plot, the first in line whose
// dates fit gets an offer held for WAITLIST_OFFER_HOURS, accepting it books the plot.
//
//   POST   /api/listings/:id/waitlist           joinWaitlistSchema -> 201 myWaitlistSchema
//                                               409 when a plot is free for those dates (book it)
//   DELETE /api/listings/:id/waitlist           -> 200 { message } (leave the list)
//   GET    /api/listings/:id/waitlist           the host's: -> hostWaitlistSchema (in order)
//   POST   /api/listings/:id/waitlist/move      moveWaitlistEntrySchema -> hostWaitlistSchema
//   POST   /api/listings/:id/waitlist/close     waitlistReasonSchema -> hostWaitlistSchema
//   POST   /api/listings/:id/waitlist/reopen    -> hostWaitlistSchema
//   GET    /api/users/me/waitlists              -> myWaitlistsSchema (each with position, offer)
//   POST   /api/waitlist-offers/:id/accept      -> 201 { bookingId }
//   POST   /api/waitlist-offers/:id/decline     declineOfferSchema (optional) -> 200 myWaitlistsSchema

export const WAITLIST_REASON_MAX = 500;

export const WAITLIST_ENTRY_STATUSES = [
  'waiting',
  'offered',
  'booked',
  'left',
  'declined',
  'lapsed',
  'closed',
] as const;
export type WaitlistEntryStatus = (typeof WAITLIST_ENTRY_STATUSES)[number];
export const WAITLIST_OFFER_STATUSES = ['open', 'accepted', 'declined', 'expired'] as const;

const note = text('Note').trim().max(BOOKING_NOTE_MAX, `Note must be at most ${BOOKING_NOTE_MAX} characters`);

export const joinWaitlistSchema = z.object({
  start: isoDateSchema('Start date'),
  // null: open-ended (a community garden's membership).
  months: z
    .number({ error: 'Months must be a number' })
    .int('Months must be a whole number')
    .min(1, `Months must be between 1 and ${BOOKING_MONTHS_MAX}`)
    .max(BOOKING_MONTHS_MAX, `Months must be between 1 and ${BOOKING_MONTHS_MAX}`)
    .nullish(),
  note: note.optional(),
});
export type JoinWaitlistInput = z.input<typeof joinWaitlistSchema>;

const reason = text('Reason', 'Please give a reason')
  .trim()
  .min(1, 'Please give a reason')
  .max(WAITLIST_REASON_MAX, `Reason must be at most ${WAITLIST_REASON_MAX} characters`);

// The host moves one person to a place in line (1 is first), saying why (kept in the audit log).
export const moveWaitlistEntrySchema = z.object({
  entryId: idSchema('Entry id'),
  position: z
    .number({ error: 'Position must be a number' })
    .int('Position must be a whole number')
    .min(1, 'Position must be 1 or more')
    .max(100_000, 'Position is out of range'),
  reason,
});
export type MoveWaitlistEntryInput = z.input<typeof moveWaitlistEntrySchema>;

export const waitlistReasonSchema = z.object({ reason });

// POST /api/waitlist-offers/:id/decline may say why (ADR 059): optional, as is the body; empty
// means none. Told to the host.
export const declineOfferSchema = z
  .object({
    reason: text('Reason')
      .trim()
      .max(WAITLIST_REASON_MAX, `Reason must be at most ${WAITLIST_REASON_MAX} characters`)
      .optional(),
  })
  .nullish();
export type DeclineOfferInput = z.input<typeof declineOfferSchema>;

export const waitlistOfferSchema = z.object({
  id: z.number().int(),
  expiresAt: z.string(),
  // The dates offered: the ones asked for, from today when that day has passed.
  start: z.string(),
  end: z.string().nullable(),
});
export type WaitlistOffer = z.infer<typeof waitlistOfferSchema>;

const entryBase = {
  id: z.number().int(),
  listingId: z.number().int(),
  start: z.string(),
  months: z.number().int().nullable(),
  note: z.string().nullable(),
  // 1 is first in line.
  position: z.number().int(),
  status: z.enum(WAITLIST_ENTRY_STATUSES),
  offer: waitlistOfferSchema.nullable(),
  createdAt: z.string(),
};

// A grower's own place on one list.
export const myWaitlistSchema = z.object({
  ...entryBase,
  listing: z.object({ id: z.number().int(), title: z.string(), city: z.string(), type: z.string() }),
});
export type MyWaitlist = z.infer<typeof myWaitlistSchema>;
export const myWaitlistsSchema = z.object({ items: z.array(myWaitlistSchema) });
export type MyWaitlists = z.infer<typeof myWaitlistsSchema>;

// The host's list, in order: who waits, since when, for which dates.
export const hostWaitlistSchema = z.object({
  listingId: z.number().int(),
  closed: z.boolean(),
  plots: z.number().int(),
  entries: z.array(
    z.object({
      ...entryBase,
      grower: z.object({ id: z.number().int(), name: z.string(), username: z.string() }),
    }),
  ),
});
export type HostWaitlist = z.infer<typeof hostWaitlistSchema>;

export const acceptedOfferSchema = z.object({ bookingId: z.number().int() });
