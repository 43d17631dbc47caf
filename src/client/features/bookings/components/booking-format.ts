import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { formatDateTime, formatMoney, intlLocale } from '#client/lib/format.ts';
import type { BookingStatus } from '#shared/booking-rules.ts';
import { type Booking, type BookingEvent, PAYOUT_RELEASED_NOTE } from '#shared/bookings.ts';
import type { RefundQuote } from '#shared/cancellation.ts';
import type { ListingType } from '#shared/constants.ts';

export { formatDateTime, monthName } from '#client/lib/format.ts';

// The statuses as people read them (the shared STATUS_LABELS stay English for the server).
export const STATUS_LABELS: Record<BookingStatus, MessageDescriptor> = {
  requested: msg`Requested`,
  accepted: msg`Accepted`,
  declined: msg`Declined`,
  withdrawn: msg`Withdrawn`,
  expired: msg`Expired`,
  paid: msg`Paid`,
  active: msg`Active`,
  completed: msg`Completed`,
  cancelled: msg`Cancelled`,
};

export const TYPE_LABELS: Record<ListingType, MessageDescriptor> = {
  rental: msg`Rental`,
  exchange: msg`Exchange`,
  community: msg`Community`,
};

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
export function formatDay(day: string, locale: string, withYear = true): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString(intlLocale(locale), {
    month: 'short',
    day: 'numeric',
    ...(withYear ? { year: 'numeric' } : {}),
    timeZone: 'UTC',
  });
}

export const dayBefore = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

// "Mar 3 – Jun 2, 2027" (the stored end is exclusive), or "From Mar 3, 2027" when open-ended.
export function formatDates(b: { start: string; end: string | null }, i18n: I18n): string {
  const locale = i18n.locale;
  if (!b.end) {
    const start = formatDay(b.start, locale);
    return i18n._(msg`From ${start}, open-ended`);
  }
  const last = dayBefore(b.end);
  const sameYear = last.slice(0, 4) === b.start.slice(0, 4);
  return `${formatDay(b.start, locale, !sameYear)} – ${formatDay(last, locale)}`;
}

export const monthsText = (n: number, i18n: I18n) =>
  i18n._(msg`${plural(n, { one: '# month', other: '# months' })}`);

// "2.5 h": at most two decimals, no grouping (as before).
export function hoursText(h: number, i18n: I18n): string {
  const hours = h.toLocaleString(intlLocale(i18n.locale), { maximumFractionDigits: 2, useGrouping: false });
  return i18n._(msg`${hours} h`);
}

// "6 hrs per week"
export function hoursPerWeekText(hours: number, i18n: I18n): string {
  return i18n._(msg`${hours} hrs per week`);
}

// What the booking costs or asks: the rental total, the exchange's hours, or free.
export function termsText(b: Pick<Booking, 'type' | 'total' | 'hoursPerWeek'>, i18n: I18n): string {
  if (b.type === 'rental') {
    if (b.total === null) return i18n._(msg`Rental`);
    const total = formatMoney(b.total, i18n.locale);
    return i18n._(msg`${total} total`);
  }
  if (b.type === 'exchange') return hoursPerWeekText(b.hoursPerWeek ?? 0, i18n);
  return i18n._(msg`Free community garden`);
}

export const otherParty = (b: Pick<Booking, 'role' | 'grower' | 'host'>) =>
  b.role === 'grower' ? b.host : b.grower;

export const freePolicy = (i18n: I18n) =>
  i18n._(msg`Nothing is paid, so either of you can cancel at any time.`);

// What cancelling now returns, from the server's quote (ADR 045): the refund the action makes.
export function cancelText(b: Booking, q: RefundQuote | undefined, i18n: I18n): string {
  if (b.type !== 'rental')
    return i18n._(msg`Nothing was paid, so there is nothing to refund. The booking simply ends.`);
  if (!q) return i18n._(msg`Working out the refund...`);
  if (q.reason === 'nothing_paid')
    return i18n._(msg`Nothing has been paid yet, so there is nothing to refund.`);
  if (q.reason === 'released')
    return i18n._(
      msg`The payout was already released to the host, so no refund can be made through Yardshare.`,
    );
  const refund = formatMoney(q.refundCents, i18n.locale);
  const paid = formatMoney(q.paidCents, i18n.locale);
  const until = q.validUntil ? formatDateTime(q.validUntil, i18n.locale) : null;
  const holds = until ? ` ${i18n._(msg`This holds until ${until}.`)}` : '';
  if (b.role === 'host')
    return q.refundCents === q.paidCents
      ? i18n._(msg`The grower gets back everything they paid: ${refund}. Cancelling cannot be undone.`)
      : `${i18n._(msg`The grower gets back ${refund} of the ${paid} they paid: the months already paid out to you stay yours. Cancelling cannot be undone.`)}${holds}`;
  if (q.refundCents === 0) return i18n._(msg`It is too late for a refund: you will get nothing back.`);
  return `${i18n._(msg`You will get ${refund} back of the ${paid} you paid.`)}${holds}`;
}

