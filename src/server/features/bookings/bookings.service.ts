import { and, eq, isNull } from 'drizzle-orm';
import {
  type Availability,
  type Booking,
  type BookingAction,
  type BookingActor,
  type BookingDetail,
  type BookingRole,
  type BookingStatus,
  type BookingsList,
  type CreateBookingInput,
  findTransition,
  PAYMENT_WINDOW_HOURS,
  PAYOUT_RELEASED_NOTE,
} from '#shared/bookings.ts';
import type { RefundQuote } from '#shared/cancellation.ts';
import { RELEASE_DELAY_MS } from '#shared/payments.ts';
import { RENT_INVOICE_DAYS_BEFORE } from '#shared/rent.ts';
import type { StayQuote, StayQuoteQuery } from '#shared/stay-quote.ts';
import type { Notifier } from '../../core/notifier.ts';
import type { Db, Tx } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { bookingEvents, bookings } from '../../db/schema.ts';
import { conflict, forbidden, notFound } from '../../errors.ts';
import { listingById, lockListingRow } from '../listings/queries.ts';
import { voidFrom } from '../payments/queries.ts';
import { hostAcceptsFirst, writeFirstVersion } from './agreement.service.ts';
import { availability } from './availability.ts';
import { firstExpiry, lockForBooking } from './booking-start.ts';
import { bookingDetail, listBookings, loadBooking, roleIn } from './bookings.read.ts';
import { type BookingRow, readBookings } from './bookings.view.ts';
import { plotsInUse } from './capacity.ts';
import { afterHostCancel, hostCancellations } from './host-cancellations.ts';
import { type BookingPayments, paymentsDown } from './payments-port.ts';
import { cancellationQuote } from './refund-quotes.ts';
import { checkStay, type QuoteSettings, quoteStay } from './stay-quote.ts';

const HOUR = 3_600_000;

export { type BookingPayments, noPayments } from './payments-port.ts';

export const ALREADY_ENDING = 'This stay is already ending early';
export const NO_PLOT_FREE = 'No plot is free for those dates. Please choose other dates.';

export class BookingsService {
  private db: Db;
  readonly payments: BookingPayments;
  // Every recorded event notifies the other party through it.
  readonly notifier: Notifier;

  // The payout hold and the rent invoice day the quotes state (the configuration's; these defaults
  // are the settings' own).
  private quoteSettings: QuoteSettings;

  constructor(
    db: Db,
    notifier: Notifier,
    payments: BookingPayments,
    quoteSettings: QuoteSettings = { holdMs: RELEASE_DELAY_MS, invoiceDaysBefore: RENT_INVOICE_DAYS_BEFORE },
  ) {
    this.db = db;
    this.notifier = notifier;
    this.payments = payments;
    this.quoteSettings = quoteSettings;
  }

  // What booking these dates would cost and charge when (ADR 045); any visitor may ask.
  async quote(listingId: number, input: StayQuoteQuery, now = new Date()): Promise<StayQuote> {
    const listing = await listingById(this.db, listingId);
    if (!listing?.active) throw notFound('Listing not found', 'LISTING_NOT_FOUND');
    return quoteStay(listing, checkStay(listing, input, now), now, this.quoteSettings);
  }

