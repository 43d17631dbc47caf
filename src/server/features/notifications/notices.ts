import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { PAYMENT_WINDOW_HOURS, REQUEST_TTL_HOURS } from '#shared/bookings.ts';
import {
  type BookingNotice,
  clip,
  displayName,
  type Notifier,
  type NotifyInput,
  type Tx,
} from '../../core/notifier.ts';
import { bookings, listings, payments, users } from '../../db/schema.ts';
import { type Lang, type Localized, localize, mailLang } from '../../mail/texts/index.ts';
import type { NotificationsService } from './notifications.service.ts';
import { paidBody, paymentHold } from './payment-hold.ts';

// Short, human notifications for each event of the other features, worded here in one place. Each
// method runs in the transaction of its event and loads what its words need through it. The words
// are functions of the recipient's language (mail/texts, ADR 031): notify() writes them in it.

type Party = { id: number; name: string };
type BookingFacts = {
  id: number;
  listingId: number;
  type: 'rental' | 'exchange' | 'community';
  start: string;
  title: string;
  grower: Party;
  host: Party;
};

const TITLE_CHARS = 60;
const BODY_CHARS = 140;

// "Mar 1" for 2026-03-01 (each language's own: Lang.day).
export const shortDay = (day: string) => mailLang('en').day(day);
const hours = (l: Lang, quarters: number) => l.t.hours(quarters / 4);
// "4 stars", or "4 stars: “Lovely plot”".
const reviewBody = (l: Lang, rating: number, comment: string | null) =>
  comment ? `${l.t.stars(rating)}: ${l.t.quote(clip(comment, BODY_CHARS))}` : l.t.stars(rating);

const grower = alias(users, 'grower');
const host = alias(users, 'host');

async function bookingFacts(tx: Tx, bookingId: number): Promise<BookingFacts | null> {
  const [b] = await tx
    .select({
      id: bookings.id,
      listingId: bookings.listingId,
      type: bookings.type,
      start: bookings.start,
      title: listings.title,
      growerId: grower.id,
      growerName: grower.name,
      hostId: host.id,
      hostName: host.name,
    })
    .from(bookings)
    .innerJoin(listings, eq(listings.id, bookings.listingId))
    .innerJoin(grower, eq(grower.id, bookings.growerId))
    .innerJoin(host, eq(host.id, bookings.hostId))
    .where(eq(bookings.id, bookingId));
  if (!b) return null;
  return {
    id: b.id,
    listingId: b.listingId,
    type: b.type,
    start: b.start,
    title: clip(b.title, TITLE_CHARS),
    grower: { id: b.growerId, name: displayName({ id: b.growerId, name: b.growerName }) },
    host: { id: b.hostId, name: displayName({ id: b.hostId, name: b.hostName }) },
  };
}

export class Notices implements Notifier {
  readonly service: NotificationsService;
  constructor(service: NotificationsService) {
    this.service = service;
  }

  notify(tx: Tx, input: NotifyInput) {
    return this.service.notify(tx, input);
  }

  private toBooking(
    tx: Tx,
    b: BookingFacts,
    to: 'grower' | 'host',
    n: { kind: NotifyInput['kind']; title: Localized<string>; body: Localized<string> },
    actor: 'grower' | 'host' | null,
  ) {
    return this.service.notify(tx, {
      ...n,
      userId: b[to].id,
      actorId: actor ? b[actor].id : null,
      bookingId: b.id,
      listingId: b.listingId,
      link: `/bookings/${b.id}`,
      email: (l) => ({
        subject: localize(n.title, l),
        paragraphs: [localize(n.body, l)],
        action: { label: l.t.viewBooking, url: `/bookings/${b.id}` },
      }),
    });
  }

