import { eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type BookingActor, PAYMENT_WINDOW_HOURS, REQUEST_TTL_HOURS } from '#shared/bookings.ts';
import { formatUsd } from '#shared/money.ts';
import { hostPayoutCents } from '#shared/payments.ts';
import { bookings, listings, payments, users } from '../../db/schema.ts';
import { clip } from './notifications.mail.ts';
import {
  displayName,
  type NotificationsService,
  type NotifyInput,
  type Tx,
} from './notifications.service.ts';

// Short, human notifications for each event of the other features, worded here in one place. Each
// method runs in the transaction of its event and loads what its words need through it.

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

export type BookingNotice = {
  bookingId: number;
  action: string;
  from: string | null;
  to: string;
  actor: BookingActor;
  note: string | null;
};

const TITLE_CHARS = 60;
const BODY_CHARS = 140;

// "Mar 1" for 2026-03-01.
export const shortDay = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
const hours = (quarters: number) => {
  const h = quarters / 4;
  return `${h} ${h === 1 ? 'hour' : 'hours'}`;
};
const stars = (rating: number) => `${rating} ${rating === 1 ? 'star' : 'stars'}`;

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

export class Notices {
  constructor(readonly service: NotificationsService) {}

  notify(tx: Tx, input: NotifyInput) {
    return this.service.notify(tx, input);
  }

