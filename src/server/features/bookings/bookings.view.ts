import { allowedActions, type Booking } from '#shared/bookings.ts';
import type { bookings, payments } from '../../db/schema.ts';

export type BookingRow = typeof bookings.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

// A booking as one of its two parties sees it, with the actions open to them now.
export function toBooking(
  b: BookingRow,
  names: Record<string, unknown>,
  payment: PaymentRow | null,
  userId: number,
  now: Date,
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
    note: b.note,
    expiresAt: iso(b.expiresAt),
    payment: payment
      ? {
          id: payment.id,
          status: payment.status,
          releaseAt: iso(payment.releaseAt),
          releasedAt: iso(payment.releasedAt),
          refundedAmount: payment.refundedAmount,
        }
      : null,
    actions: allowedActions(b, role).filter((a) => a !== 'pay' || payable),
    createdAt: b.createdAt.toISOString(),
    updatedAt: b.updatedAt.toISOString(),
  };
}
