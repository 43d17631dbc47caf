import { z } from 'zod';
import type { ListingType } from './constants.ts';
import { idSchema, text } from './fields.ts';
import { monthlyPriceToCents, platformFeeCents } from './money.ts';

// A booking: one grower's time on one listing, and the host's decision about it (ADR 016).

export const BOOKING_STATUSES = [
  'requested',
  'accepted',
  'declined',
  'withdrawn',
  'expired',
  'paid',
  'active',
  'completed',
  'cancelled',
] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
export type BookingRole = 'grower' | 'host';
export type BookingActor = BookingRole | 'system';

export const BOOKING_ACTIONS = [
  'accept',
  'decline',
  'withdraw',
  'cancel',
  'pay',
  'expire',
  'start',
  'complete',
] as const;
export type BookingAction = (typeof BOOKING_ACTIONS)[number];

type Transition = {
  action: BookingAction;
  from: readonly BookingStatus[];
  to: BookingStatus;
  by: readonly BookingActor[];
  // Limits the transition to these access types; all types when absent.
  types?: readonly ListingType[];
};

// The whole process as data: the server takes a transition only when a row here allows it (one
// guarded UPDATE), and the client shows the actions this table offers the viewer.
// A rental is accepted (by the host, or at once when instant) and then paid; an exchange or a
// community membership is confirmed by its acceptance.
export const BOOKING_TRANSITIONS: readonly Transition[] = [
  { action: 'accept', from: ['requested'], to: 'accepted', by: ['host'] },
  { action: 'decline', from: ['requested'], to: 'declined', by: ['host'] },
  { action: 'withdraw', from: ['requested'], to: 'withdrawn', by: ['grower'] },
  { action: 'expire', from: ['requested'], to: 'expired', by: ['system'] },
  { action: 'expire', from: ['accepted'], to: 'expired', by: ['system'], types: ['rental'] },
  { action: 'pay', from: ['accepted'], to: 'paid', by: ['system'], types: ['rental'] },
  { action: 'start', from: ['paid'], to: 'active', by: ['system'], types: ['rental'] },
  { action: 'start', from: ['accepted'], to: 'active', by: ['system'], types: ['exchange', 'community'] },
  { action: 'complete', from: ['active'], to: 'completed', by: ['system'] },
  { action: 'cancel', from: ['accepted', 'paid', 'active'], to: 'cancelled', by: ['grower', 'host'] },
];

export function findTransition(
  action: BookingAction,
  status: BookingStatus,
  type: ListingType,
): Transition | undefined {
  return BOOKING_TRANSITIONS.find(
    (t) => t.action === action && t.from.includes(status) && (!t.types || t.types.includes(type)),
  );
}

// What a person may do now; 'pay' is the grower's, through the checkout, while a rental awaits it.
export function allowedActions(
  b: { status: BookingStatus; type: ListingType },
  role: BookingRole,
): BookingAction[] {
  const out = BOOKING_TRANSITIONS.filter(
    (t) => t.from.includes(b.status) && (!t.types || t.types.includes(b.type)) && t.by.includes(role),
  ).map((t) => t.action);
  if (role === 'grower' && b.type === 'rental' && b.status === 'accepted') out.unshift('pay');
  return [...new Set(out)];
}

// The states that end a booking.
export const FINAL_STATUSES: readonly BookingStatus[] = [
  'declined',
  'withdrawn',
  'expired',
  'completed',
  'cancelled',
];

export const REQUEST_TTL_HOURS = 72; // a host who does not answer lets the request expire
export const PAYMENT_WINDOW_HOURS = 48; // an accepted request must be paid within this
export const INSTANT_PAYMENT_WINDOW_HOURS = 1; // an instant booking holds its plot this long unpaid
export const FREE_CANCELLATION_DAYS = 7;
export const BOOKING_MONTHS_MAX = 12;
export const BOOKING_NOTE_MAX = 1000;

// Dates are calendar days, "YYYY-MM-DD", compared as UTC.
export const isoDateSchema = (label: string) =>
  text(label)
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date (YYYY-MM-DD)`)
    .refine((s) => {
      const d = new Date(`${s}T00:00:00Z`);
      return (
        !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s) && s >= '2000-01-01' && s <= '2999-12-31'
      );
    }, `${label} must be a real date`);

export const todayUtc = (now = new Date()) => now.toISOString().slice(0, 10);

// The day `months` whole months after `start` (the end is exclusive): Jan 31 + 1 month = Feb 28.
export function addMonths(start: string, months: number): string {
  const [y, m, d] = start.split('-').map(Number);
  const target = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d, last));
  return target.toISOString().slice(0, 10);
}

// The terms of a rental, computed on the server from the listing: price x months, plus the fee.
export function rentalTerms(priceDollars: number, months: number) {
  const monthly = monthlyPriceToCents(priceDollars);
  const amount = monthly * months;
  const fee = platformFeeCents(amount);
  return { pricePerMonth: monthly, amount, fee, total: amount + fee };
}

// The refund a cancellation gives (ADR 016): by the host, everything paid; by the grower, the rent
// when FREE_CANCELLATION_DAYS or more before the start, later the rent of the whole months not yet
// begun after the first. The fee is the platform's unless the host cancels.
export function refundCents(
  b: { start: string; months: number; pricePerMonth: number; amount: number; fee: number },
  by: BookingRole,
  now = new Date(),
): number {
  if (by === 'host') return b.amount + b.fee;
  const startMs = Date.parse(`${b.start}T00:00:00Z`);
  if (startMs - now.getTime() >= FREE_CANCELLATION_DAYS * 86_400_000) return b.amount;
  let begun = 1;
  while (begun < b.months && Date.parse(`${addMonths(b.start, begun)}T00:00:00Z`) <= now.getTime())
    begun += 1;
  return Math.max(0, b.months - begun) * b.pricePerMonth;
}

export const createBookingSchema = z.object({
  listingId: idSchema('listingId'),
  start: isoDateSchema('Start date'),
  months: z
    .number({ error: 'Months must be a number' })
    .int('Months must be a whole number')
    .min(1, `Months must be between 1 and ${BOOKING_MONTHS_MAX}`)
    .max(BOOKING_MONTHS_MAX, `Months must be between 1 and ${BOOKING_MONTHS_MAX}`)
    .nullish(),
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
  note: z.string().nullable(),
  // When the booking expires unless someone acts (a request, or an accepted rental not yet paid).
  expiresAt: z.string().nullable(),
  payment: z
    .object({
      id: z.number().int(),
      status: z.string(),
      releaseAt: z.string().nullable(),
      releasedAt: z.string().nullable(),
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
export const HOURS_PER_ENTRY_MAX = 24;
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
});
export type HoursEntry = z.infer<typeof hoursEntrySchema>;

export const hoursLedgerSchema = z.object({
  hoursPerWeek: z.number().int(),
  entries: z.array(hoursEntrySchema),
  // Per week (Monday first): the commitment against hours logged and confirmed.
  weeks: z.array(
    z.object({ weekStart: z.string(), committed: z.number(), logged: z.number(), confirmed: z.number() }),
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

export const STATUS_LABELS: Record<BookingStatus, string> = {
  requested: 'Requested',
  accepted: 'Accepted',
  declined: 'Declined',
  withdrawn: 'Withdrawn',
  expired: 'Expired',
  paid: 'Paid',
  active: 'Active',
  completed: 'Completed',
  cancelled: 'Cancelled',
};
