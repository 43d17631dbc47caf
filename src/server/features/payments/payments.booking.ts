import { todayUtc } from '#shared/bookings.ts';
import { monthlyPriceToCents } from '#shared/money.ts';
import type { Db } from '../../db/client.ts';
import { conflict, HttpError } from '../../errors.ts';
import type { BookingRow, BookingsService } from '../bookings/index.ts';
import { bookingById, openBookingOf } from '../bookings/queries.ts';

// The spec's checkout (POST /api/payments/create) pays for one month from the rental start (or
// today), booked at once whatever the listing's booking mode. The grower's booking of the same terms
// still awaiting payment is reused; an instant one with other terms, or one past its payment window,
// is replaced; any other open booking of theirs for the listing answers 409.
export async function bookOneMonth(
  db: Db,
  service: BookingsService,
  growerId: number,
  listing: { id: number; price: number },
  rentalStart: Date | null,
  now: Date,
): Promise<BookingRow> {
  const today = todayUtc(now);
  const wanted = rentalStart ? rentalStart.toISOString().slice(0, 10) : null;
  // The rental start may be yesterday (time zones west of UTC); a booking starts today at the earliest.
  const start = wanted && wanted > today ? wanted : today;
  const monthly = monthlyPriceToCents(listing.price);
  for (let attempt = 0; ; attempt++) {
    const open = await openBookingOf(db, growerId, listing.id);
    if (open) {
      const payable = !open.expiresAt || open.expiresAt > now;
      const same = open.months === 1 && open.pricePerMonth === monthly && (!wanted || open.start === start);
      if (open.status === 'accepted' && payable && same) return open;
      await replace(db, service, open, payable);
    }
    try {
      const made = await service.create(growerId, { listingId: listing.id, start, months: 1 }, now, {
        instant: true,
      });
      return await bookingById(db, made.id);
    } catch (err) {
      // A concurrent call booked first (the plot, or the one open booking): take its booking.
      const raced = err instanceof HttpError && (err.code === 'NO_PLOT_FREE' || err.code === 'BOOKING_OPEN');
      if (!raced || attempt >= 2 || !(await openBookingOf(db, growerId, listing.id))) throw err;
    }
  }
}

// An unpaid rental past its payment window expires; an instant one is cancelled for the grower
// (they asked for other terms). Anything else stays and the call is refused.
async function replace(db: Db, service: BookingsService, b: BookingRow, payable: boolean) {
  if (b.status !== 'accepted' || b.type !== 'rental' || (payable && !b.instant))
    throw conflict('You already have an open booking for this listing', 'BOOKING_OPEN');
  await db.transaction((tx) =>
    payable
      ? service.move(tx, b, 'cancel', 'cancelled', 'grower')
      : service.move(tx, b, 'expire', 'expired', 'system'),
  );
}
