import type { Tx } from '../../db/client.ts';
import { HttpError } from '../../errors.ts';
import type { BookingRow } from './bookings.view.ts';

// What the bookings need from payments: a checkout for a rental, and a refund on cancellation.
// refund records the refund in the cancellation's transaction (the cents; 0 when nothing is due;
// null when the payout was already released); sendRefunds sends it through the provider after commit.
export type BookingPayments = {
  // False when payments are off (noPayments): a checkout answers 503 and nothing is refunded.
  readonly available: boolean;
  checkout(booking: BookingRow): Promise<{ hostedUrl: string }>;
  // A later month of a monthly rental: the earliest one invoiced and unpaid (409 when none).
  checkoutMonth(booking: BookingRow): Promise<{ hostedUrl: string }>;
  refund(tx: Tx, bookingId: number, amountCents: number, now: Date): Promise<number | null>;
  sendRefunds(bookingId: number): Promise<void>;
};

export const paymentsDown = () => new HttpError(503, 'Payments are not available right now', 'PAYMENTS_DOWN');

// Payments off (the demo's seed, tests without a provider): checkouts answer 503, cancellations and
// early ends record no refund and send none.
export const noPayments: BookingPayments = {
  available: false,
  checkout: async () => {
    throw paymentsDown();
  },
  checkoutMonth: async () => {
    throw paymentsDown();
  },
  refund: async () => 0,
  sendRefunds: async () => {},
};
