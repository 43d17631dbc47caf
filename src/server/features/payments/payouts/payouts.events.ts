import { and, eq, inArray, or, sql } from 'drizzle-orm';
import {
  PAYOUT_MAX_ATTEMPTS,
  type PayoutBatchState,
  type PayoutRowState,
  payoutSourcesOf,
} from '#shared/payouts.ts';
import type { Notifier } from '../../../core/notifier.ts';
import type { Db, Tx } from '../../../db/client.ts';
import { paymentEvents, payoutBatches, payouts } from '../../../db/schema.ts';
import { HttpError } from '../../../errors.ts';
import type { WebhookResult } from '../payments.webhooks.ts';
import {
  type NormalizedEvent,
  type PaymentProvider,
  ProviderError,
  type ProviderPayout,
} from '../providers/types.ts';
import { recordPayoutOut } from './ledger.ts';
import { payoutSent } from './payout-notices.ts';

export type PayoutRow = typeof payouts.$inferSelect;
type Logger = { warn: (obj: unknown, msg?: string) => void };

// Retry delays: a minute, doubling, at most an hour.
export const payoutBackoffMs = (attempts: number) =>
  Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);

// One guarded move: `where state in (the sources of \`to\`)`, plus the caller's conditions.
export async function movePayout(
  tx: Tx | Db,
  id: number,
  to: PayoutRowState,
  set: Partial<typeof payouts.$inferInsert>,
  now: Date,
  from: PayoutRowState[] = payoutSourcesOf(to),
): Promise<PayoutRow | null> {
  const [row] = await (tx as Db)
    .update(payouts)
    .set({ ...set, state: to, updatedAt: now })
    .where(and(eq(payouts.id, id), inArray(payouts.state, from)))
    .returning();
  return row ?? null;
}

export type BatchRow = typeof payoutBatches.$inferSelect;

// One guarded move of a batch, like movePayout.
export async function moveBatch(
  tx: Tx | Db,
  id: number,
  to: PayoutBatchState,
  set: Partial<typeof payoutBatches.$inferInsert>,
  now: Date,
  from: PayoutBatchState[],
): Promise<BatchRow | null> {
  const [row] = await (tx as Db)
    .update(payoutBatches)
    .set({ ...set, state: to, updatedAt: now })
    .where(and(eq(payoutBatches.id, id), inArray(payoutBatches.state, from)))
    .returning();
  return row ?? null;
}

// Moves every payout of a batch that is in one of `from`.
async function moveBatchPayouts(
  tx: Tx,
  batchId: number,
  to: PayoutRowState,
  set: Partial<typeof payouts.$inferInsert>,
  now: Date,
  from: PayoutRowState[],
): Promise<PayoutRow[]> {
  return tx
    .update(payouts)
    .set({ ...set, state: to, updatedAt: now })
    .where(and(eq(payouts.batchId, batchId), inArray(payouts.state, from)))
    .returning();
}

