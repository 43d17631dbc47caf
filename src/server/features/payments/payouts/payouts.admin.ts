import { desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { PayoutRowState } from '#shared/payouts.ts';
import type { Notifier } from '../../../core/notifier.ts';
import type { Db } from '../../../db/client.ts';
import { ledgerEntries, payments, payoutBatches, payouts } from '../../../db/schema.ts';
import { badRequest, conflict, notFound } from '../../../errors.ts';
import { type Actor, writeAudit } from '../../admin/queries.ts';
import { userName } from '../../users/queries.ts';
import { recordPayoutOut, unbalancedPayments } from './ledger.ts';
import { payoutSent } from './payout-notices.ts';
import { movePayout } from './payouts.events.ts';

// The operator console's payouts (ADR 032): what to send by hand, what is stuck, the books.
// Every decision needs a reason and is audit-logged in its own transaction.

export const BOOKS_FLAG = 'The books of this payment do not balance';

export async function adminPayouts(db: Db) {
  const rows = await db
    .select({
      o: payouts,
      hostName: userName(payouts.hostId),
      b: payoutBatches,
      covers: sql<number>`(select count(*)::int from payouts c where c.batch_id = payouts.batch_id)`,
    })
    .from(payouts)
    .leftJoin(payoutBatches, eq(payoutBatches.id, payouts.batchId))
    .where(
      inArray(payouts.state, ['failed', 'manual', 'awaiting_details', 'scheduled', 'sending', 'in_progress']),
    )
    .orderBy(desc(payouts.updatedAt))
    .limit(200);
  const fees = await db
    .select({
      month: sql<string>`to_char(date_trunc('month', ${ledgerEntries.createdAt} at time zone 'UTC'), 'YYYY-MM')`,
      cents: sql<number>`(-sum(${ledgerEntries.amountCents}))::int`,
    })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.account, 'platform_fees'))
    .groupBy(sql`1`)
    .orderBy(sql`1 desc`)
    .limit(12);
  const [owed] = await db
    .select({ cents: sql<number>`coalesce(-sum(${ledgerEntries.amountCents}), 0)::int` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.account, 'host_payable'));
  const [unbalanced] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(payments)
    .where(eq(payments.flaggedReason, BOOKS_FLAG));
  // In flight or stuck: sent or being sent, to send by hand, failed, or waiting to be tried again.
  const inFlight = rows.filter(
    (r) =>
      ['sending', 'in_progress', 'manual', 'failed'].includes(r.o.state) ||
      (r.o.state === 'scheduled' && r.o.lastError !== null),
  );
  return {
    items: rows.map(({ o, hostName, b, covers }) => ({
      id: o.id,
      paymentId: o.paymentId,
      hostId: o.hostId,
      hostName: hostName?.trim() || `Member #${o.hostId}`,
      amountCents: o.amountCents,
      state: o.state,
      destinationType: o.destinationType,
      destination: o.destination,
      reference: o.reference,
      providerPayoutId: o.providerPayoutId,
      attempts: o.attempts,
      lastError: o.lastError,
      proof: o.proof,
      createdAt: o.createdAt.toISOString(),
      updatedAt: o.updatedAt.toISOString(),
      batch: b
        ? {
            id: b.id,
            reference: b.reference,
            payments: Number(covers),
            amountCents: b.amountCents,
            providerState: b.providerState,
            waitingSince: b.waitingSince?.toISOString() ?? null,
            waitingReason: b.waitingReason,
          }
        : null,
    })),
    feesByMonth: fees.map((f) => ({ month: f.month, cents: Number(f.cents) })),
    owedToHostsCents: Number(owed?.cents ?? 0),
    inFlightCents: inFlight.reduce((s, r) => s + r.o.amountCents, 0),
    unbalancedPayments: Number(unbalanced?.n ?? 0),
  };
}

const ACTIONS = {
  retry: { to: 'scheduled', from: ['failed', 'manual'], audit: 'payout_retry' },
  cancel: {
    to: 'cancelled',
    from: ['failed', 'manual', 'awaiting_details', 'scheduled'],
    audit: 'payout_cancel',
  },
  paid: { to: 'completed', from: ['failed', 'manual'], audit: 'payout_paid_by_hand' },
} as const satisfies Record<string, { to: PayoutRowState; from: PayoutRowState[]; audit: string }>;
export type AdminPayoutAction = keyof typeof ACTIONS;

// One guarded move, its ledger entry (paid by hand), the host's notice and the audit entry, in one
// transaction. A payout no longer in a state the action applies to is a 409.
export async function adminPayoutAction(
  db: Db,
  notifier: Notifier,
  actor: Actor,
  id: number,
  action: AdminPayoutAction,
  input: { reason: string; reference?: string },
  now = new Date(),
) {
  const a = ACTIONS[action];
  if (action === 'paid' && !input.reference)
    throw badRequest('Give the reference of the payment you made', 'REFERENCE_REQUIRED');
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(payouts).where(eq(payouts.id, id)).for('update');
    if (!row) throw notFound('Payout not found', 'PAYOUT_NOT_FOUND');
    const set =
      action === 'paid'
        ? {
            proof: input.reference!,
            proofType: /^[0-9a-f]{64}$/i.test(input.reference!) ? ('txid' as const) : ('reference' as const),
            completedAt: now,
            lockedUntil: null,
          }
        : action === 'retry'
          ? { attempts: 0, nextAttemptAt: now, lastError: null, lockedUntil: null, batchId: null }
          : { lockedUntil: null };
    const moved = await movePayout(tx, id, a.to, set, now, [...a.from]);
    if (!moved) throw conflict('This payout cannot be changed that way in its current state', 'PAYOUT_STATE');
    if (action === 'paid') {
      await recordPayoutOut(tx, moved);
      await payoutSent(tx, notifier, [moved.id]);
    }
    const entry = await writeAudit(tx, actor, a.audit, 'payout', id, input.reason, {
      paymentId: row.paymentId,
      hostId: row.hostId,
      amountCents: row.amountCents,
      from: row.state,
      ...(input.reference ? { reference: input.reference } : {}),
    });
    return { message: `Payout ${a.to.replace('_', ' ')}`, audit: entry };
  });
}

// The payouts.reconcile job: every payment whose books do not balance is flagged for operators
// (and, being flagged, is never paid out automatically). Returns how many were newly flagged.
export async function reconcile(db: Db, log: { warn: (o: unknown, m?: string) => void }): Promise<number> {
  const bad = await unbalancedPayments(db);
  if (!bad.length) return 0;
  log.warn({ payments: bad }, 'payments whose books do not balance');
  const flagged = await db
    .update(payments)
    .set({ flaggedReason: BOOKS_FLAG })
    .where(sql`${payments.id} in ${bad.map(([id]) => id)} and ${isNull(payments.flaggedReason)}`)
    .returning({ id: payments.id });
  return flagged.length;
}
