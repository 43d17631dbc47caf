import { PAYMENT_WINDOW_HOURS, REQUEST_TTL_HOURS } from '#shared/bookings.ts';
import { type BookingNotice, clip, type Tx } from '../../core/notifier.ts';
import type { Lang } from '../../mail/texts/index.ts';
import { BODY_CHARS, bookingFacts, type Notify, toBooking } from './booking-facts.ts';
import { paidBody, paymentHold } from './payment-hold.ts';

// A booking's move (BookingsService.event and the expiry job): requested or booked, accepted,
// declined, withdrawn or cancelled, expired, paid. Other moves notify nobody.
export async function bookingEvent(notify: Notify, tx: Tx, e: BookingNotice): Promise<void> {
  const kinds = ['request', 'book', 'accept', 'decline', 'withdraw', 'cancel', 'expire', 'pay'];
  if (!kinds.includes(e.action)) return;
  const b = await bookingFacts(tx, e.bookingId);
  if (!b) return;
  const { grower: g, host: h, title } = b;
  const from = (l: Lang) => l.day(b.start);
  const rental = b.type === 'rental';
  switch (e.action) {
    case 'request':
      await toBooking(
        notify,
        tx,
        b,
        'host',
        {
          kind: 'booking_requested',
          title: (l) => l.t.booking.requested(g.name, title, from(l)),
          body: (l) =>
            e.note
              ? l.t.quote(clip(e.note, BODY_CHARS))
              : l.t.booking.requestExpiresIn(REQUEST_TTL_HOURS / 24),
        },
        'grower',
      );
      return;
    case 'book':
      await toBooking(
        notify,
        tx,
        b,
        'host',
        {
          kind: 'booking_requested',
          title: (l) => l.t.booking.booked(g.name, title, from(l)),
          body: (l) => (rental ? l.t.booking.bookedRental(g.name) : l.t.booking.bookedFree),
        },
        'grower',
      );
      return;
    case 'accept':
      await toBooking(
        notify,
        tx,
        b,
        'grower',
        {
          kind: 'booking_accepted',
          title: (l) => l.t.booking.accepted(h.name, title),
          body: (l) => (rental ? l.t.booking.payWithin(PAYMENT_WINDOW_HOURS) : l.t.booking.startsOn(from(l))),
        },
        'host',
      );
      return;
    case 'decline':
      await toBooking(
        notify,
        tx,
        b,
        'grower',
        {
          kind: 'booking_declined',
          title: (l) => l.t.booking.declined(h.name, title),
          body: (l) => l.t.booking.declinedBody,
        },
        'host',
      );
      return;
    case 'withdraw':
      await toBooking(
        notify,
        tx,
        b,
        'host',
        {
          kind: 'booking_cancelled',
          title: (l) => l.t.booking.withdrawn(g.name, title),
          body: (l) => l.t.booking.withdrawnBody,
        },
        'grower',
      );
      return;
    case 'cancel': {
      const by = e.actor === 'host' ? 'host' : 'grower';
      const other = by === 'host' ? 'grower' : 'host';
      await toBooking(
        notify,
        tx,
        b,
        other,
        {
          kind: 'booking_cancelled',
          title: (l) =>
            by === 'host'
              ? l.t.booking.cancelledByHost(h.name, title)
              : l.t.booking.cancelledByGrower(g.name, title),
          body: (l) => l.t.booking.cancelledBody(from(l)),
        },
        by,
      );
      return;
    }
    case 'expire': {
      const unpaid = e.from === 'accepted';
      await toBooking(
        notify,
        tx,
        b,
        'grower',
        {
          kind: 'booking_expired',
          title: (l) =>
            unpaid ? l.t.booking.yourBookingExpired(title) : l.t.booking.yourRequestExpired(title),
          body: (l) => (unpaid ? l.t.booking.notPaidInTime : l.t.booking.hostDidNotAnswer(h.name)),
        },
        null,
      );
      await toBooking(
        notify,
        tx,
        b,
        'host',
        {
          kind: 'booking_expired',
          title: (l) =>
            unpaid
              ? l.t.booking.theirBookingExpired(g.name, title)
              : l.t.booking.theirRequestExpired(g.name, title),
          body: (l) => (unpaid ? l.t.booking.notPaidInTime : l.t.booking.notAnsweredInTime),
        },
        null,
      );
      return;
    }
    case 'pay': {
      const hold = await paymentHold(tx, b.id);
      await toBooking(
        notify,
        tx,
        b,
        'host',
        {
          kind: 'booking_paid',
          title: (l) => l.t.booking.paid(g.name, title),
          body: (l) => paidBody(l, from(l), hold),
        },
        'grower',
      );
      return;
    }
  }
}
