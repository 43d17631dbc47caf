import { z } from 'zod';
import {
  BOOKING_ACTIONS,
  BOOKING_MONTHS_MAX,
  BOOKING_NOTE_MAX,
  BOOKING_STATUSES,
  HOURS_PER_ENTRY_MAX,
} from './booking-rules.ts';
import { CANCELLATION_POLICIES } from './cancellation.ts';
import { idSchema, isoDateSchema, text } from './fields.ts';
import { PAYMENT_PLANS } from './rent.ts';

export * from './booking-rules.ts';

export { isoDateSchema };

export const createBookingSchema = z.object({
  listingId: idSchema('listingId'),
  start: isoDateSchema('Start date'),
  months: z
    .number({ error: 'Months must be a number' })
    .int('Months must be a whole number')
    .min(1, `Months must be between 1 and ${BOOKING_MONTHS_MAX}`)
    .max(BOOKING_MONTHS_MAX, `Months must be between 1 and ${BOOKING_MONTHS_MAX}`)
    .nullish(),
  // A rental of more than one month may be paid one month at a time (ADR 040).
  paymentPlan: z.enum(PAYMENT_PLANS, { error: 'Payment plan must be whole or monthly' }).optional(),
  note: text('Note')
    .trim()
    .max(BOOKING_NOTE_MAX, `Note must be at most ${BOOKING_NOTE_MAX} characters`)
    .optional(),
});
export type CreateBookingInput = z.input<typeof createBookingSchema>;

export const bookingActionParamsSchema = z.object({
  action: z.enum(['accept', 'decline', 'cancel', 'withdraw'], {
    error: 'Action must be accept, decline, cancel or withdraw',
  }),
});

export const bookingEventSchema = z.object({
  id: z.number().int(),
  action: z.string(),
  fromStatus: z.string().nullable(),
  toStatus: z.string(),
  actor: z.enum(['grower', 'host', 'system']),
  note: z.string().nullable(),
  createdAt: z.string(),
});
export type BookingEvent = z.infer<typeof bookingEventSchema>;

// A refund event's note when the payout had already gone to the host: stored as this English
// marker, read by the screens in the reader's language (booking-format.ts eventText).
export const PAYOUT_RELEASED_NOTE = 'The payout was already released: no refund through Yardshare';

const party = z.object({ id: z.number().int(), name: z.string(), avatar: z.string().nullable() });

