import { randomUUID } from 'node:crypto';
import { and, desc, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { CURRENCY } from '#shared/constants.ts';
import { chargeTotalCents, formatUsd, monthlyPriceToCents, platformFeeCents } from '#shared/money.ts';
import {
  type CreatePaymentInput,
  canRefund,
  type PaymentsList,
  type PaymentView,
  payoutState,
  RENTAL_START_MAX_DAYS,
  sourcesOf,
} from '#shared/payments.ts';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { listings, payments, users } from '../../db/schema.ts';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../../errors.ts';
import { handleWebhook, type WebhookResult } from './payments.webhooks.ts';
import type { PaymentProvider } from './providers/types.ts';

export type PaymentRow = typeof payments.$inferSelect;
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
    id: p.id,
    role,
    listingId: p.listingId,
    listingTitle,
    counterpartName,
    amount: p.amount,
    platformFee: p.platformFee,
    total: p.amount + p.platformFee,
    currency: p.currency,
    status: p.status,
    payout: payoutState(p),
    flagged: p.flaggedReason !== null,
    canRefund: role === 'host' && canRefund(p, now),
    hostedUrl: role === 'renter' && p.status === 'pending' ? p.hostedUrl : null,
    rentalStart: iso(p.rentalStart),
    confirmedAt: iso(p.confirmedAt),
    releaseAt: iso(p.releaseAt),
    releasedAt: iso(p.releasedAt),
    refundedAt: iso(p.refundedAt),
    createdAt: p.createdAt.toISOString(),
  };
}

export class PaymentsService {
  constructor(
    private db: Db,
    private provider: PaymentProvider,
    private log: Logger,
  ) {}

  get providerId() {
    return this.provider.id;
  }