  // A grower books: a request, or at once when the host chose instant booking (rentals and
  // community gardens; a work exchange always waits for the host).
  // opts.instant books at once whatever the listing's mode (the spec's one-month checkout); opts.claim
  // runs under the listing's lock before capacity is counted (a waiting-list offer taken, ADR 049).
  async create(
    growerId: number,
    input: CreateBookingInput,
    now = new Date(),
    opts: { instant?: boolean; claim?: (tx: Tx) => Promise<void> } = {},
  ): Promise<Booking> {
    const id = await this.db.transaction(async (tx) => {
      const listing = await lockForBooking(tx, input.listingId, growerId);
      await opts.claim?.(tx);
      // The same check and amounts as the quote the booking card showed (ADR 045).
      const { start, end, months, paymentPlan, terms } = checkStay(listing, input, now);
      const instant = listing.type !== 'exchange' && (opts.instant || listing.bookingMode === 'instant');
      const status: BookingStatus = instant ? 'accepted' : 'requested';
      const expiresAt = firstExpiry(listing.type, instant, now);
      if (instant) await this.checkCapacity(tx, listing, start, end, now);
      let row: BookingRow;
      try {
        [row] = await tx
          .insert(bookings)
          .values({
            listingId: listing.id,
            growerId,
            hostId: listing.userId,
            type: listing.type,
            status,
            start,
            end,
            months,
            pricePerMonth: terms?.pricePerMonth ?? null,
            amount: terms?.amount ?? null,
            fee: terms?.fee ?? null,
            total: terms?.total ?? null,
            hoursPerWeek: listing.type === 'exchange' ? listing.workHours : null,
            instant,
            cancellationPolicy: listing.cancellationPolicy,
            paymentPlan,
            note: input.note || null,
            expiresAt,
          })
          .returning();
      } catch (err) {
        if (isUniqueViolation(err))
          throw conflict('You already have an open booking for this listing', 'BOOKING_OPEN');
        throw err;
      }
      // The agreement first: the notice of an instant booking carries its words (ADR 045).
      await writeFirstVersion(tx, listing, row, now);
      await this.event(tx, row.id, instant ? 'book' : 'request', null, status, 'grower', input.note ?? null);
      return row.id;
    });
    return this.view(id, growerId);
  }

  // accept, decline, withdraw or cancel, by the grower or the host, as the transition table allows.
  async act(userId: number, id: number, action: BookingAction, now = new Date()): Promise<BookingDetail> {
    await this.db.transaction(async (tx) => {
      const current = await this.load(tx, id);
      const role = this.roleOf(current, userId);
      // Accepting counts plots: the listing's lock makes concurrent acceptances take turns.
      const listing = await lockListingRow(tx, current.listingId);
      const [b] = await tx.select().from(bookings).where(eq(bookings.id, id));
      const t = findTransition(action, b.status, b.type);
      if (!t)
        throw conflict(
          `This booking is ${b.status}: it cannot be ${pastTense(action)} now`,
          'BAD_TRANSITION',
        );
      if (!t.by.includes(role))
        throw forbidden(
          `Only the ${t.by.filter((x) => x !== 'system').join(' or ')} can do that`,
          'NOT_YOURS',
        );
      if (action === 'cancel' && b.endedEarlyAt) throw conflict(ALREADY_ENDING, 'BAD_TRANSITION');
      if (action === 'accept') await this.checkCapacity(tx, listing, b.start, b.end, now);
      const expiresAt =
        action === 'accept' && b.type === 'rental'
          ? new Date(now.getTime() + PAYMENT_WINDOW_HOURS * HOUR)
          : null;
      // Accepting the request accepts version 1 of the agreement, before the grower is told, so the
      // notice carries the words now in force (ADR 045); a lost race rolls both back.
      if (action === 'accept') await hostAcceptsFirst(tx, b.id, now);
      const moved = await this.move(tx, b, action, t.to, role, { expiresAt });
      if (!moved) throw conflict('This booking changed meanwhile; please reload', 'BAD_TRANSITION');
      // A cancelled monthly rental owes no more months: their invoices are void (ADR 040).
      if (action === 'cancel') await voidFrom(tx, b.id, null, now);
      if (action === 'cancel' && b.type === 'rental' && b.status !== 'accepted' && this.payments.available) {
        // The quote the cancel dialog showed (ADR 045): the policy's refund, capped by what is held.
        const amount = (await cancellationQuote(tx, b, role, now)).refundCents;
        const refunded = await this.payments.refund(tx, b.id, amount, now);
        await this.event(tx, b.id, 'refund', 'cancelled', 'cancelled', 'system', refundNote(refunded));
      }
    });
    if (action === 'cancel') await this.payments.sendRefunds(id);
    return this.detail(userId, id);
  }

