import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { CURRENCY, PLATFORM_FEE_PERCENT } from '#shared/constants.ts';
import { formatUsd } from '#shared/money.ts';
import { sourcesOf } from '#shared/payments.ts';
import { monthCharge } from '#shared/rent.ts';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { payments } from '../../db/schema.ts';
import { conflict, forbidden, HttpError } from '../../errors.ts';
import type { BookingRow } from '../bookings/index.ts';
import { listingTitles } from '../listings/queries.ts';
import { emailAndDeletion } from '../users/queries.ts';
import type { PaymentProvider } from './providers/types.ts';

export type PaymentRow = typeof payments.$inferSelect;
export type ReturnUrls = { success: string; cancel: string };
type Logger = { warn: (obj: unknown, msg?: string) => void };
type Deps = { db: Db; provider: PaymentProvider; log: Logger };

// The return page names the booking paid; the page reads its payment through the payer's own list.
export function successUrl(base: string, bookingId: number): string {
  return `${base}${base.includes('?') ? '&' : '?'}booking=${bookingId}`;
}

// The renter's open charge for a listing (the one-pending index allows at most one).
export async function pendingFor(
  db: Db,
  renterId: number,
  listingId: number,
): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(
      and(eq(payments.renterId, renterId), eq(payments.listingId, listingId), eq(payments.status, 'pending')),
    )
    .limit(1);
  return row;
}

// Only a host with a confirmed e-mail address takes payments (ADR 022).
export async function assertHostTakesPayments(db: Pick<Db, 'select'>, hostId: number): Promise<void> {
  const host = await emailAndDeletion(db, hostId);
  if (!host?.verifiedAt || host.deletedAt)
    throw forbidden(
      'This host has not confirmed their e-mail address yet, so this listing cannot take payments. Please try again later or message the host.',
      'HOST_UNVERIFIED',
    );
}

// What one checkout charges: the whole stay, or one month of a monthly rental (ADR 040).
export type Charge = { month: number | null; amount: number; fee: number; start: string };

// A booking's first charge: its total as fixed when booked, or its first month when paid monthly.
export function firstCharge(b: BookingRow): Charge {
  if (b.paymentPlan === 'monthly' && b.pricePerMonth !== null)
    return { month: 1, ...monthCharge(b.pricePerMonth), start: b.start };
  return { month: null, amount: b.amount ?? 0, fee: b.fee ?? 0, start: b.start };
}

// A hosted checkout for a booking's charge (its total, or one month). A still-valid pending charge
// of the same booking and month is reused; any other pending charge of the grower for the listing is
// closed as failed (a late payment can still complete it).
export async function checkoutBooking(
  { db, provider, log }: Deps,
  b: BookingRow,
  urls: ReturnUrls,
  now: Date,
  charge: Charge = firstCharge(b),
): Promise<{ hostedUrl: string }> {
  if (b.amount === null || b.fee === null || b.months === null)
    throw conflict('Only rentals are paid', 'NOT_A_RENTAL');
  await assertHostTakesPayments(db, b.hostId);
  const existing = await pendingFor(db, b.growerId, b.listingId);
  if (existing) {
    const expiresAt = (existing.metadata as { expiresAt?: string }).expiresAt;
    const expired = expiresAt ? Date.parse(expiresAt) <= now.getTime() : false;
    if (
      !expired &&
      existing.bookingId === b.id &&
      existing.rentMonth === charge.month &&
      existing.amount === charge.amount &&
      existing.platformFee === charge.fee &&
      existing.hostedUrl &&
      existing.provider === provider.id
    )
      return { hostedUrl: existing.hostedUrl };
    await db
      .update(payments)
      .set({
        status: 'failed',
        updatedAt: now,
        metadata: sql`${payments.metadata} || ${JSON.stringify({ supersededAt: now.toISOString() })}::jsonb`,
      })
      .where(and(eq(payments.id, existing.id), inArray(payments.status, sourcesOf('failed'))));
  }

  const title = (await listingTitles(db, [b.listingId])).get(b.listingId) ?? 'Garden plot';
  const period =
    charge.month !== null
      ? `Month ${charge.month} of ${b.months}`
      : b.months === 1
        ? 'One month'
        : `${b.months} months`;
  const reference = randomUUID();
  let made: Awaited<ReturnType<PaymentProvider['createCharge']>>;
  try {
    made = await provider.createCharge({
      reference,
      amountCents: charge.amount + charge.fee,
      currency: CURRENCY,
      name: title,
      description: `${period} of ${title} from ${charge.start}: ${formatUsd(charge.amount)} + ${PLATFORM_FEE_PERCENT}% service fee`,
      metadata: { listingId: b.listingId, renterId: b.growerId, bookingId: b.id, reference },
      redirectUrl: successUrl(urls.success, b.id),
      cancelUrl: urls.cancel,
    });
  } catch (err) {
    log.warn({ err }, 'payment provider refused to create a charge');
    throw new HttpError(
      502,
      'Failed to create payment: the payment provider is not available. Please try again later.',
      'PROVIDER_UNAVAILABLE',
    );
  }

  try {
    const [row] = await db
      .insert(payments)
      .values({
        chargeId: made.chargeId,
        provider: provider.id,
        bookingId: b.id,
        listingId: b.listingId,
        renterId: b.growerId,
        hostId: b.hostId,
        amount: charge.amount,
        platformFee: charge.fee,
        rentMonth: charge.month,
        currency: CURRENCY,
        status: 'pending',
        hostedUrl: made.hostedUrl,
        // Each month's money is held until after that month begins (ADR 040).
        rentalStart: new Date(`${charge.start}T00:00:00Z`),
        metadata: {
          reference,
          ...(made.metadata ?? {}),
          ...(made.expiresAt ? { expiresAt: made.expiresAt.toISOString() } : {}),
        },
      })
      .returning();
    return { hostedUrl: row.hostedUrl ?? made.hostedUrl };
  } catch (err) {
    // Two clicks racing: the one-pending index keeps one; the other charge simply expires unpaid.
    if (!isUniqueViolation(err)) throw err;
    const winner = await pendingFor(db, b.growerId, b.listingId);
    if (winner?.hostedUrl && winner.bookingId === b.id) return { hostedUrl: winner.hostedUrl };
    throw conflict(
      'A payment for this listing is already in progress. Please try again.',
      'PAYMENT_IN_PROGRESS',
    );
  }
}