  // The renter's open charge for a listing (the one-pending index allows at most one).
  private async pendingFor(renterId: number, listingId: number): Promise<PaymentRow | undefined> {
    const [row] = await this.db
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.renterId, renterId),
          eq(payments.listingId, listingId),
          eq(payments.status, 'pending'),
        ),
      )
      .limit(1);
    return row;
  }

  // ---- Create ------------------------------------------------------------------------------
  async create(
    renterId: number,
    input: CreatePaymentInput,
    urls: { success: string; cancel: string },
    now = new Date(),
  ): Promise<{ hostedUrl: string }> {
    const [listing] = await this.db.select().from(listings).where(eq(listings.id, input.listingId)).limit(1);
    if (!listing?.active) throw notFound('Listing not found', 'LISTING_NOT_FOUND');
    if (listing.userId === renterId) throw forbidden('You cannot pay for your own listing', 'OWN_LISTING');
    if (listing.type !== 'rental') throw badRequest('Only rental listings can be paid for', 'NOT_RENTAL');
    if (listing.price === null || listing.price <= 0)
      throw badRequest('This listing has no price', 'NO_PRICE');

    const amount = monthlyPriceToCents(listing.price);
    const platformFee = platformFeeCents(amount);
    const total = chargeTotalCents(amount);
    if (input.amount !== amount) {
      throw conflict(
        `The price of this listing is ${formatUsd(amount)} a month. Please reload the page and try again.`,
        'AMOUNT_MISMATCH',
      );
    }
    const rentalStart = input.rentalStart ? this.parseRentalStart(input.rentalStart, now) : null;

    // A pending charge for the same renter and listing is reused, not duplicated.
    const existing = await this.pendingFor(renterId, listing.id);
    if (existing) {
      const expiresAt = (existing.metadata as { expiresAt?: string }).expiresAt;
      const expired = expiresAt ? Date.parse(expiresAt) <= now.getTime() : false;
      if (
        !expired &&
        existing.amount === amount &&
        existing.platformFee === platformFee &&
        existing.hostedUrl &&
        existing.provider === this.provider.id
      ) {
        if (
          input.rentalStart !== undefined &&
          (existing.rentalStart?.getTime() ?? null) !== (rentalStart?.getTime() ?? null)
        ) {
          await this.db
            .update(payments)
            .set({ rentalStart, updatedAt: now })
            .where(and(eq(payments.id, existing.id), eq(payments.status, 'pending')));
        }
        return { hostedUrl: existing.hostedUrl };
      }
      // Stale (expired, or the price changed): closed as failed. A late payment can still complete it.
      await this.db
        .update(payments)
        .set({
          status: 'failed',
          updatedAt: now,
          metadata: sql`${payments.metadata} || ${JSON.stringify({ supersededAt: now.toISOString() })}::jsonb`,
        })
        .where(and(eq(payments.id, existing.id), inArray(payments.status, sourcesOf('failed'))));
    }

    const reference = randomUUID();
    let charge: Awaited<ReturnType<PaymentProvider['createCharge']>>;
    try {
      charge = await this.provider.createCharge({
        reference,
        amountCents: total,
        currency: CURRENCY,
        name: listing.title,
        description: `Monthly rental of ${listing.title}: ${formatUsd(amount)} + 6% service fee`,
        metadata: { listingId: listing.id, renterId, reference },
        redirectUrl: urls.success,
        cancelUrl: urls.cancel,
      });
    } catch (err) {
      this.log.warn({ err }, 'payment provider refused to create a charge');
      throw new HttpError(
        502,
        'Failed to create payment: the payment provider is not available. Please try again later.',
        'PROVIDER_UNAVAILABLE',
      );
    }

    try {
      const [row] = await this.db
        .insert(payments)
        .values({
          chargeId: charge.chargeId,
          provider: this.provider.id,
          listingId: listing.id,
          renterId,
          hostId: listing.userId,
          amount,
          platformFee,
          currency: CURRENCY,
          status: 'pending',
          hostedUrl: charge.hostedUrl,
          rentalStart,
          metadata: {
            reference,
            ...(charge.metadata ?? {}),
            ...(charge.expiresAt ? { expiresAt: charge.expiresAt.toISOString() } : {}),
          },
        })
        .returning();
      return { hostedUrl: row.hostedUrl ?? charge.hostedUrl };
    } catch (err) {
      // Two clicks racing: the one-pending index keeps one; the other charge simply expires unpaid.
      if (!isUniqueViolation(err)) throw err;
      const winner = await this.pendingFor(renterId, listing.id);
      if (winner?.hostedUrl) return { hostedUrl: winner.hostedUrl };
      throw conflict(
        'A payment for this listing is already in progress. Please try again.',
        'PAYMENT_IN_PROGRESS',
      );
    }
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
    const other = alias(users, 'other');
    const asRenter = await this.db
      .select({ p: payments, title: listings.title, name: other.name })
      .from(payments)
      .innerJoin(listings, eq(listings.id, payments.listingId))
      .innerJoin(other, eq(other.id, payments.hostId))
      .where(eq(payments.renterId, userId))
      .orderBy(desc(payments.createdAt), desc(payments.id))
      .limit(100);
    const asHost = await this.db
      .select({ p: payments, title: listings.title, name: other.name })
      .from(payments)
      .innerJoin(listings, eq(listings.id, payments.listingId))
      .innerJoin(other, eq(other.id, payments.renterId))
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
    return handleWebhook(this.db, this.provider, this.log, rawBody, headers);
  }

  // ---- Refunds -----------------------------------------------------------------------------
  // The host may refund a completed payment while its payout is held (docs/decisions: refunds).
  async refund(userId: number, paymentId: number, now = new Date()): Promise<PaymentView> {
    const [p] = await this.db.select().from(payments).where(eq(payments.id, paymentId)).limit(1);
    if (!p || (p.hostId !== userId && p.renterId !== userId))
      throw notFound('Payment not found', 'PAYMENT_NOT_FOUND');
    if (p.hostId !== userId) throw forbidden('Only the host can refund this payment', 'NOT_HOST');
    if (p.status === 'refunded') throw conflict('This payment is already refunded', 'ALREADY_REFUNDED');
    if (p.status !== 'completed') throw conflict('Only a completed payment can be refunded', 'NOT_COMPLETED');
    const released = 'The payout has already been released, so this payment can no longer be refunded';
    if (!canRefund(p, now)) throw conflict(released, 'ALREADY_RELEASED');

    // The guarded update is the claim: the release job and a second click cannot both win.
    const [claimed] = await this.db
      .update(payments)
      .set({ status: 'refunded', refundedAt: now, updatedAt: now })
      .where(
        and(
          eq(payments.id, p.id),
          inArray(payments.status, sourcesOf('refunded')),
          isNull(payments.releasedAt),
          gt(payments.releaseAt, now),
        ),
      )
      .returning();
    if (!claimed) {
      const [again] = await this.db
        .select({ status: payments.status })
        .from(payments)
        .where(eq(payments.id, p.id));
      if (again?.status === 'refunded')
        throw conflict('This payment is already refunded', 'ALREADY_REFUNDED');
      throw conflict(released, 'ALREADY_RELEASED');
    }

    // Then the money goes back through the provider; a failure is flagged for manual follow-up.
    let refundInfo: Record<string, unknown>;
    let flaggedReason: string | null = null;
    try {
      const r = await this.provider.refund(p.chargeId, p.amount + p.platformFee, p.currency);
      refundInfo = {
        state: r.manual ? 'manual' : 'sent',
        reference: r.reference,
        url: r.url,
        at: now.toISOString(),
        by: userId,
      };
    } catch (err) {
      this.log.warn({ err, paymentId: p.id }, 'provider refund failed');
      refundInfo = { state: 'failed', error: (err as Error).message, at: now.toISOString(), by: userId };
      flaggedReason = `Refund recorded but not sent by the provider: ${(err as Error).message}`;
    }
    const [row] = await this.db
      .update(payments)
      .set({
        metadata: sql`${payments.metadata} || ${JSON.stringify({ refund: refundInfo })}::jsonb`,
        ...(flaggedReason ? { flaggedReason } : {}),
      })
      .where(eq(payments.id, p.id))
      .returning();
    const [info] = await this.db
      .select({ title: listings.title, name: users.name })
      .from(listings)
      .innerJoin(users, eq(users.id, row.renterId))
      .where(eq(listings.id, row.listingId));
    return toView(row, 'host', info?.title ?? '', info?.name ?? '', now);
  }

  // ---- Release job -------------------------------------------------------------------------
  async releaseDue(now = new Date()): Promise<number> {
    const rows = await this.db
      .update(payments)
      .set({ releasedAt: now, updatedAt: now })
      .where(and(eq(payments.status, 'completed'), isNull(payments.releasedAt), lte(payments.releaseAt, now)))
      .returning({ id: payments.id });
    if (rows.length) this.log.info({ ids: rows.map((r) => r.id) }, 'payouts released');
    return rows.length;
  }
}