  private toBooking(
    tx: Tx,
    b: BookingFacts,
    to: 'grower' | 'host',
    n: Pick<NotifyInput, 'kind' | 'title' | 'body'>,
    actor: 'grower' | 'host' | null,
  ) {
    return this.service.notify(tx, {
      ...n,
      userId: b[to].id,
      actorId: actor ? b[actor].id : null,
      bookingId: b.id,
      listingId: b.listingId,
      link: `/bookings/${b.id}`,
      email: {
        subject: n.title,
        paragraphs: [n.body],
        action: { label: 'View the booking', url: `/bookings/${b.id}` },
      },
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
    const from = shortDay(b.start);
    const rental = b.type === 'rental';
    switch (e.action) {
      case 'request':
        await this.toBooking(
          tx,
          b,
          'host',
          {
            kind: 'booking_requested',
            title: `${g.name} requested ${title} from ${from}`,
            body: e.note
              ? `“${clip(e.note, BODY_CHARS)}”`
              : `Accept or decline within ${REQUEST_TTL_HOURS / 24} days, or the request expires.`,
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
            title: `${g.name} booked ${title} from ${from}`,
            body: rental
              ? `An instant booking: it is confirmed once ${g.name} pays.`
              : 'An instant booking: nothing to accept.',
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
            title: `${h.name} accepted your request for ${title}`,
            body: rental
              ? `Pay within ${PAYMENT_WINDOW_HOURS} hours to keep your plot.`
              : `It starts ${from}.`,
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
            title: `${h.name} declined your request for ${title}`,
            body: 'Other gardens nearby may still have room.',
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
            title: `${g.name} withdrew the request for ${title}`,
            body: 'Nothing more to do.',
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
            title:
              by === 'host'
                ? `${h.name} cancelled your booking of ${title}`
                : `${g.name} cancelled the booking of ${title}`,
            body: `The booking from ${from} is cancelled.`,
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
            title: unpaid ? `Your booking of ${title} expired` : `Your request for ${title} expired`,
            body: unpaid
              ? 'It was not paid in time, so the plot is free again.'
              : `${h.name} did not answer in time.`,
          },
          null,
        );
        await this.toBooking(
          tx,
          b,
          'host',
          {
            kind: 'booking_expired',
            title: unpaid
              ? `${g.name}'s booking of ${title} expired`
              : `${g.name}'s request for ${title} expired`,
            body: unpaid
              ? 'It was not paid in time, so the plot is free again.'
              : 'It was not answered in time.',
          },
          null,
        );
        return;
      }
      case 'pay':
        await this.toBooking(
          tx,
          b,
          'host',
          {
            kind: 'booking_paid',
            title: `${g.name} paid for ${title}`,
            body: `The booking from ${from} is confirmed. The payout is released a day after it starts.`,
          },
          'grower',
        );
        return;
    }
  }

  // Payouts the release job released: one notification per host and payment.
  async payoutsReleased(tx: Tx, paymentIds: number[]): Promise<void> {
    if (!paymentIds.length) return;
    const rows = await tx
      .select({ p: payments, title: listings.title, growerName: users.name })
      .from(payments)
      .innerJoin(listings, eq(listings.id, payments.listingId))
      .innerJoin(users, eq(users.id, payments.renterId))
      .where(inArray(payments.id, paymentIds));
    for (const { p, title, growerName } of rows) {
      const link = p.bookingId ? `/bookings/${p.bookingId}` : `/listings/${p.listingId}`;
      const t = `Payout released for ${clip(title, TITLE_CHARS)}`;
      const body = `${formatUsd(hostPayoutCents(p))} for ${displayName({ id: p.renterId, name: growerName })}'s rental is on its way to you.`;
      await this.service.notify(tx, {
        userId: p.hostId,
        kind: 'payout_released',
        bookingId: p.bookingId,
        listingId: p.listingId,
        title: t,
        body,
        link,
        email: { subject: t, paragraphs: [body], action: { label: 'View the booking', url: link } },
      });
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
    const t = `Refund of ${formatUsd(cents)} for ${clip(row.title, TITLE_CHARS)}`;
    const body = `${formatUsd(cents)} is on its way back to you.`;
    await this.service.notify(tx, {
      userId: p.renterId,
      kind: 'payment_refunded',
      actorId: byUserId,
      bookingId: p.bookingId,
      listingId: p.listingId,
      title: t,
      body,
      link,
      email: { subject: t, paragraphs: [body], action: { label: 'View the booking', url: link } },
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
    const t = `${displayName({ id: r.reviewerId, name: row.name })} reviewed ${clip(row.title, TITLE_CHARS)}`;
    const body = r.comment ? `${stars(r.rating)}: “${clip(r.comment, BODY_CHARS)}”` : stars(r.rating);
    await this.service.notify(tx, {
      userId: row.hostId,
      kind: 'review_received',
      actorId: r.reviewerId,
      listingId: r.listingId,
      title: t,
      body,
      link: `/listings/${r.listingId}`,
      email: {
        subject: t,
        paragraphs: [body],
        action: { label: 'See the review', url: `/listings/${r.listingId}` },
      },
    });
  }

  // A host's review of a grower, once revealed: to the grower.
  async growerReviewed(
    tx: Tx,
    r: { bookingId: number; rating: number; comment: string | null },
  ): Promise<void> {
    const b = await bookingFacts(tx, r.bookingId);
    if (!b) return;
    const body = r.comment ? `${stars(r.rating)}: “${clip(r.comment, BODY_CHARS)}”` : stars(r.rating);
    await this.toBooking(
      tx,
      b,
      'grower',
      { kind: 'review_received', title: `${b.host.name} reviewed you for ${b.title}`, body },
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
        title: `${b.grower.name} logged ${hours(entry.quarters)} at ${b.title}`,
        body: `For ${shortDay(entry.day)}. Confirm or dispute them.`,
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
        title: `${b.host.name} ${confirmed ? 'confirmed' : 'disputed'} your ${hours(entry.quarters)} at ${b.title}`,
        body: confirmed
          ? `For ${shortDay(entry.day)}.`
          : `For ${shortDay(entry.day)}. Talk it over in Messages.`,
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
      title: `${name} sent you a message`,
      titleMany: `${name} sent you {n} messages`,
      body: clip(m.content, BODY_CHARS),
      link: `/messages/${m.fromUserId}`,
    });
  }

  // The recipient read the thread: the notification of its messages is read too.
  messagesRead(tx: Tx, userId: number, senderId: number): Promise<number> {
    return this.service.markMessagesRead(tx, userId, senderId);
  }
}

// What the other features hold: the notices, or null where notifications are not wired (unit tests).
export type Notifier = Notices;
