import type { ListingType } from './constants.ts';
import { monthlyPriceToCents, platformFeeCents } from './money.ts';

// The booking rules with no Zod in them (the contract's schemas are in bookings.ts, which
// re-exports all of this), so the listing page's booking card does not download the validation
// library.

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

// A booking that shows its grower the street address (ADR 038): accepted or paid, and what follows.
export const ADDRESS_STATUSES: readonly BookingStatus[] = ['accepted', 'paid', 'active', 'completed'];

export const REQUEST_TTL_HOURS = 72; // a host who does not answer lets the request expire
export const PAYMENT_WINDOW_HOURS = 48; // an accepted request must be paid within this
export const INSTANT_PAYMENT_WINDOW_HOURS = 1; // an instant booking holds its plot this long unpaid
export const BOOKING_MONTHS_MAX = 12;
export const BOOKING_NOTE_MAX = 1000;

// Dates are calendar days, "YYYY-MM-DD", compared as UTC.
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

export const HOURS_PER_ENTRY_MAX = 24;

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
