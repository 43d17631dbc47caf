import { and, desc, eq, inArray } from 'drizzle-orm';
import { findTransition } from '#shared/bookings.ts';
import { formatUsd, monthlyPriceToCents } from '#shared/money.ts';
import {
  type CreatePaymentInput,
  canRefund,
  hostPayoutCents,
  type PaymentsList,
  type PaymentView,
  RELEASE_DELAY_MS,
  RENTAL_START_MAX_DAYS,
  refundableCents,
} from '#shared/payments.ts';
import { PAYOUT_MAX_ATTEMPTS } from '#shared/payouts.ts';
import type { Notifier } from '../../core/notifier.ts';
import type { Db, Tx } from '../../db/client.ts';
import { payments } from '../../db/schema.ts';
import { badRequest, conflict, forbidden, notFound } from '../../errors.ts';
import { assertNotBlocked } from '../blocks/queries.ts';
import type { BookingPayments, BookingRow, BookingsService } from '../bookings/index.ts';
import { lockBooking } from '../bookings/queries.ts';
import { listingById, listingTitle } from '../listings/queries.ts';
import { userName } from '../users/queries.ts';
import { bookOneMonth } from './payments.booking.ts';
import {
  assertHostTakesPayments,
  checkoutBooking,
  type PaymentRow,
  type ReturnUrls,
} from './payments.checkout.ts';
import { bookingPayments } from './payments.port.ts';
import { recordRefund, sendDueRefunds, sendRefund } from './payments.refunds.ts';
import { handleWebhook, type WebhookResult } from './payments.webhooks.ts';
import { handlePayoutEvent } from './payouts/payouts.events.ts';
import { releaseDue } from './payouts/payouts.release.ts';
import type { PaymentProvider } from './providers/types.ts';
import { paymentFacts, voidFrom } from './queries.ts';
import { type RentSettings, rentJobs } from './rent.ts';

export type { PaymentRow } from './payments.checkout.ts';

type Logger = { warn: (obj: unknown, msg?: string) => void; info: (obj: unknown, msg?: string) => void };

const DAY = 86_400_000;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

// The payment as its renter or its host sees it.
export function toView(
  p: PaymentRow,
  role: 'renter' | 'host',
  listingTitle: string,
  counterpartName: string,
  now = new Date(),
): PaymentView {
  return {
    ...paymentFacts(p),
    role,
    listingTitle,
    counterpartName,
    canRefund: role === 'host' && canRefund(p, now),
    hostPayout: hostPayoutCents(p),
    hostedUrl: role === 'renter' && p.status === 'pending' ? p.hostedUrl : null,
    rentalStart: iso(p.rentalStart),
    releaseAt: iso(p.releaseAt),
    releasedAt: iso(p.releasedAt),
  };
}

export class PaymentsService {
  private db: Db;
  private provider: PaymentProvider;
  private log: Logger;
  // How long after the rental starts the money is held (PAYOUT_HOLD_HOURS).
  private holdMs: number;
  // The booking a payment pays for moves with it (a webhook, a host's refund).
  private bookings: BookingsService;
  // Refunds and released payouts notify their receiver.
  private notifier: Notifier;
  // Attempts at a payout before an operator decides (PAYOUT_MAX_ATTEMPTS).
  private payoutMaxAttempts: number;

  constructor(
    db: Db,
    provider: PaymentProvider,
    log: Logger,
    opts: {
      holdMs?: number;
      bookings: BookingsService;
      notifier: Notifier;
      payoutMaxAttempts?: number;
    },
  ) {
    this.db = db;
    this.provider = provider;
    this.log = log;
    this.holdMs = opts.holdMs ?? RELEASE_DELAY_MS;
    this.bookings = opts.bookings;
    this.notifier = opts.notifier;
    this.payoutMaxAttempts = opts.payoutMaxAttempts ?? PAYOUT_MAX_ATTEMPTS;
  }

  get providerId() {
    return this.provider.id;
  }

  private get deps() {
    return { db: this.db, provider: this.provider, log: this.log };
  }

