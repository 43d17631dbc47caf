import type { Notifier, NotifyInput } from '../../core/notifier.ts';
import type { Tx } from '../../db/client.ts';
import { listingTitles } from '../listings/queries.ts';
import type { BookingRow } from './bookings.view.ts';

// A work-exchange week far over the agreed hours (ADR 037): both parties hear of it.
export async function weekOverNotice(
  notifier: Notifier,
  tx: Tx,
  b: BookingRow,
  week: string,
  logged: number,
) {
  const title = (await listingTitles(tx, [b.listingId])).get(b.listingId) ?? '';
  const agreed = b.hoursPerWeek ?? 0;
  await notifyBothParties(notifier, tx, b, {
    kind: 'hours_disputed',
    title: (lang) => lang.t.booking.weekOver(title, lang.day(week)),
    body: (lang) => lang.t.booking.weekOverBody(lang.t.hours(logged), lang.t.hours(agreed)),
  });
}

// One notice to each party of a booking, linked to it (ADR 037, 040).
export async function notifyBothParties(
  notifier: Notifier,
  tx: Tx,
  b: Pick<BookingRow, 'id' | 'growerId' | 'hostId' | 'listingId'>,
  notice: Pick<NotifyInput, 'kind' | 'title' | 'body'>,
) {
  for (const userId of [b.growerId, b.hostId])
    await notifier.notify(tx, {
      userId,
      bookingId: b.id,
      listingId: b.listingId,
      link: `/bookings/${b.id}`,
      ...notice,
    });
}