  // One guarded UPDATE: the row moves only from a state the table allows, so two racing actions
  // cannot both win. A stay already ending early (ADR 037) is not cancelled on top of it.
  async move(
    tx: Tx,
    b: { id: number; status: BookingStatus },
    action: string,
    to: BookingStatus,
    actor: BookingActor,
    set: { expiresAt?: Date | null } = {},
  ): Promise<boolean> {
    const [row] = await tx
      .update(bookings)
      .set({
        status: to,
        updatedAt: new Date(),
        ...(set.expiresAt !== undefined ? { expiresAt: set.expiresAt } : {}),
      })
      .where(
        and(
          eq(bookings.id, b.id),
          eq(bookings.status, b.status),
          to === 'cancelled' ? isNull(bookings.endedEarlyAt) : undefined,
        ),
      )
      .returning({ id: bookings.id });
    if (!row) return false;
    await this.event(tx, b.id, action, b.status, to, actor, null);
    if (to === 'cancelled' && actor === 'host') {
      const [{ hostId }] = await tx
        .select({ hostId: bookings.hostId })
        .from(bookings)
        .where(eq(bookings.id, b.id));
      await afterHostCancel(tx, hostId, new Date());
    }
    return true;
  }

  // GET /api/bookings/{id}/cancellation: what cancelling now would give back, for either party.
  async cancellationQuote(userId: number, id: number, now = new Date()): Promise<RefundQuote> {
    const b = await this.load(this.db, id);
    return cancellationQuote(this.db, b, this.roleOf(b, userId), now);
  }

  async checkout(userId: number, id: number, now = new Date()): Promise<{ hostedUrl: string }> {
    const b = await this.load(this.db, id);
    if (this.roleOf(b, userId) !== 'grower')
      throw forbidden('Only the grower pays for a booking', 'NOT_YOURS');
    if (b.type !== 'rental') throw conflict('Only rentals are paid', 'NOT_A_RENTAL');
    if (!this.payments.available) throw paymentsDown();
    // A monthly rental under way pays its earliest month invoiced and not yet paid (ADR 040).
    if (b.paymentPlan === 'monthly' && (b.status === 'paid' || b.status === 'active'))
      return this.payments.checkoutMonth(b);
    if (b.status !== 'accepted' || (b.expiresAt && b.expiresAt <= now))
      throw conflict(`This booking is ${b.status}: it cannot be paid now`, 'BAD_TRANSITION');
    return this.payments.checkout(b);
  }

  // The next 12 months of a listing, each with the plots free on its busiest day; any visitor may ask.
  availability(listingId: number, now = new Date()): Promise<Availability> {
    return availability(this.db, listingId, now);
  }

  // How many bookings the host cancelled, in the last 12 months and in all (ADR 037).
  hostCancellations(hostId: number, now = new Date()): Promise<{ last12Months: number; total: number }> {
    return hostCancellations(this.db, hostId, now);
  }

  list(userId: number, now = new Date()): Promise<BookingsList> {
    return listBookings(this.db, userId, now);
  }

  detail(userId: number, id: number, now = new Date()): Promise<BookingDetail> {
    return bookingDetail(this.db, userId, id, now);
  }

  private async view(id: number, userId: number): Promise<Booking> {
    const [v] = await readBookings(this.db, [id], userId, new Date());
    return v;
  }

  private load(tx: Pick<Db, 'select'>, id: number): Promise<BookingRow> {
    return loadBooking(tx, id);
  }

  private roleOf(b: BookingRow, userId: number): BookingRole {
    return roleIn(b, userId);
  }

  private async checkCapacity(
    tx: Tx,
    listing: { id: number; plots: number },
    start: string,
    end: string | null,
    now: Date,
  ) {
    const used = await plotsInUse(tx, { listingId: listing.id, start, end, now });
    if (used >= listing.plots) throw conflict(NO_PLOT_FREE, 'NO_PLOT_FREE');
  }

  // Every move of a booking is recorded here, and its parties notified, in the move's transaction.
  async event(
    tx: Tx,
    bookingId: number,
    action: string,
    from: string | null,
    to: string,
    actor: BookingActor,
    note: string | null,
  ) {
    await tx.insert(bookingEvents).values({ bookingId, action, fromStatus: from, toStatus: to, actor, note });
    await this.notifier.bookingEvent(tx, { bookingId, action, from, to, actor, note });
  }
}

const pastTense = (a: BookingAction) =>
  ({ accept: 'accepted', decline: 'declined', withdraw: 'withdrawn', cancel: 'cancelled' })[a as string] ??
  `${a}ed`;

const refundNote = (cents: number | null) =>
  cents === null ? PAYOUT_RELEASED_NOTE : `Refund of ${cents} cents`;
