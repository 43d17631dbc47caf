import { randomBytes } from 'node:crypto';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { PAYOUT_MAX_ATTEMPTS, type PayoutRowState, payoutSourcesOf } from '#shared/payouts.ts';
import type { Notifier } from '../../../core/notifier.ts';
import type { Db } from '../../../db/client.ts';
import { paymentEvents, payouts } from '../../../db/schema.ts';
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

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type PayoutRow = typeof payouts.$inferSelect;
type Logger = { warn: (obj: unknown, msg?: string) => void };

// Retry delays: a minute, doubling, at most an hour.
export const payoutBackoffMs = (attempts: number) =>
  Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);

// A new reference for the next attempt after the provider cancelled one (the old one stays theirs).
export const nextReference = (paymentId: number, generation: number) =>
  `ys-${paymentId}-${generation}-${randomBytes(8).toString('hex')}`;

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

// Applies the provider's view of one of our payouts, in the caller's transaction (the row is locked
// first, so a webhook storm and the sender take turns). Completed: the proof, the ledger, the
// host's "payout sent". Cancelled (by a person, or by a payout processor that could not send it):
// back to the queue under a new reference with backoff, or to an operator after maxAttempts.
// Otherwise: in progress.
export async function applyProviderPayout(
  tx: Tx,
  notifier: Notifier | null,
  snap: ProviderPayout,
  now: Date,
  maxAttempts = PAYOUT_MAX_ATTEMPTS,
): Promise<string> {
  const [row] = await tx
    .select()
    .from(payouts)
    .where(
      or(
        eq(payouts.providerPayoutId, snap.id),
        snap.reference ? eq(payouts.reference, snap.reference) : sql`false`,
      ),
    )
    .for('update')
    .limit(1);
  if (!row) return 'unknown_payout';
  // An attempt the provider cancelled earlier, or not ours any more: nothing to do.
  if (row.providerPayoutId && row.providerPayoutId !== snap.id) return 'stale';
  if (!row.providerPayoutId && snap.reference !== row.reference) return 'stale';
  const base = { providerPayoutId: snap.id, providerState: snap.state };
  if (snap.state === 'Completed') {
    const done = await movePayout(
      tx,
      row.id,
      'completed',
      {
        ...base,
        proof: snap.proof?.value ?? null,
        proofType: snap.proof?.type ?? null,
        completedAt: now,
        lockedUntil: null,
        lastError: null,
      },
      now,
      ['sending', 'in_progress', 'scheduled', 'failed'],
    );
    if (!done) return 'ignored';
    await recordPayoutOut(tx, done);
    await payoutSent(tx, notifier, done.id);
    return 'payout_completed';
  }
  if (snap.state === 'Cancelled') {
    const giveUp = row.attempts >= maxAttempts;
    const moved = await movePayout(
      tx,
      row.id,
      giveUp ? 'failed' : 'scheduled',
      {
        providerPayoutId: null,
        providerState: 'Cancelled',
        generation: row.generation + 1,
        reference: nextReference(row.paymentId, row.generation + 1),
        nextAttemptAt: new Date(now.getTime() + payoutBackoffMs(row.attempts)),
        lockedUntil: null,
        lastError: 'The provider cancelled the payout',
      },
      now,
      ['sending', 'in_progress'],
    );
    return moved ? 'payout_cancelled' : 'ignored';
  }
  const moved = await movePayout(tx, row.id, 'in_progress', { ...base, lockedUntil: null }, now, [
    'sending',
    'in_progress',
  ]);
  return moved ? 'payout_in_progress' : 'ignored';
}

// A signed payout webhook: recorded once (a redelivery is a duplicate), then the provider's own
// view of the payout (GET) is applied; the webhook's body is never trusted for the state.
export async function handlePayoutEvent(
  db: Db,
  provider: PaymentProvider,
  notifier: Notifier | null,
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
