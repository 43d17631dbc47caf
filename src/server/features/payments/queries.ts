// The payments feature's data face: the queries of its tables other modules use (ADR 053).
import {
  type AnyColumn,
  and,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { payoutState } from '#shared/payments.ts';
import { onePage, type Page } from '../../core/console-lists.ts';
import type { Db, Tx } from '../../db/client.ts';
import { payments, payouts, rentInvoices } from '../../db/schema.ts';

export type PaymentRow = typeof payments.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

// What every view of a payment says of it, whoever looks: its renter or host (payments feature)
// or an operator (admin feature). Each view adds its own fields (who, which listing, may refund).
// paidOutCents: what of its rent the provider confirmed sent, when the view read it.
export const paymentFacts = (p: PaymentRow, paidOutCents?: number) => ({
  id: p.id,
  listingId: p.listingId,
  bookingId: p.bookingId,
  amount: p.amount,
  platformFee: p.platformFee,
  total: p.amount + p.platformFee,
  currency: p.currency,
  status: p.status,
  payout: payoutState(p, paidOutCents),
  flagged: p.flaggedReason !== null,
  refundedAmount: p.refundedAmount ?? 0,
  createdAt: p.createdAt.toISOString(),
  confirmedAt: iso(p.confirmedAt),
  refundedAt: iso(p.refundedAt),
});

// The marketplace figures' rows of the money (k, l, v: kind, label, value; ops/marketplace.ts):
// payments and payouts by state, the payouts held at the provider, and the ledger's balances.
export const paymentFigures = sql`select 'payment' as k, status as l, count(*)::float8 as v from payments group by status
  union all select 'payout', state, count(*)::float8 from payouts group by state
  union all select 'payout_waiting', '', count(*)::float8 from payout_batches
    where state = 'in_progress' and waiting_since is not null
  union all select 'ledger', account, coalesce(sum(amount_cents), 0)::float8 from ledger_entries group by account`;

// ---- A person's payments (the account's export and deletion, ADR 022) --------------------------
// Whether money of the user's is held and not yet paid out (a completed payment not released), as
// renter or host.
export async function hasHeldPayment(tx: Tx, userId: number): Promise<boolean> {
  const [held] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        or(eq(payments.renterId, userId), eq(payments.hostId, userId)),
        eq(payments.status, 'completed'),
        sql`${payments.releasedAt} is null`,
      ),
    )
    .limit(1);
  return Boolean(held);
}

// A condition on a listing id (a column or SQL of the caller's query): true when a payment of it
// exists.
export const listingHasPayments = (listingId: AnyColumn | SQL) =>
  sql<boolean>`exists (select 1 from ${payments} p where p.listing_id = ${listingId})`;

// The user's payments as renter or host, in id order: ids, dates and amounts.
export function paymentsOfPerson(db: Pick<Db, 'select'>, userId: number) {
  return db
    .select({
      id: payments.id,
      bookingId: payments.bookingId,
      listingId: payments.listingId,
      renterId: payments.renterId,
      hostId: payments.hostId,
      provider: payments.provider,
      chargeId: payments.chargeId,
      amount: payments.amount,
      platformFee: payments.platformFee,
      currency: payments.currency,
      status: payments.status,
      refundedAmount: payments.refundedAmount,
      rentalStart: payments.rentalStart,
      confirmedAt: payments.confirmedAt,
      releaseAt: payments.releaseAt,
      releasedAt: payments.releasedAt,
      refundedAt: payments.refundedAt,
      createdAt: payments.createdAt,
    })
    .from(payments)
    .where(or(eq(payments.renterId, userId), eq(payments.hostId, userId)))
    .orderBy(payments.id);
}

// ---- A booking's payments and rent invoices (the bookings' views, refunds and jobs) ------------
export type RentInvoiceRow = typeof rentInvoices.$inferSelect;

// The payments of these bookings, newest first.
export function paymentsOfBookings(db: Pick<Db, 'select'>, bookingIds: number[]) {
  return db
    .select()
    .from(payments)
    .where(inArray(payments.bookingId, bookingIds))
    .orderBy(desc(payments.createdAt));
}

// The rent invoices of these bookings (ADR 040).
export function rentInvoicesOfBookings(db: Pick<Db, 'select'>, bookingIds: number[]) {
  return db.select().from(rentInvoices).where(inArray(rentInvoices.bookingId, bookingIds));
}

// A condition on a booking id (a column or SQL of the caller's query): true while a payment of it
// is under way (pending).
export const bookingPaymentPending = (bookingId: AnyColumn | SQL) =>
  sql<boolean>`exists (select 1 from ${payments} p where p.booking_id = ${bookingId} and p.status = 'pending')`;

