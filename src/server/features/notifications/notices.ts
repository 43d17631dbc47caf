import { sql } from 'drizzle-orm';
import {
  type BookingNotice,
  clip,
  displayName,
  type Notifier,
  type NotifyInput,
} from '../../core/notifier.ts';
import type { Tx } from '../../db/client.ts';
import type { Lang } from '../../mail/lang.ts';
import { stayOf } from '../bookings/index.ts';
import { listingHostAndTitle, listingTitle } from '../listings/queries.ts';
import { paymentWithTitle } from '../payments/queries.ts';
import { userName, userNames } from '../users/queries.ts';
import {
  BODY_CHARS,
  bookingFacts,
  hours,
  type Notify,
  reviewBody,
  TITLE_CHARS,
  toBooking,
} from './booking-facts.ts';
import { bookingEvent } from './booking-notices.ts';
import type { NotificationsService } from './notifications.service.ts';

// Short, human notifications for each event of the other features, worded here in one place. Each
// method runs in the transaction of its event and loads what its words need through it. The words
// are functions of the recipient's language (src/shared/texts/<lang>/mail.ts, ADR 031): notify() writes them in it.

export class Notices implements Notifier {
  readonly service: NotificationsService;
  constructor(service: NotificationsService) {
    this.service = service;
  }

  notify(tx: Tx, input: NotifyInput) {
    return this.service.notify(tx, input);
  }

  // What every notice goes through.
  private send: Notify = (tx, input) => this.service.notify(tx, input);

  // A booking's move (booking-notices.ts).
  bookingEvent(tx: Tx, e: BookingNotice): Promise<void> {
    return bookingEvent(this.send, tx, e);
  }

  // A refund recorded on a payment (by the host, or by a cancellation's policy): to the renter.
  async refundRecorded(tx: Tx, paymentId: number, cents: number, byUserId: number | null): Promise<void> {
    if (cents <= 0) return;
    const row = await paymentWithTitle(tx, paymentId, listingTitle);
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

  // The payer's receipt (ADR 045): what was paid, the rent and the fee, the hold as the payment
  // row has it, and the provider's reference, in the payer's language.
  async paymentReceived(tx: Tx, paymentId: number): Promise<void> {
    const row = await paymentWithTitle(tx, paymentId, listingTitle);
    if (row?.p.status !== 'completed') return;
    const { p } = row;
    const link = p.bookingId ? `/bookings/${p.bookingId}` : `/listings/${p.listingId}`;
    const total = p.amount + p.platformFee;
    const first = p.releasePlan?.[0] ?? p.releaseAt?.toISOString() ?? null;
    const t = (l: Lang) => l.t.receipt.title(l.usd(total), clip(row.title, TITLE_CHARS));
    const lines = (l: Lang) => [
      l.t.receipt.paid(l.usd(total), l.usd(p.amount), l.usd(p.platformFee)),
      ...(first
        ? [
            (p.releasePlan?.length ?? 0) > 1
              ? l.t.receipt.heldMonthly(l.at(new Date(first)))
              : l.t.receipt.held(l.at(new Date(first))),
          ]
        : []),
      l.t.receipt.reference(p.chargeId),
    ];
    await this.service.notify(tx, {
      userId: p.renterId,
      kind: 'payment_receipt',
      bookingId: p.bookingId,
      listingId: p.listingId,
      title: t,
      body: (l) => lines(l).join(' '),
      link,
      email: (l) => ({ subject: t(l), paragraphs: lines(l), action: { label: l.t.viewBooking, url: link } }),
    });
  }

  // A review of a listing (written, or revealed after a booking): to the listing's host. The e-mail
  // says when the writer has no verified stay there, as the listing marks the review (ADR 050, 059).
  async listingReviewed(
    tx: Tx,
    r: { listingId: number; reviewerId: number; rating: number; comment: string | null },
  ): Promise<void> {
    const row = await listingHostAndTitle(tx, r.listingId, {
      name: userName(r.reviewerId),
      fromStay: stayOf(sql`${r.listingId}::int`, sql`${r.reviewerId}::int`),
    });
    if (!row || row.name === null) return;
    const reviewer = displayName({ id: r.reviewerId, name: row.name });
    const t = (l: Lang) => l.t.listingReviewed(reviewer, clip(row.title, TITLE_CHARS));
    const body = (l: Lang) => reviewBody(l, r.rating, r.comment);
    const stay = (l: Lang) => (row.fromStay ? [] : [l.t.reviewWithoutStay]);
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
        paragraphs: [body(l), ...stay(l)],
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
    await toBooking(
      this.send,
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
    await toBooking(
      this.send,
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
    entry: { day: string; quarters: number; status: 'confirmed' | 'disputed'; disputeReason?: string | null },
  ): Promise<void> {
    const b = await bookingFacts(tx, bookingId);
    // The host's reason for a dispute, if given, is told with it (ADR 059).
    const reason = (l: Lang) =>
      entry.disputeReason ? ` ${l.t.reasonGiven(l.t.quote(clip(entry.disputeReason, BODY_CHARS)))}` : '';
    if (!b) return;
    const confirmed = entry.status === 'confirmed';
    await toBooking(
      this.send,
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
          confirmed
            ? l.t.hoursConfirmedBody(l.day(entry.day))
            : `${l.t.hoursDisputedBody(l.day(entry.day))}${reason(l)}`,
      },
      'host',
    );
  }

  // A new message: grows the recipient's unread notification of that sender's messages.
  async messageSent(
    tx: Tx,
    m: { fromUserId: number; toUserId: number; content: string; bookingId: number | null },
  ): Promise<void> {
    const sender = (await userNames(tx, [m.fromUserId])).get(m.fromUserId);
    if (sender === undefined) return;
    const name = displayName({ id: m.fromUserId, name: sender });
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