  // What the bookings call (payments.port.ts).
  port(urls: ReturnUrls): BookingPayments {
    return bookingPayments({ ...this.deps, notifier: this.notifier }, urls);
  }

  // ---- Create ------------------------------------------------------------------------------
  // The spec's call: one month of the listing from rentalStart (or today), booked at once, then
  // its checkout. The client's amount is only a check of the monthly price.
  async create(
    renterId: number,
    input: CreatePaymentInput,
    urls: ReturnUrls,
    now = new Date(),
  ): Promise<{ hostedUrl: string }> {
    const listing = await listingById(this.db, input.listingId);
    if (!listing?.active) throw notFound('Listing not found', 'LISTING_NOT_FOUND');
    if (listing.userId === renterId) throw forbidden('You cannot pay for your own listing', 'OWN_LISTING');
    await assertNotBlocked(this.db, renterId, listing.userId);
    if (listing.type !== 'rental') throw badRequest('Only rental listings can be paid for', 'NOT_RENTAL');
    if (listing.price === null || listing.price <= 0)
      throw badRequest('This listing has no price', 'NO_PRICE');
    const amount = monthlyPriceToCents(listing.price);
    if (input.amount !== amount) {
      throw conflict(
        `The price of this listing is ${formatUsd(amount)} a month. Please reload the page and try again.`,
        'AMOUNT_MISMATCH',
      );
    }
    const rentalStart = input.rentalStart ? this.parseRentalStart(input.rentalStart, now) : null;
    // Before the booking is made: an unconfirmed host's listing books nothing through checkout.
    await assertHostTakesPayments(this.db, listing.userId);
    const booking = await bookOneMonth(
      this.db,
      this.bookings,
      renterId,
      { id: listing.id, price: listing.price },
      rentalStart,
      now,
    );
    return checkoutBooking(this.deps, booking, urls, now);
  }

  private parseRentalStart(value: string, now: Date): Date {
    const start = new Date(`${value}T00:00:00Z`);
    const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
    // One day of slack for time zones west of UTC.
    if (start.getTime() < today - DAY)
      throw badRequest('The rental start date cannot be in the past', 'RENTAL_START_PAST');
    if (start.getTime() > today + RENTAL_START_MAX_DAYS * DAY)
      throw badRequest(
        `The rental start date must be within ${RENTAL_START_MAX_DAYS} days`,
        'RENTAL_START_FAR',
      );
    return start;
  }

  // ---- Read --------------------------------------------------------------------------------
  async list(userId: number, now = new Date()): Promise<PaymentsList> {
    const title = listingTitle(payments.listingId);
    const asRenter = await this.db
      .select({ p: payments, title, name: userName(payments.hostId) })
      .from(payments)
      .where(eq(payments.renterId, userId))
      .orderBy(desc(payments.createdAt), desc(payments.id))
      .limit(100);
    const asHost = await this.db
      .select({ p: payments, title, name: userName(payments.renterId) })
      .from(payments)
      .where(and(eq(payments.hostId, userId), inArray(payments.status, ['completed', 'refunded'])))
      .orderBy(desc(payments.createdAt), desc(payments.id))
      .limit(100);
    return {
      asRenter: asRenter.map((r) => toView(r.p, 'renter', r.title, r.name, now)),
      // A host sees money once it arrived (held, released or refunded); open checkouts are the renter's.
      asHost: asHost.map((r) => toView(r.p, 'host', r.title, r.name, now)),
    };
  }

  // ---- Webhooks ----------------------------------------------------------------------------
  handleWebhook(
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
  ): Promise<WebhookResult> {
    return handleWebhook(
      this.db,
      this.provider,
      this.log,
      rawBody,
      headers,
      this.bookings,
      this.holdMs,
      (event) =>
        handlePayoutEvent(this.db, this.provider, this.notifier, this.log, event, this.payoutMaxAttempts),
      this.notifier,
    );
  }