  // A booking's move (BookingsService.event and the expiry job): requested or booked, accepted,
  // declined, withdrawn or cancelled, expired, paid. Other moves notify nobody.
  async bookingEvent(tx: Tx, e: BookingNotice): Promise<void> {
    const kinds = ['request', 'book', 'accept', 'decline', 'withdraw', 'cancel', 'expire', 'pay'];
    if (!kinds.includes(e.action)) return;
    const b = await bookingFacts(tx, e.bookingId);
    if (!b) return;
    const { grower: g, host: h, title } = b;
    const from = (l: Lang) => l.day(b.start);
    const rental = b.type === 'rental';
    switch (e.action) {
      case 'request':
        await this.toBooking(
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
        await this.toBooking(
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
        await this.toBooking(
          tx,
          b,
          'grower',
          {
            kind: 'booking_accepted',
            title: (l) => l.t.booking.accepted(h.name, title),
            body: (l) =>
              rental ? l.t.booking.payWithin(PAYMENT_WINDOW_HOURS) : l.t.booking.startsOn(from(l)),
          },
          'host',
        );
        return;
      case 'decline':
        await this.toBooking(
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
        await this.toBooking(
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
        await this.toBooking(
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
        await this.toBooking(
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
        await this.toBooking(
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
        await this.toBooking(
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

  // A refund recorded on a payment (by the host, or by a cancellation's policy): to the renter.
  async refundRecorded(tx: Tx, paymentId: number, cents: number, byUserId: number | null): Promise<void> {
    if (cents <= 0) return;
    const [row] = await tx
      .select({ p: payments, title: listings.title })
      .from(payments)
      .innerJoin(listings, eq(listings.id, payments.listingId))
      .where(eq(payments.id, paymentId));
    if (!row) return;
    const { p } = row;
    const link = p.bookingId ? `/bookings/${p.bookingId}` : `/listings/${p.listingId}`;
    const t = (l: Lang) => l.t.refunded(l.usd(cents), clip(row.title, TITLE_CHARS));
    const body = (l: Lang) => l.t.refundBody(l.usd(cents));
    await this.service.notify(tx, {
      userId: p.renterId,
      kind: 'payment_refunded',
      actorId: byUserId,
      bookingId: p.bookingId,
      listingId: p.listingId,
      title: t,
      body,
      link,
      email: (l) => ({ subject: t(l), paragraphs: [body(l)], action: { label: l.t.viewBooking, url: link } }),
    });
  }

  // A review of a listing (written, or revealed after a booking): to the listing's host.
  async listingReviewed(
    tx: Tx,
    r: { listingId: number; reviewerId: number; rating: number; comment: string | null },
  ): Promise<void> {
    const [row] = await tx
      .select({ hostId: listings.userId, title: listings.title, name: users.name })
      .from(listings)
      .innerJoin(users, eq(users.id, r.reviewerId))
      .where(eq(listings.id, r.listingId));
    if (!row) return;
    const reviewer = displayName({ id: r.reviewerId, name: row.name });
    const t = (l: Lang) => l.t.listingReviewed(reviewer, clip(row.title, TITLE_CHARS));
    const body = (l: Lang) => reviewBody(l, r.rating, r.comment);
    await this.service.notify(tx, {
      userId: row.hostId,
      kind: 'review_received',
      actorId: r.reviewerId,
      listingId: r.listingId,
      title: t,
      body,
      link: `/listings/${r.listingId}`,
      email: (l) => ({
        subject: t(l),
        paragraphs: [body(l)],
        action: { label: l.t.seeReview, url: `/listings/${r.listingId}` },
      }),
    });
  }

  // A host's review of a grower, once revealed: to the grower.
  async growerReviewed(
    tx: Tx,
    r: { bookingId: number; rating: number; comment: string | null },
  ): Promise<void> {
    const b = await bookingFacts(tx, r.bookingId);
    if (!b) return;
    await this.toBooking(
      tx,
      b,
      'grower',
      {
        kind: 'review_received',
        title: (l) => l.t.growerReviewed(b.host.name, b.title),
        body: (l) => reviewBody(l, r.rating, r.comment),
      },
      'host',
    );
  }

  async hoursLogged(tx: Tx, bookingId: number, entry: { day: string; quarters: number }): Promise<void> {
    const b = await bookingFacts(tx, bookingId);
    if (!b) return;
    await this.toBooking(
      tx,
      b,
      'host',
      {
        kind: 'hours_logged',
        title: (l) => l.t.hoursLogged(b.grower.name, hours(l, entry.quarters), b.title),
        body: (l) => l.t.hoursLoggedBody(l.day(entry.day)),
      },
      'grower',
    );
  }

  async hoursDecided(
    tx: Tx,
    bookingId: number,
    entry: { day: string; quarters: number; status: 'confirmed' | 'disputed' },
  ): Promise<void> {
    const b = await bookingFacts(tx, bookingId);
    if (!b) return;
    const confirmed = entry.status === 'confirmed';
    await this.toBooking(
      tx,
      b,
      'grower',
      {
        kind: confirmed ? 'hours_confirmed' : 'hours_disputed',
        title: (l) =>
          (confirmed ? l.t.hoursConfirmed : l.t.hoursDisputed)(
            b.host.name,
            hours(l, entry.quarters),
            b.title,
          ),
        body: (l) =>
          confirmed ? l.t.hoursConfirmedBody(l.day(entry.day)) : l.t.hoursDisputedBody(l.day(entry.day)),
      },
      'host',
    );
  }

  // A new message: grows the recipient's unread notification of that sender's messages.
  async messageSent(
    tx: Tx,
    m: { fromUserId: number; toUserId: number; content: string; bookingId: number | null },
  ): Promise<void> {
    const [sender] = await tx
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(eq(users.id, m.fromUserId));
    if (!sender) return;
    const name = displayName(sender);
    await this.service.notify(tx, {
      userId: m.toUserId,
      kind: 'message',
      actorId: m.fromUserId,
      bookingId: m.bookingId,
      title: (l) => l.t.messageSent(name),
      titleMany: (l) => l.t.messagesSent(name),
      body: clip(m.content, BODY_CHARS),
      link: `/messages/${m.fromUserId}`,
    });
  }

  // The recipient read the thread: the notification of its messages is read too.
  messagesRead(tx: Tx, userId: number, senderId: number): Promise<number> {
    return this.service.markMessagesRead(tx, userId, senderId);
  }
}
