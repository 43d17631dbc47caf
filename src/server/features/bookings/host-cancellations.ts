import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { activeListingIdsOf } from '../listings/queries.ts';
import { raiseYardshareListingReports } from '../reports/queries.ts';

type Reader = Pick<Db, 'execute'>;

// Host cancellations (ADR 037): every booking a host cancelled (the cancel action, or the refund
// route that cancels) counts; this many in twelve months puts the host's listings in the operator
// queue, raised by Yardshare itself (a report with no reporter).
export const HOST_CANCELLATIONS_LIMIT = 3;
const YEAR_MS = 365 * 86_400_000;

export async function hostCancellations(
  db: Reader,
  hostId: number,
  now = new Date(),
): Promise<{ last12Months: number; total: number }> {
  const since = new Date(now.getTime() - YEAR_MS).toISOString();
  const result = await db.execute(sql`
    select count(*)::int as total,
           count(*) filter (where e.created_at > ${since}::timestamptz)::int as recent
    from booking_events e join bookings b on b.id = e.booking_id
    where b.host_id = ${hostId} and e.action = 'cancel' and e.actor = 'host'`);
  const [row] = (result as unknown as { rows: { total: number; recent: number }[] }).rows;
  return { last12Months: Number(row?.recent ?? 0), total: Number(row?.total ?? 0) };
}

// In the cancellation's transaction: at the limit, one open Yardshare report per active listing of
// the host (the partial unique index keeps it to one however many cancellations follow).
export async function afterHostCancel(tx: Tx, hostId: number, now: Date): Promise<void> {
  const { last12Months } = await hostCancellations(tx, hostId, now);
  if (last12Months < HOST_CANCELLATIONS_LIMIT) return;
  const own = await activeListingIdsOf(tx, hostId);
  await raiseYardshareListingReports(
    tx,
    hostId,
    own,
    `Raised by Yardshare: the host cancelled ${last12Months} bookings in the last 12 months.`,
  );
}
