import { eq } from 'drizzle-orm';
import type { Notifier } from '../../core/notifier.ts';
import type { Db } from '../../db/client.ts';
import { listings } from '../../db/schema.ts';
import type { BookingRow } from './bookings.view.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

// A work-exchange week far over the agreed hours (ADR 037): both parties hear of it.
export async function weekOverNotice(
  notifier: Notifier,
  tx: Tx,
  b: BookingRow,
  week: string,
  logged: number,
) {
  const [l] = await tx.select({ title: listings.title }).from(listings).where(eq(listings.id, b.listingId));
  const agreed = b.hoursPerWeek ?? 0;
  for (const userId of [b.growerId, b.hostId])
    await notifier.notify(tx, {
      userId,
      kind: 'hours_disputed',
      bookingId: b.id,
      listingId: b.listingId,
      link: `/bookings/${b.id}`,
      title: (lang) => lang.t.booking.weekOver(l?.title ?? '', lang.day(week)),
      body: (lang) => lang.t.booking.weekOverBody(lang.t.hours(logged), lang.t.hours(agreed)),
    });
}
