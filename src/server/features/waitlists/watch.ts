import type { BookingNotice, Notifier } from '../../core/notifier.ts';
import type { Tx } from '../../db/client.ts';
import { nudgeOffers } from './offers.ts';

// A booking that stops holding its plot (or ends earlier) may free one for the waiting list.
const FREES = new Set(['cancelled', 'declined', 'withdrawn', 'expired', 'completed']);
export const freesPlot = (e: BookingNotice) => FREES.has(e.to) || e.action === 'end-early';

// The bookings' notifier, watched (ADR 049): every booking move is told to the notifier in its
// transaction, so a move that frees a plot makes the offers job due in that same transaction and
// cannot be lost. Everything else passes through unchanged.
export function watchBookings(inner: Notifier): Notifier {
  return new Proxy(inner, {
    get(target, prop, receiver) {
      if (prop === 'bookingEvent')
        return async (tx: Tx, e: BookingNotice) => {
          await target.bookingEvent(tx, e);
          if (freesPlot(e)) await nudgeOffers(tx);
        };
      const value = Reflect.get(target, prop, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
