import { formatDateTime } from '#client/lib/format.ts';
import {
  type BookingStatus,
  FREE_CANCELLATION_DAYS,
  refundCents,
  STATUS_LABELS,
} from '#shared/booking-rules.ts';
import type { Booking, BookingEvent } from '#shared/bookings.ts';
import { PLATFORM_FEE_PERCENT } from '#shared/constants.ts';
import { formatUsd } from '#shared/money.ts';

export { formatDateTime, MONTH_NAMES } from '#client/lib/format.ts';

export { STATUS_LABELS };

export const STATUS_CLASSES: Record<BookingStatus, string> = {
  requested: 'bg-amber-100 text-amber-900',
  accepted: 'bg-sky-100 text-sky-900',
  paid: 'bg-accent text-accent-foreground',
  active: 'bg-primary text-primary-foreground',
  completed: 'bg-secondary text-secondary-foreground',
  declined: 'bg-red-100 text-red-900',
  withdrawn: 'bg-muted text-muted-foreground',
  expired: 'bg-muted text-muted-foreground',
  cancelled: 'bg-red-100 text-red-900',
};

// Calendar days ("YYYY-MM-DD") are shown as written, in UTC, whatever the browser's zone.
export function formatDay(day: string, withYear = true): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    ...(withYear ? { year: 'numeric' } : {}),
    timeZone: 'UTC',
  });
}

const dayBefore = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

// "Mar 3 – Jun 2, 2027" (the stored end is exclusive), or "From Mar 3, 2027" when open-ended.
export function formatDates(b: { start: string; end: string | null }): string {
  if (!b.end) return `From ${formatDay(b.start)}, open-ended`;
  const last = dayBefore(b.end);
  const sameYear = last.slice(0, 4) === b.start.slice(0, 4);
  return `${formatDay(b.start, !sameYear)} – ${formatDay(last)}`;
}

export const monthsText = (n: number) => `${n} ${n === 1 ? 'month' : 'months'}`;
export const hoursText = (h: number) => `${Number.isInteger(h) ? h : h.toFixed(2).replace(/0$/, '')} h`;

// What the booking costs or asks: the rental total, the exchange's hours, or free.
export function termsText(b: Pick<Booking, 'type' | 'total' | 'hoursPerWeek'>): string {
  if (b.type === 'rental') return b.total !== null ? `${formatUsd(b.total)} total` : 'Rental';
  if (b.type === 'exchange') return `${b.hoursPerWeek ?? 0} hrs per week`;
  return 'Free community garden';
}

export const otherParty = (b: Pick<Booking, 'role' | 'grower' | 'host'>) =>
  b.role === 'grower' ? b.host : b.grower;

// The cancellation policy of a rental, in plain words.
export const RENTAL_POLICY = `Cancel ${FREE_CANCELLATION_DAYS}+ days before the start for a refund of the rent (not the ${PLATFORM_FEE_PERCENT}% fee). Later, only whole months not yet begun, after the first, are refunded.`;
export const FREE_POLICY = 'Nothing is paid, so either of you can cancel at any time.';

// What cancelling now returns, in one or two sentences for the confirm dialog.
export function cancelText(b: Booking, now = new Date()): string {
  if (b.type !== 'rental') return 'Nothing was paid, so there is nothing to refund. The booking simply ends.';
  if (b.status === 'accepted' || !b.payment || b.payment.status !== 'completed')
    return 'Nothing has been paid yet, so there is nothing to refund.';
  if (b.payment.releasedAt)
    return 'The payout was already released to the host, so no refund can be made through Yardshare.';
  const terms = {
    start: b.start,
    months: b.months ?? 1,
    pricePerMonth: b.pricePerMonth ?? 0,
    amount: b.amount ?? 0,
    fee: b.fee ?? 0,
  };
  const refund = refundCents(terms, b.role, now);
  if (b.role === 'host')
    return `The grower gets back everything they paid: ${formatUsd(refund)}. Cancelling cannot be undone.`;
  if (refund === 0) return 'It is too late for a refund: you will get nothing back.';
  return `You will get ${formatUsd(refund)} back of the ${formatUsd(terms.amount + terms.fee)} you paid.`;
}

// One line of the timeline: who did what.
export function eventText(e: BookingEvent, b: Booking): string {
  const who = e.actor === 'grower' ? b.grower.name : e.actor === 'host' ? b.host.name : 'Yardshare';
  const join = b.type === 'rental' ? 'book' : 'join';
  switch (e.action) {
    case 'request':
      return `${who} asked to ${join}`;
    case 'book':
      return b.type === 'rental' ? `${who} booked (instant book)` : `${who} joined`;
    case 'accept':
      return `${who} accepted the request`;
    case 'decline':
      return `${who} declined the request`;
    case 'withdraw':
      return `${who} withdrew the request`;
    case 'expire':
      return e.fromStatus === 'requested' ? 'The request expired unanswered' : 'Expired: not paid in time';
    case 'pay':
      return 'Payment received';
    case 'start':
      return b.type === 'rental' ? 'The rental began' : 'The booking began';
    case 'complete':
      return 'Completed';
    case 'cancel':
      return `${who} cancelled`;
    case 'refund': {
      const cents = /^Refund of (\d+) cents$/.exec(e.note ?? '');
      return cents ? `Refunded ${formatUsd(Number(cents[1]))}` : (e.note ?? 'Refund');
    }
    default:
      return `${who}: ${e.action}`;
  }
}

// The payment and payout of a rental, as one line.
export function paymentText(b: Booking): string | null {
  if (b.type !== 'rental') return null;
  const p = b.payment;
  if (!p) return b.status === 'accepted' ? 'Waiting for payment' : 'No payment';
  if (p.status === 'pending') return 'Payment pending confirmation';
  if (p.status === 'failed') return 'Payment failed';
  if (p.status === 'refunded' || p.refundedAmount)
    return `Refunded ${formatUsd(p.refundedAmount ?? b.total ?? 0)}`;
  if (p.releasedAt) return `Paid; payout released ${formatDateTime(p.releasedAt)}`;
  if (p.releaseAt) return `Paid; payout held until ${formatDateTime(p.releaseAt)}`;
  return 'Paid';
}

// What a list card offers; cancelling, with its refund, is on the booking's own page.
export const NEXT_STEPS = ['pay', 'accept', 'decline', 'withdraw'] as const;

// The deadline the viewer should know about: a request to answer, or a rental to pay.
export function deadlineText(b: Booking): string | null {
  if (!b.expiresAt) return null;
  if (b.status === 'requested')
    return b.role === 'host'
      ? `Answer by ${formatDateTime(b.expiresAt)}`
      : `The host answers by ${formatDateTime(b.expiresAt)}`;
  if (b.status === 'accepted' && b.type === 'rental' && b.role === 'grower')
    return `Pay by ${formatDateTime(b.expiresAt)}`;
  return null;
}
