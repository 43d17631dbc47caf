import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, lte } from 'drizzle-orm';
import { hostPayoutCents, partCents, releaseTimes } from '#shared/payments.ts';
import { payments, payoutMethods, payouts } from '../../../db/schema.ts';
import { payoutsCreated } from './payout-notices.ts';
import { BATCH, type PayoutDeps } from './payouts.jobs.ts';

// Holds that ended: each payment's next part of the rent becomes a payout (ADR 045: a stay paid up
// front is paid out month by month; any other payment in one part). Each due payment is taken under
// its row lock (FOR UPDATE SKIP LOCKED: two instances never take the same one), its part recorded
// as released and its payout inserted (unique per payment and part) in one transaction, so however
// many runs race, each part gets one payout and its host one notification. A flagged payment waits
// for a person; a part pays the host what is left of its month after refunds (none: no payout).
export async function releaseDue(deps: PayoutDeps, now: Date): Promise<number> {
  const { db, provider, notifier, log } = deps;
  const created: number[] = [];
  // Parts overdue together (the job was down) go one round each; the bound keeps a run short.
  for (let round = 0; round < 36; round++) {
    const made = await db.transaction(async (tx) => {
      const due = await tx
        .select()
        .from(payments)
        .where(
          and(
            eq(payments.status, 'completed'),
            isNull(payments.flaggedReason),
            isNull(payments.releasedAt),
            lte(payments.releaseAt, now),
          ),
        )
        .orderBy(payments.releaseAt, payments.id)
        .limit(BATCH)
        .for('update', { skipLocked: true });
      if (!due.length) return null;
      const hosts = await tx
        .select({ id: payoutMethods.userId })
        .from(payoutMethods)
        .where(inArray(payoutMethods.userId, [...new Set(due.map((p) => p.hostId))]));
      const withDetails = new Set(hosts.map((h) => h.id));
      const ids: number[] = [];
      for (const p of due) {
        const times = releaseTimes(p);
        const k = p.releasedParts;
        const cents = partCents(p, k, p.releasedCents);
        const released = p.releasedCents + cents;
        const last = k + 1 >= times.length || released >= hostPayoutCents(p);
        await tx
          .update(payments)
          .set({
            releasedParts: k + 1,
            releasedCents: released,
            releaseAt: last ? p.releaseAt : times[k + 1],
            releasedAt: last ? now : null,
            updatedAt: now,
          })
          .where(eq(payments.id, p.id));
        if (cents <= 0) continue;
        const [o] = await tx
          .insert(payouts)
          .values({
            paymentId: p.id,
            part: k,
            hostId: p.hostId,
            amountCents: cents,
            currency: p.currency,
            state: withDetails.has(p.hostId) ? 'scheduled' : 'awaiting_details',
            provider: provider.id,
            reference: `ys-${p.id}-${k}-${randomUUID().replaceAll('-', '')}`,
            nextAttemptAt: now,
            createdAt: now,
            updatedAt: now,
          })
          .onConflictDoNothing()
          .returning({ id: payouts.id });
        if (o) ids.push(o.id);
      }
      await payoutsCreated(tx, notifier, ids);
      return ids;
    });
    if (made === null) break;
    created.push(...made);
  }
  if (created.length) log.info({ ids: created }, 'payouts created');
  return created.length;
}