// What paid for the booking: its completed or refunded payments not flagged.
const settled = (bookingId: number) =>
  and(
    eq(payments.bookingId, bookingId),
    inArray(payments.status, ['completed', 'refunded']),
    isNull(payments.flaggedReason),
  );

// The booking's payments that paid for it (completed or refunded, not flagged).
export function settledPaymentsOf(db: Pick<Db, 'select'>, bookingId: number) {
  return db.select().from(payments).where(settled(bookingId));
}

// A monthly rental's months paid so far (ADR 040) and the fees paid with them.
export async function paidRentMonths(
  db: Pick<Db, 'select'>,
  bookingId: number,
): Promise<{ months: number; fee: number }> {
  const [paid] = await db
    .select({
      months: sql<number>`count(distinct ${payments.rentMonth})::int`,
      fee: sql<number>`coalesce(sum(${payments.platformFee}), 0)::int`,
    })
    .from(payments)
    .where(settled(bookingId));
  return { months: paid?.months ?? 0, fee: paid?.fee ?? 0 };
}

// The stay ends on `from` (or is cancelled: from null): the invoices of months from then on are void
// and their open checkouts closed (a late payment of one is flagged, never taken as rent).
export async function voidFrom(tx: Tx, bookingId: number, from: string | null, now: Date) {
  const months = await tx
    .update(rentInvoices)
    .set({ status: 'void', updatedAt: now })
    .where(
      and(
        eq(rentInvoices.bookingId, bookingId),
        eq(rentInvoices.status, 'due'),
        from ? gte(rentInvoices.starts, from) : undefined,
      ),
    )
    .returning({ month: rentInvoices.month });
  const open = months.map((m) => m.month);
  if (!open.length) return;
  await tx
    .update(payments)
    .set({ status: 'failed', updatedAt: now })
    .where(
      and(
        eq(payments.bookingId, bookingId),
        eq(payments.status, 'pending'),
        inArray(payments.rentMonth, open),
      ),
    );
}

// A payment's row with its listing's title, in one statement: `title` is the listings' fragment for
// the payment's listing id. Undefined when there is no such payment.
export async function paymentWithTitle(
  db: Pick<Db, 'select'>,
  id: number,
  title: (listingId: AnyColumn) => SQL<string>,
) {
  const [row] = await db
    .select({ p: payments, title: title(payments.listingId) })
    .from(payments)
    .where(eq(payments.id, id));
  return row;
}

// The latest completed payment of a booking: its release time, the rental start and when it was
// confirmed, as the row has them. Undefined when there is none.
export async function lastCompletedPaymentOf(db: Pick<Db, 'select'>, bookingId: number) {
  const [p] = await db
    .select({ releaseAt: payments.releaseAt, start: payments.rentalStart, paid: payments.confirmedAt })
    .from(payments)
    .where(and(eq(payments.bookingId, bookingId), eq(payments.status, 'completed')))
    .orderBy(desc(payments.id))
    .limit(1);
  return p;
}

// ---- The operator console (ADR 029) -------------------------------------------------------------
export async function flaggedPaymentCount(db: Pick<Db, 'select'>): Promise<number> {
  const [row] = await db.select({ n: count() }).from(payments).where(isNotNull(payments.flaggedReason));
  return Number(row?.n ?? 0);
}

// One page of the payments (or of the flagged ones): flagged first, then newest first.
export function paymentsPage(db: Pick<Db, 'select'>, filter: 'all' | 'flagged', page: Page) {
  const where = filter === 'flagged' ? isNotNull(payments.flaggedReason) : undefined;
  const order = [sql`(${payments.flaggedReason} is null)`, desc(payments.createdAt), desc(payments.id)];
  return onePage(db, payments, where, order, page);
}

// The user's newest payments as renter or host, `limit` at the most.
export function latestPaymentsOf(db: Pick<Db, 'select'>, userId: number, limit: number) {
  return db
    .select()
    .from(payments)
    .where(or(eq(payments.renterId, userId), eq(payments.hostId, userId)))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(limit);
}

// What of each payment's rent the provider confirmed sent to the host (its completed payouts).
export async function paidOutCents(
  db: Pick<Db, 'select'>,
  paymentIds: number[],
): Promise<Map<number, number>> {
  if (!paymentIds.length) return new Map();
  const rows = await db
    .select({ id: payouts.paymentId, cents: sql<number>`sum(${payouts.amountCents})::int` })
    .from(payouts)
    .where(and(inArray(payouts.paymentId, paymentIds), eq(payouts.state, 'completed')))
    .groupBy(payouts.paymentId);
  return new Map(rows.map((r) => [r.id, Number(r.cents)]));
}

// Coinbase's webhook signature (Hook0), for a test Coinbase to sign its deliveries with. Here, not in
// index.ts: plain Node (the e2e's test Coinbase) loads this face, which has no .tsx behind it.
export { hook0Signature } from './providers/hook0-signature.ts';
