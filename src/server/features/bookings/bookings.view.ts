import { inArray, sql } from 'drizzle-orm';
import { allowedActions, type Booking, todayUtc } from '#shared/bookings.ts';
import { nextReleaseAt } from '#shared/payments.ts';
import { monthCharge, rentMonthStatus, rentPeriods } from '#shared/rent.ts';
import type { Db } from '../../db/client.ts';
import { bookings } from '../../db/schema.ts';
import { listingTitle } from '../listings/queries.ts';
import {
  type RentInvoiceRow as InvoiceRow,
  type PaymentRow,
  paymentsOfBookings,
  rentInvoicesOfBookings,
} from '../payments/queries.ts';
import { userAvatar, userName } from '../users/queries.ts';

export type BookingRow = typeof bookings.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

// A booking as one of its two parties sees it, with the actions open to them now.
export function toBooking(
  b: BookingRow,
  names: Record<string, unknown>,
  payment: PaymentRow | null,
  userId: number,
  now: Date,
  rent: { pays: PaymentRow[]; invoices: InvoiceRow[] } = { pays: [], invoices: [] },
): Booking {
  const role = b.growerId === userId ? 'grower' : 'host';
  const payable = !(b.status === 'accepted' && b.type === 'rental' && b.expiresAt && b.expiresAt <= now);
  return {
    id: b.id,
    listingId: b.listingId,
    listingTitle: String(names.title),
    type: b.type,
    status: b.status,
    role,
    grower: {
      id: b.growerId,
      name: String(names.grower_name),
      avatar: (names.grower_avatar as string) ?? null,
    },
    host: { id: b.hostId, name: String(names.host_name), avatar: (names.host_avatar as string) ?? null },
    start: b.start,
    end: b.end,
    months: b.months,
    pricePerMonth: b.pricePerMonth,
    amount: b.amount,
    fee: b.fee,
    total: b.total,
    hoursPerWeek: b.hoursPerWeek,
    instant: b.instant,
    cancellationPolicy: b.cancellationPolicy,
    paymentPlan: b.paymentPlan,
    rentMonths: rentMonthsOf(b, rent.pays, rent.invoices, now),
    note: b.note,
    endedEarly:
      b.endedEarlyAt && b.endedEarlyBy
        ? {
            by: b.endedEarlyBy,
            at: b.endedEarlyAt.toISOString(),
            reason: b.endReason ?? '',
            originalEnd: b.originalEnd,
          }
        : null,
    expiresAt: iso(b.expiresAt),
    payment: payment
      ? {
          id: payment.id,
          status: payment.status,
          releaseAt: iso(nextReleaseAt(payment)),
          releasedAt: iso(payment.releasedAt),
          releasedCents: payment.releasedCents,
          refundedAmount: payment.refundedAmount,
        }
      : null,
    // A stay ending early is not cancelled on top of it (ADR 037).
    actions: allowedActions(b, role).filter(
      (a) => (a !== 'pay' || payable) && (a !== 'cancel' || !b.endedEarlyAt),
    ),
    createdAt: b.createdAt.toISOString(),
    updatedAt: b.updatedAt.toISOString(),
  };
}

// Bookings by id, in that order, as `userId` sees them, with the names and the latest payment.
export async function readBookings(db: Db, ids: number[], userId: number, now: Date): Promise<Booking[]> {
  if (!ids.length) return [];
  const rows = await db.select().from(bookings).where(inArray(bookings.id, ids));
  const [grower, host] = [sql.raw('b.grower_id'), sql.raw('b.host_id')];
  const extra = await db.execute(sql`
    select b.id, ${listingTitle(sql.raw('b.listing_id'))} as title,
      ${userName(grower)} as grower_name, ${userAvatar(grower)} as grower_avatar,
      ${userName(host)} as host_name, ${userAvatar(host)} as host_avatar
    from bookings b
    where b.id in (${sql.join(
      ids.map((i) => sql`${i}`),
      sql`, `,
    )})`);
  const names = new Map(
    (extra as unknown as { rows: Record<string, unknown>[] }).rows.map((r) => [Number(r.id), r]),
  );
  const pays = await paymentsOfBookings(db, ids);
  const invoices = await rentInvoicesOfBookings(db, ids);
  const order = new Map(ids.map((id, i) => [id, i]));
  return rows
    .sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0))
    .map((r) =>
      toBooking(r, names.get(r.id)!, paymentOf(pays, r.id), userId, now, {
        pays: pays.filter((p) => p.bookingId === r.id),
        invoices: invoices.filter((i) => i.bookingId === r.id),
      }),
    );
}

// The payment that paid the booking (completed or refunded, not flagged), else the newest one.
function paymentOf(pays: PaymentRow[], bookingId: number): PaymentRow | null {
  const mine = pays.filter((p) => p.bookingId === bookingId);
  return (
    mine.find((p) => (p.status === 'completed' || p.status === 'refunded') && !p.flaggedReason) ??
    mine[0] ??
    null
  );
}

// The months of a monthly rental as they are now (ADR 040), within the stay as it stands (an end moved
// earlier drops the months after it): month 1 is paid by the booking's first payment; a later month
// by its invoice's payment; a month is due once invoiced (month 1: while the booking awaits payment).
function rentMonthsOf(
  b: BookingRow,
  pays: PaymentRow[],
  invoices: InvoiceRow[],
  now: Date,
): Booking['rentMonths'] {
  if (b.paymentPlan !== 'monthly' || !b.months || b.pricePerMonth === null) return [];
  const today = todayUtc(now);
  const firstPaid = pays.some(
    (p) => p.rentMonth === 1 && (p.status === 'completed' || p.status === 'refunded') && !p.flaggedReason,
  );
  const open = ['accepted', 'paid', 'active'].includes(b.status);
  return (
    rentPeriods(b.start, b.months)
      .filter((p) => !b.end || p.start < b.end)
      .map((p) => {
        const inv = invoices.find((i) => i.month === p.month);
        const paid = p.month === 1 ? firstPaid : inv?.status === 'paid';
        const invoiced = p.month === 1 ? b.status === 'accepted' : inv?.status === 'due';
        return {
          ...p,
          ...(inv ? { amount: inv.amount, fee: inv.fee } : monthCharge(b.pricePerMonth!)),
          status: rentMonthStatus(p, paid, invoiced, today),
        };
      })
      // A stay that ended or was cancelled owes nothing more: only its paid months are shown.
      .filter((m) => open || m.status === 'paid')
  );
}
