import { and, eq, isNull } from 'drizzle-orm';
import type { EndEarlyInput } from '#shared/agreement.ts';
import { type BookingDetail, PAYOUT_RELEASED_NOTE, todayUtc } from '#shared/bookings.ts';
import type { RefundQuote } from '#shared/cancellation.ts';
import type { AdminActionResult } from '#shared/moderation.ts';
import { displayName, type Notifier } from '../../core/notifier.ts';
import type { Db, Tx } from '../../db/client.ts';
import { bookings } from '../../db/schema.ts';
import { badRequest, conflict } from '../../errors.ts';
import { type Actor, writeAudit } from '../admin/queries.ts';
import { listingTitles, lockListing } from '../listings/queries.ts';
import { voidFrom } from '../payments/queries.ts';
import { userNames } from '../users/queries.ts';
import { noticeDays } from './agreement.service.ts';
import { loadBooking, roleIn } from './bookings.read.ts';
import { ALREADY_ENDING, type BookingsService } from './bookings.service.ts';
import type { BookingRow } from './bookings.view.ts';
import { endEarlyQuote } from './refund-quotes.ts';
import { notifyBothParties } from './stay-notices.ts';

type By = 'grower' | 'host' | 'operator';

const DAY = 86_400_000;
const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);

// Ending an active stay early (ADR 037): either party with the notice of the agreement in force,
// an operator at once. One guarded UPDATE moves the end, so of racing ends and cancellations one
// wins; the refund of the months not yet begun follows the booking's policy, computed here.
export class EndEarly {
  private db: Db;
  private bookings: BookingsService;
  constructor(db: Db, bookingsService: BookingsService) {
    this.db = db;
    this.bookings = bookingsService;
  }

  async byParty(userId: number, id: number, input: EndEarlyInput, now = new Date()): Promise<BookingDetail> {
    await this.db.transaction(async (tx) => {
      const b = await loadBooking(tx, id);
      const role = roleIn(b, userId);
      await checkEnd(tx, b, role, input.endDate, now);
      await this.end(tx, b, input.endDate, role, input.reason, now);
    });
    await this.bookings.payments.sendRefunds(id);
    return this.bookings.detail(userId, id);
  }

  // GET /api/bookings/{id}/end-early?endDate=: what ending on that (exclusive) end day would give
  // back now, after the same checks the action makes (ADR 045).
  async quote(userId: number, id: number, endDate: string, now = new Date()): Promise<RefundQuote> {
    const b = await loadBooking(this.db, id);
    const role = roleIn(b, userId);
    await checkEnd(this.db, b, role, endDate, now);
    return endEarlyQuote(this.db, b, endDate, role, now);
  }

  // An operator ends a stay at once, for safety: it ends today (or the day after it began) and is
  // completed, with the reason in the audit log.
  async byOperator(actor: Actor, id: number, reason: string, now = new Date()): Promise<AdminActionResult> {
    const entry = await this.db.transaction(async (tx) => {
      const b = await loadBooking(tx, id);
      checkActive(b);
      const today = todayUtc(now);
      const endDate = today > b.start ? today : addDays(b.start, 1);
      const refund = await this.end(tx, b, endDate, 'operator', reason, now);
      await this.bookings.move(tx, { id, status: 'active' }, 'complete', 'completed', 'system');
      return writeAudit(tx, actor, 'end_stay', 'booking', id, reason, {
        hostId: b.hostId,
        growerId: b.growerId,
        endDate,
        refund,
      });
    });
    await this.bookings.payments.sendRefunds(id);
    return { message: 'The stay has ended', audit: entry };
  }

  private async end(tx: Tx, b: BookingRow, endDate: string, by: By, reason: string, now: Date) {
    // The locks in the order every booking move takes them: the listing, the booking, the payment.
    await lockListing(tx, b.listingId);
    const [moved] = await tx
      .update(bookings)
      .set({
        end: endDate,
        endedEarlyAt: now,
        endedEarlyBy: by,
        endReason: reason,
        originalEnd: b.end,
        updatedAt: now,
      })
      .where(and(eq(bookings.id, b.id), eq(bookings.status, 'active'), isNull(bookings.endedEarlyAt)))
      .returning({ id: bookings.id });
    if (!moved) throw conflict('This booking changed meanwhile; please reload', 'BAD_TRANSITION');
    const actor = by === 'operator' ? 'system' : by;
    await this.bookings.event(tx, b.id, 'end-early', 'active', 'active', actor, reason);
    await notifyEnd(this.bookings.notifier, tx, b, by, endDate, reason);
    // The months from the new end on owe nothing: their invoices are void (ADR 040).
    await voidFrom(tx, b.id, endDate, now);
    const payments = this.bookings.payments;
    if (b.type !== 'rental' || !payments.available || b.months === null) return null;
    // The quote the form showed (ADR 045): the months not begun, capped by what is held.
    const amount = (await endEarlyQuote(tx, b, endDate, by, now)).refundCents;
    const refunded = await payments.refund(tx, b.id, amount, now);
    await this.bookings.event(
      tx,
      b.id,
      'refund',
      'active',
      'active',
      'system',
      refunded === null ? PAYOUT_RELEASED_NOTE : `Refund of ${refunded} cents`,
    );
    return refunded;
  }
}

// A party's end day: the stay is running, the day falls within it, with the agreement's notice.
async function checkEnd(
  tx: Pick<Db, 'select'>,
  b: BookingRow,
  role: 'grower' | 'host',
  endDate: string,
  now: Date,
) {
  checkActive(b);
  if (endDate <= b.start || (b.end !== null && endDate >= b.end))
    throw badRequest('The end date must fall within the stay', 'OUT_OF_RANGE');
  const days = (await noticeDays(tx, b.id))[role];
  const earliest = addDays(todayUtc(now), days);
  if (endDate < earliest)
    throw conflict(
      `The agreement asks for ${days} days' notice: the earliest end is ${earliest}`,
      'NOTICE_TOO_SHORT',
    );
}

function checkActive(b: BookingRow) {
  if (b.endedEarlyAt) throw conflict(ALREADY_ENDING, 'BAD_TRANSITION');
  if (b.status !== 'active')
    throw conflict(`This booking is ${b.status}: only a running stay can end early`, 'BAD_TRANSITION');
}

// Both parties hear of it (the one who ended it too: it is their record of the new end).
async function notifyEnd(notifier: Notifier, tx: Tx, b: BookingRow, by: By, endDate: string, reason: string) {
  const title = (await listingTitles(tx, [b.listingId])).get(b.listingId) ?? '';
  const whoId = by === 'operator' ? null : by === 'grower' ? b.growerId : b.hostId;
  const whoName = whoId === null ? undefined : (await userNames(tx, [whoId])).get(whoId);
  const who = whoId !== null && whoName !== undefined ? { id: whoId, name: whoName } : null;
  const name = who ? displayName(who) : '';
  await notifyBothParties(notifier, tx, b, {
    kind: 'booking_cancelled',
    title: (l) =>
      who ? l.t.booking.endsEarly(name, title, l.day(endDate)) : l.t.booking.endedByYardshare(title),
    body: (l) => l.t.booking.endsEarlyBody(reason),
  });
}