export const bookingSchema = z.object({
  id: z.number().int(),
  listingId: z.number().int(),
  listingTitle: z.string(),
  type: z.enum(['rental', 'exchange', 'community']),
  status: z.enum(BOOKING_STATUSES),
  role: z.enum(['grower', 'host']),
  grower: party,
  host: party,
  start: z.string(),
  end: z.string().nullable(),
  months: z.number().int().nullable(),
  pricePerMonth: z.number().int().nullable(),
  amount: z.number().int().nullable(),
  fee: z.number().int().nullable(),
  total: z.number().int().nullable(),
  hoursPerWeek: z.number().int().nullable(),
  instant: z.boolean(),
  // The listing's cancellation policy when booked: this booking's refunds follow it.
  cancellationPolicy: z.enum(CANCELLATION_POLICIES),
  // Paid up front or one month at a time (ADR 040); for a monthly rental, its months as they are now.
  paymentPlan: z.enum(PAYMENT_PLANS),
  rentMonths: z.array(
    z.object({
      month: z.number().int(),
      start: z.string(),
      end: z.string(),
      amount: z.number().int(),
      fee: z.number().int(),
      status: z.enum(['paid', 'due', 'overdue', 'upcoming']),
    }),
  ),
  note: z.string().nullable(),
  // A stay ended early (ADR 037): by whom, when, why, and the end agreed before.
  endedEarly: z
    .object({
      by: z.enum(['grower', 'host', 'operator']),
      at: z.string(),
      reason: z.string(),
      originalEnd: z.string().nullable(),
    })
    .nullable(),
  // When the booking expires unless someone acts (a request, or an accepted rental not yet paid).
  expiresAt: z.string().nullable(),
  payment: z
    .object({
      id: z.number().int(),
      status: z.string(),
      // The next release of rent to the host (ADR 045: a stay paid up front, month by month), and
      // when the last part went; what of the rent has gone to the host's payouts so far.
      releaseAt: z.string().nullable(),
      releasedAt: z.string().nullable(),
      releasedCents: z.number().int(),
      refundedAmount: z.number().int().nullable(),
    })
    .nullable(),
  actions: z.array(z.enum(BOOKING_ACTIONS)),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Booking = z.infer<typeof bookingSchema>;

export const bookingDetailSchema = bookingSchema.extend({ events: z.array(bookingEventSchema) });
export type BookingDetail = z.infer<typeof bookingDetailSchema>;

export const bookingsListSchema = z.object({
  asGrower: z.array(bookingSchema),
  asHost: z.array(bookingSchema),
  // Bookings waiting for this user's action (a request to answer, a rental to pay).
  needsAction: z.number().int(),
});
export type BookingsList = z.infer<typeof bookingsListSchema>;

export const availabilitySchema = z.object({
  plots: z.number().int(),
  season: z.object({ firstMonth: z.number().int(), lastMonth: z.number().int() }).nullable(),
  // The next 12 calendar months, each with the plots still free in it (the fewest on any day).
  months: z.array(z.object({ month: z.string(), free: z.number().int(), inSeason: z.boolean() })),
});
export type Availability = z.infer<typeof availabilitySchema>;

// The hours ledger of a work exchange.
export const hoursEntryInputSchema = z.object({
  date: isoDateSchema('Date'),
  hours: z
    .number({ error: 'Hours must be a number' })
    .positive('Hours must be more than 0')
    .max(HOURS_PER_ENTRY_MAX, `Hours must be at most ${HOURS_PER_ENTRY_MAX}`)
    .refine((h) => Number.isInteger(h * 4), 'Hours must be in quarter hours (e.g. 2.5)'),
  note: text('What was done')
    .trim()
    .min(1, 'Say what was done')
    .max(500, 'What was done must be at most 500 characters'),
});
export type HoursEntryInput = z.infer<typeof hoursEntryInputSchema>;

export const hoursEntrySchema = z.object({
  id: z.number().int(),
  date: z.string(),
  hours: z.number(),
  note: z.string(),
  status: z.enum(['logged', 'confirmed', 'disputed']),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  // The host's reason for disputing the entry, if given (ADR 059).
  disputeReason: z.string().nullable(),
});
export type HoursEntry = z.infer<typeof hoursEntrySchema>;

export const hoursLedgerSchema = z.object({
  hoursPerWeek: z.number().int(),
  entries: z.array(hoursEntrySchema),
  // Per week (Monday first): the commitment against hours logged and confirmed.
  weeks: z.array(
    z.object({
      weekStart: z.string(),
      committed: z.number(),
      logged: z.number(),
      confirmed: z.number(),
      // Far over the agreed hours (ADR 037: more than HOURS_OVER_FACTOR times them).
      farOver: z.boolean(),
    }),
  ),
  totals: z.object({
    committed: z.number(),
    logged: z.number(),
    confirmed: z.number(),
    disputed: z.number(),
  }),
});
export type HoursLedger = z.infer<typeof hoursLedgerSchema>;

export const hoursEntryParamsSchema = z.object({
  decision: z.enum(['confirm', 'dispute'], { error: 'Decision must be confirm or dispute' }),
});

// POST /api/bookings/:id/hours/:entryId/dispute may say why (ADR 059); optional, as is the body.
// Empty means none. A confirmation ignores it.
export const HOURS_REASON_MAX = 500;
export const hoursDecisionBodySchema = z
  .object({
    reason: text('Reason')
      .trim()
      .max(HOURS_REASON_MAX, `Reason must be at most ${HOURS_REASON_MAX} characters`)
      .optional(),
  })
  .nullish();
export type HoursDecisionBody = z.input<typeof hoursDecisionBodySchema>;