// Applies the provider's view of one of our batches, in the caller's transaction (the batch is
// locked first, so a webhook storm and the sender take turns). Completed: the proof on the batch
// and on each payout it covers, each payout's ledger entry, one "payout sent" for the host.
// Cancelled (by a person, or by a payout processor that could not send it): its payouts go back to
// the queue with backoff (or to an operator after maxAttempts), to be sent in a new batch.
// Otherwise: in progress, remembering since when the provider reports that state.
export async function applyProviderPayout(
  tx: Tx,
  notifier: Notifier,
  snap: ProviderPayout,
  now: Date,
  maxAttempts = PAYOUT_MAX_ATTEMPTS,
): Promise<string> {
  const [batch] = await tx
    .select()
    .from(payoutBatches)
    .where(
      or(
        eq(payoutBatches.providerPayoutId, snap.id),
        snap.reference ? eq(payoutBatches.reference, snap.reference) : sql`false`,
      ),
    )
    .for('update')
    .limit(1);
  if (!batch) return 'unknown_payout';
  // Not this batch's payout (an attempt the provider cancelled earlier): nothing to do.
  if (batch.providerPayoutId && batch.providerPayoutId !== snap.id) return 'stale';
  if (!batch.providerPayoutId && snap.reference !== batch.reference) return 'stale';
  const base = { providerPayoutId: snap.id, providerState: snap.state };
  if (snap.state === 'Completed') {
    const proof = {
      proof: snap.proof?.value ?? null,
      proofType: snap.proof?.type ?? null,
      completedAt: now,
      lockedUntil: null,
      lastError: null,
    };
    const done = await moveBatch(
      tx,
      batch.id,
      'completed',
      { ...base, ...proof, proofData: snap.proofData, waitingSince: null, waitingReason: null },
      now,
      ['sending', 'in_progress', 'failed'],
    );
    if (!done) return 'ignored';
    const paid = await moveBatchPayouts(tx, batch.id, 'completed', { ...base, ...proof }, now, [
      'sending',
      'in_progress',
      'failed',
    ]);
    for (const o of paid) await recordPayoutOut(tx, o);
    await payoutSent(
      tx,
      notifier,
      paid.map((o) => o.id),
    );
    return 'payout_completed';
  }
  if (snap.state === 'Cancelled') {
    const moved = await moveBatch(tx, batch.id, 'cancelled', { ...base, lockedUntil: null }, now, [
      'sending',
      'in_progress',
    ]);
    if (!moved) return 'ignored';
    const back = {
      batchId: null,
      providerPayoutId: null,
      providerState: 'Cancelled',
      lockedUntil: null,
      lastError: 'The provider cancelled the payout',
    };
    const rows = await tx.select().from(payouts).where(eq(payouts.batchId, batch.id));
    for (const o of rows) {
      const giveUp = o.attempts >= maxAttempts;
      await movePayout(
        tx,
        o.id,
        giveUp ? 'failed' : 'scheduled',
        {
          ...back,
          generation: o.generation + 1,
          nextAttemptAt: new Date(now.getTime() + payoutBackoffMs(o.attempts)),
        },
        now,
        ['sending', 'in_progress'],
      );
    }
    return 'payout_cancelled';
  }
  const since =
    batch.providerState === snap.state && batch.providerStateSince ? {} : { providerStateSince: now };
  const moved = await moveBatch(tx, batch.id, 'in_progress', { ...base, ...since, lockedUntil: null }, now, [
    'sending',
    'in_progress',
  ]);
  if (!moved) return 'ignored';
  await moveBatchPayouts(tx, batch.id, 'in_progress', { ...base, lockedUntil: null }, now, [
    'sending',
    'in_progress',
  ]);
  return 'payout_in_progress';
}

// A signed payout webhook: recorded once (a redelivery is a duplicate), then the provider's own
// view of the payout (GET) is applied; the webhook's body is never trusted for the state.
export async function handlePayoutEvent(
  db: Db,
  provider: PaymentProvider,
  notifier: Notifier,
  log: Logger,
  event: NormalizedEvent,
  maxAttempts = PAYOUT_MAX_ATTEMPTS,
): Promise<WebhookResult> {
  if (!provider.payouts || !event.payoutId) return { outcome: 'ignored' };
  let snap: ProviderPayout;
  try {
    snap = await provider.payouts.getPayout(event.payoutId);
  } catch (err) {
    if (!(err instanceof ProviderError)) throw err;
    log.warn({ err, eventId: event.eventId }, 'could not read a payout; the provider will retry');
    throw new HttpError(
      503,
      'The payment provider could not be reached to confirm the payout. Please retry.',
      'PROVIDER_UNAVAILABLE',
    );
  }
  return db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(paymentEvents)
      .values({
        provider: provider.id,
        eventId: event.eventId,
        chargeId: null,
        type: event.type,
        payload: event.payload as object,
      })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.id });
    if (!inserted) return { outcome: 'duplicate' };
    const outcome = await applyProviderPayout(tx, notifier, snap, new Date(), maxAttempts);
    await tx.update(paymentEvents).set({ outcome }).where(eq(paymentEvents.id, inserted.id));
    return { outcome };
  });
}
