import type { Notifier } from '../../core/notifier.ts';
import type { Db } from '../../db/client.ts';
import type { BookingPayments } from '../bookings/index.ts';
import { checkoutBooking, type ReturnUrls } from './payments.checkout.ts';
import { refundBooking, sendDueRefunds } from './payments.refunds.ts';
import type { PaymentProvider } from './providers/types.ts';
import { dueInvoice } from './rent.ts';

type Logger = { warn: (obj: unknown, msg?: string) => void; info: (obj: unknown, msg?: string) => void };

// What the bookings call (the composition root hands it to BookingsService): a checkout for a
// booking or for a later month of it, the policy refund on cancellation (recorded in its transaction) and the sending of that
// refund after the commit. It needs no PaymentsService, so the two services need not wait on each
// other.
export function bookingPayments(
  deps: { db: Db; provider: PaymentProvider; log: Logger; notifier: Notifier },
  urls: ReturnUrls,
): BookingPayments {
  const { db, provider, log, notifier } = deps;
  return {
    available: true,
    checkout: (b) => checkoutBooking({ db, provider, log }, b, urls, new Date()),
    // A later month of a monthly rental (ADR 040): the earliest one invoiced and unpaid.
    checkoutMonth: async (b) =>
      checkoutBooking({ db, provider, log }, b, urls, new Date(), await dueInvoice(db, b.id)),
    refund: (tx, bookingId, amountCents, now) => refundBooking(tx, bookingId, amountCents, now, notifier),
    sendRefunds: async (bookingId) => {
      // The cancellation is committed: a failure here is left to the payments.refunds job.
      await sendDueRefunds(db, provider, log, bookingId).catch((err) =>
        log.warn({ err, bookingId }, 'refunds not sent; the job retries'),
      );
    },
  };
}