// What ending early on the chosen day gives back, from the server's quote (ADR 045).
export function endEarlyText(q: RefundQuote, i18n: I18n): string {
  if (q.reason === 'nothing_paid' || (q.refundCents === 0 && q.reason !== 'released'))
    return i18n._(msg`Ending on this day gives nothing back: every month up to it is kept.`);
  if (q.reason === 'released')
    return i18n._(msg`The rent was already paid out to the host: nothing comes back through Yardshare.`);
  const refund = formatMoney(q.refundCents, i18n.locale);
  return q.by === 'grower'
    ? i18n._(msg`Ending on this day gives you back ${refund}.`)
    : i18n._(msg`Ending on this day gives the grower back ${refund}.`);
}

// One line of the timeline: who did what.
export function eventText(e: BookingEvent, b: Booking, i18n: I18n): string {
  const who = e.actor === 'grower' ? b.grower.name : e.actor === 'host' ? b.host.name : 'Yardshare';
  const rental = b.type === 'rental';
  switch (e.action) {
    case 'request':
      return rental ? i18n._(msg`${who} asked to book`) : i18n._(msg`${who} asked to join`);
    case 'book':
      return rental ? i18n._(msg`${who} booked (instant book)`) : i18n._(msg`${who} joined`);
    case 'accept':
      return i18n._(msg`${who} accepted the request`);
    case 'decline':
      return i18n._(msg`${who} declined the request`);
    case 'withdraw':
      return i18n._(msg`${who} withdrew the request`);
    case 'expire':
      return e.fromStatus === 'requested'
        ? i18n._(msg`The request expired unanswered`)
        : i18n._(msg`Expired: not paid in time`);
    case 'pay':
      return i18n._(msg`Payment received`);
    case 'start':
      return rental ? i18n._(msg`The rental began`) : i18n._(msg`The booking began`);
    case 'complete':
      return i18n._(msg`Completed`);
    case 'cancel':
      return i18n._(msg`${who} cancelled`);
    case 'end-early': {
      const day = b.end ? formatDay(dayBefore(b.end), i18n.locale) : '';
      return i18n._(msg`${who} ended the stay early: the last day is ${day}`);
    }
    // Month-by-month rent (ADR 040): the note names the month.
    case 'rent-paid': {
      const month = /^Month (\d+)$/.exec(e.note ?? '')?.[1] ?? '';
      return i18n._(msg`Rent for month ${month} received`);
    }
    case 'rent-lapsed': {
      const month = /^Month (\d+)$/.exec(e.note ?? '')?.[1] ?? '';
      const day = b.end ? formatDay(dayBefore(b.end), i18n.locale) : '';
      return i18n._(msg`Month ${month} was not paid in time: the last day is ${day}`);
    }
    case 'refund': {
      if (e.note === PAYOUT_RELEASED_NOTE)
        return i18n._(msg`The payout was already released: no refund through Yardshare`);
      const cents = /^Refund of (\d+) cents$/.exec(e.note ?? '');
      if (!cents) return e.note ?? i18n._(msg`Refund`);
      const amount = formatMoney(Number(cents[1]), i18n.locale);
      return i18n._(msg`Refunded ${amount}`);
    }
    default:
      return `${who}: ${e.action}`;
  }
}

// The payment and payout of a rental, as one line.
export function paymentText(b: Booking, i18n: I18n): string | null {
  if (b.type !== 'rental') return null;
  const p = b.payment;
  const locale = i18n.locale;
  if (!p) return b.status === 'accepted' ? i18n._(msg`Waiting for payment`) : i18n._(msg`No payment`);
  if (p.status === 'pending') return i18n._(msg`Payment pending confirmation`);
  if (p.status === 'failed') return i18n._(msg`Payment failed`);
  if (p.status === 'refunded' || p.refundedAmount) {
    const amount = formatMoney(p.refundedAmount ?? b.total ?? 0, locale);
    return i18n._(msg`Refunded ${amount}`);
  }
  // What the server recorded, as it is now (ADR 045): released rent went to the host's payouts.
  if (p.releasedAt) {
    const when = formatDateTime(p.releasedAt, locale);
    return i18n._(msg`Paid; the rent was released to the host on ${when}`);
  }
  if (p.releaseAt && p.releasedCents > 0) {
    const released = formatMoney(p.releasedCents, locale);
    const when = formatDateTime(p.releaseAt, locale);
    return i18n._(
      msg`Paid; ${released} released to the host so far, the rest held; the next month goes out ${when}`,
    );
  }
  if (p.releaseAt) {
    const when = formatDateTime(p.releaseAt, locale);
    return i18n._(msg`Paid; payout held until ${when}`);
  }
  return i18n._(msg`Paid`);
}

// What a list card offers; cancelling, with its refund, is on the booking's own page.
export const NEXT_STEPS = ['pay', 'accept', 'decline', 'withdraw'] as const;

// The deadline the viewer should know about: a request to answer, or a rental to pay.
export function deadlineText(b: Booking, i18n: I18n): string | null {
  if (!b.expiresAt) return null;
  const when = formatDateTime(b.expiresAt, i18n.locale);
  if (b.status === 'requested')
    return b.role === 'host' ? i18n._(msg`Answer by ${when}`) : i18n._(msg`The host answers by ${when}`);
  if (b.status === 'accepted' && b.type === 'rental' && b.role === 'grower')
    return i18n._(msg`Pay by ${when}`);
  return null;
}
