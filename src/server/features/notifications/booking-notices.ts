import { PAYMENT_WINDOW_HOURS, REQUEST_TTL_HOURS } from '#shared/bookings.ts';
import { type BookingNotice, clip, type NotifyInput } from '../../core/notifier.ts';
import type { Tx } from '../../db/client.ts';
import type { Lang, Localized } from '../../mail/lang.ts';
import { agreementInForceText } from '../bookings/index.ts';
import { BODY_CHARS, type BookingFacts, bookingFacts, type Notify, toBooking } from './booking-facts.ts';
import { paidBody, paymentHold } from './payment-hold.ts';

type Side = 'grower' | 'host';
// One notice of a move: to whom, what it says, and whose move it was (null: nobody's).
type Notice = {
  to: Side;
  actor: Side | null;
  kind: NotifyInput['kind'];
  title: Localized<string>;
  body: Localized<string>;
};

// A booking's move (BookingsService.event and the expiry job): requested or booked, accepted,
// declined, withdrawn or cancelled, expired, paid. Other moves notify nobody.
export async function bookingEvent(notify: Notify, tx: Tx, e: BookingNotice): Promise<void> {
  const kinds = ['request', 'book', 'accept', 'decline', 'withdraw', 'cancel', 'expire', 'pay'];
  if (!kinds.includes(e.action)) return;
  const b = await bookingFacts(tx, e.bookingId);
  if (!b) return;
  // A booking accepted (or booked at once) binds both to its agreement: its e-mail carries the words.
  const words = ['accept', 'book'].includes(e.action) ? await agreementInForceText(tx, e.bookingId) : null;
  for (const { to, actor, ...n } of await notices(tx, e, b)) {
    await toBooking(notify, tx, b, to, n, actor, words);
  }
}

async function notices(tx: Tx, e: BookingNotice, b: BookingFacts): Promise<Notice[]> {
  const { grower: g, host: h, title } = b;
  const from = (l: Lang) => l.day(b.start);
  const rental = b.type === 'rental';
  switch (e.action) {
    case 'request':
      return [
        {
          to: 'host',
          actor: 'grower',
          kind: 'booking_requested',
          title: (l) => l.t.booking.requested(g.name, title, from(l)),
          body: (l) =>
            e.note
              ? l.t.quote(clip(e.note, BODY_CHARS))
              : l.t.booking.requestExpiresIn(REQUEST_TTL_HOURS / 24),
        },
      ];
    case 'book':
      return [
        {
          to: 'host',
          actor: 'grower',
          kind: 'booking_requested',
          title: (l) => l.t.booking.booked(g.name, title, from(l)),
          body: (l) => (rental ? l.t.booking.bookedRental(g.name) : l.t.booking.bookedFree),
        },
      ];
    case 'accept':
      return [
        {
          to: 'grower',
          actor: 'host',
          kind: 'booking_accepted',
          title: (l) => l.t.booking.accepted(h.name, title),
          body: (l) => (rental ? l.t.booking.payWithin(PAYMENT_WINDOW_HOURS) : l.t.booking.startsOn(from(l))),
        },
      ];
    case 'decline':
      return [
        {
          to: 'grower',
          actor: 'host',
          kind: 'booking_declined',
          title: (l) => l.t.booking.declined(h.name, title),
          body: (l) => l.t.booking.declinedBody,
        },
      ];
    case 'withdraw':
      return [
        {
          to: 'host',
          actor: 'grower',
          kind: 'booking_cancelled',
          title: (l) => l.t.booking.withdrawn(g.name, title),
          body: (l) => l.t.booking.withdrawnBody,
        },
      ];
    case 'cancel': {
      const by = e.actor === 'host' ? 'host' : 'grower';
      return [
        {
          to: by === 'host' ? 'grower' : 'host',
          actor: by,
          kind: 'booking_cancelled',
          title: (l) =>
            by === 'host'
              ? l.t.booking.cancelledByHost(h.name, title)
              : l.t.booking.cancelledByGrower(g.name, title),
          body: (l) => l.t.booking.cancelledBody(from(l)),
        },
      ];
    }
    case 'expire': {
      const unpaid = e.from === 'accepted';
      return [
        {
          to: 'grower',
          actor: null,
          kind: 'booking_expired',
          title: (l) =>
            unpaid ? l.t.booking.yourBookingExpired(title) : l.t.booking.yourRequestExpired(title),
          body: (l) => (unpaid ? l.t.booking.notPaidInTime : l.t.booking.hostDidNotAnswer(h.name)),
        },
        {
          to: 'host',
          actor: null,
          kind: 'booking_expired',
          title: (l) =>
            unpaid
              ? l.t.booking.theirBookingExpired(g.name, title)
              : l.t.booking.theirRequestExpired(g.name, title),
          body: (l) => (unpaid ? l.t.booking.notPaidInTime : l.t.booking.notAnsweredInTime),
        },
      ];
    }
    case 'pay': {
      const hold = await paymentHold(tx, b.id);
      return [
        {
          to: 'host',
          actor: 'grower',
          kind: 'booking_paid',
          title: (l) => l.t.booking.paid(g.name, title),
          body: (l) => paidBody(l, from(l), hold),
        },
      ];
    }
    default:
      return [];
  }
}
