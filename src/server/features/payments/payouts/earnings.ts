import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { partCents, releaseTimes } from '#shared/payments.ts';
import { type Earning, type Earnings, hostPayoutState } from '#shared/payouts.ts';
import type { Db } from '../../../db/client.ts';
import { payments, payoutBatches, payoutMethods, payouts } from '../../../db/schema.ts';
import { proofUrl } from '../../../explorers.ts';
import { listingTitle } from '../../listings/queries.ts';
import { userName } from '../../users/queries.ts';

// What a host sees of their money (GET /api/users/me/payouts, and .csv: #shared/payouts-csv.ts):
// every payment that reached them, with its payout. Always the signed-in host's own rows: the host
// id comes from the session.

const iso = (d: Date | null) => (d ? d.toISOString() : null);
// Month k+1 of a payment released in parts (ADR 045), or null.
const partOf = (p: Parameters<typeof releaseTimes>[0], k: number) => {
  const of = releaseTimes(p).length;
  return of > 1 ? { index: k + 1, of } : null;
};

export async function earningsOf(
  db: Db,
  hostId: number,
  explorerTxUrl: string | null,
  now = new Date(),
): Promise<Earnings> {
  const rows = await db
    .select({
      p: payments,
      o: payouts,
      title: listingTitle(payments.listingId),
      growerName: userName(payments.renterId),
    })
    .from(payments)
    .leftJoin(payouts, eq(payouts.paymentId, payments.id))
    .where(and(eq(payments.hostId, hostId), inArray(payments.status, ['completed', 'refunded'])))
    .orderBy(desc(payments.confirmedAt), desc(payments.id))
    .limit(500);
  // The payouts sent to the host, each covering one or more of these payments (ADR 044).
  const batchIds = [...new Set(rows.flatMap((r) => (r.o?.batchId ? [r.o.batchId] : [])))];
  const batches = new Map(
    (batchIds.length
      ? await db
          .select({
            id: payoutBatches.id,
            amountCents: payoutBatches.amountCents,
            count: sql<number>`(select count(*)::int from payouts o where o.batch_id = payout_batches.id)`,
          })
          .from(payoutBatches)
          .where(and(eq(payoutBatches.hostId, hostId), inArray(payoutBatches.id, batchIds)))
      : []
    ).map((b) => [b.id, { id: b.id, amountCents: b.amountCents, payments: Number(b.count) }]),
  );
  const items: Earning[] = [];
  const seen = new Set<number>();
  for (const { p, o, title, growerName } of rows) {
    const base = {
      paymentId: p.id,
      bookingId: p.bookingId,
      listingTitle: title,
      growerName: growerName?.trim() || `Member #${p.renterId}`,
      feeCents: p.platformFee,
      refundedCents: p.refundedAmount ?? (p.status === 'refunded' ? p.amount + p.platformFee : 0),
      currency: p.currency,
    };
    if (o) {
      items.push({
        ...base,
        id: o.id,
        state: hostPayoutState(o.state),
        amountCents: o.amountCents,
        releaseAt: iso(releaseTimes(p)[o.part] ?? p.releaseAt),
        createdAt: iso(o.createdAt),
        completedAt: iso(o.completedAt),
        proof: o.proof,
        proofType: o.proofType,
        proofUrl: proofUrl(explorerTxUrl, o),
        destination: o.destination,
        payout: (o.batchId && batches.get(o.batchId)) || null,
        part: partOf(p, o.part),
      });
    }
    if (seen.has(p.id)) continue;
    seen.add(p.id);
    const none = { id: null, createdAt: null, completedAt: null, proof: null, proofType: null };
    const rest = { ...none, proofUrl: null, destination: null, payout: null, part: null };
    if (p.status === 'refunded' && !p.releasedCents) {
      items.push({ ...base, ...rest, state: 'refunded', amountCents: 0, releaseAt: iso(p.releaseAt) });
      continue;
    }
    // The parts still held (ADR 045): each month's rent and the day it goes out.
    if (p.status !== 'completed' || p.releasedAt) continue;
    const times = releaseTimes(p);
    let released = p.releasedCents;
    for (let k = p.releasedParts; k < times.length; k++) {
      const cents = partCents(p, k, released);
      released += cents;
      if (cents > 0)
        items.push({
          ...base,
          ...rest,
          state: 'upcoming',
          amountCents: cents,
          releaseAt: times[k].toISOString(),
          part: partOf(p, k),
        });
    }
  }
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  const paid = items.filter((i) => i.state === 'paid' && i.completedAt);
  const sum = (list: Earning[]) => list.reduce((s, i) => s + i.amountCents, 0);
  const [method] = await db
    .select({ id: payoutMethods.userId })
    .from(payoutMethods)
    .where(eq(payoutMethods.userId, hostId));
  return {
    items,
    totals: {
      paidThisMonthCents: sum(
        paid.filter(
          (i) =>
            new Date(i.completedAt!).getUTCFullYear() === y && new Date(i.completedAt!).getUTCMonth() === m,
        ),
      ),
      paidThisYearCents: sum(paid.filter((i) => new Date(i.completedAt!).getUTCFullYear() === y)),
      upcomingCents: sum(
        items.filter(
          (i) => i.state === 'upcoming' || i.state === 'waiting_for_details' || i.state === 'scheduled',
        ),
      ),
      inProgressCents: sum(items.filter((i) => i.state === 'in_progress' || i.state === 'needs_attention')),
    },
    hasPayoutMethod: Boolean(method),
  };
}