  // ---- Refunds -----------------------------------------------------------------------------
  // The host refunds what is left of a completed payment while its payout is held. Refunding the
  // charge that paid a booking cancels the booking (a host's cancellation refunds everything too).
  // An admin (ADR 029) takes the same path for any payment: `admin.amount` (cents, at most what is
  // left; all of it by default) and `admin.inTx`, which writes the audit entry in the refund's
  // transaction. Only a refund of everything left cancels the booking.
  async refund(
    userId: number,
    paymentId: number,
    now = new Date(),
    admin?: { amount?: number | null; reason: string; inTx: (tx: Tx, cents: number) => Promise<void> },
  ): Promise<PaymentView> {
    const [seen] = await this.db.select().from(payments).where(eq(payments.id, paymentId)).limit(1);
    if (!seen || (!admin && seen.hostId !== userId && seen.renterId !== userId))
      throw notFound('Payment not found', 'PAYMENT_NOT_FOUND');
    if (!admin && seen.hostId !== userId)
      throw forbidden('Only the host can refund this payment', 'NOT_HOST');
    const released = 'The payout has already been released, so this payment can no longer be refunded';

    // The row locks are the claim: the release job and a second click cannot both win. The
    // booking's row comes first, the order a cancellation takes.
    await this.db.transaction(async (tx) => {
      const booking = seen.bookingId ? await lockBooking(tx, seen.bookingId) : undefined;
      const [p] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
      if (p.status === 'refunded') throw conflict('This payment is already refunded', 'ALREADY_REFUNDED');
      if (p.status !== 'completed')
        throw conflict('Only a completed payment can be refunded', 'NOT_COMPLETED');
      if (!canRefund(p, now)) throw conflict(released, 'ALREADY_RELEASED');
      // What the payment still holds (ADR 045): months already paid out to the host are theirs.
      const left = refundableCents(p, now);
      const cents = admin?.amount ? Math.min(admin.amount, left) : left;
      if (cents <= 0) throw conflict('Nothing is left to refund', 'NOTHING_TO_REFUND');
      const by = admin ? { userId, reason: admin.reason } : { userId };
      if (!(await recordRefund(tx, p, cents, now, by, this.notifier)))
        throw conflict(released, 'ALREADY_RELEASED');
      const whole = cents === p.amount + p.platformFee - (p.refundedAmount ?? 0);
      if (booking && !p.flaggedReason && whole) await this.cancelForHost(tx, booking, cents);
      await admin?.inTx(tx, cents);
    });

    // Then the money goes back through the provider; a failure is flagged for manual follow-up.
    await sendRefund(this.db, this.provider, this.log, paymentId);
    const [{ row, title, name }] = await this.db
      .select({
        row: payments,
        title: listingTitle(payments.listingId),
        name: userName(payments.renterId),
      })
      .from(payments)
      .where(eq(payments.id, paymentId));
    return toView(row, 'host', title ?? '', name ?? '', now);
  }

  private async cancelForHost(tx: Tx, b: BookingRow, cents: number) {
    const t = findTransition('cancel', b.status, b.type);
    if (!t || (b.status !== 'paid' && b.status !== 'active')) return;
    if (!(await this.bookings.move(tx, b, 'cancel', t.to, 'host'))) return;
    await this.bookings.event(tx, b.id, 'refund', t.to, t.to, 'system', `Refund of ${cents} cents`);
    // A monthly rental owes no more months (ADR 040).
    await voidFrom(tx, b.id, null, new Date());
  }

  // Refunds recorded but not yet sent (the payments.refunds job).
  sendDueRefunds(): Promise<number> {
    return sendDueRefunds(this.db, this.provider, this.log);
  }

  // Month-by-month rent (ADR 040); the notifier and the bookings are read at each run.
  rentJobs(settings: RentSettings) {
    return rentJobs(
      () => ({ db: this.db, notifier: this.notifier, settings }),
      () => this.bookings,
    );
  }

  // ---- Release job -------------------------------------------------------------------------
  // Payouts whose hold ended: one payout per payment (ADR 032); a flagged payment waits for a person.
  releaseDue(now = new Date()): Promise<number> {
    return releaseDue({ db: this.db, provider: this.provider, notifier: this.notifier, log: this.log }, now);
  }
}
