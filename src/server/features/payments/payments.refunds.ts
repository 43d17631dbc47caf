import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { canRefund, refundableCents } from '#shared/payments.ts';
import type { Notifier } from '../../core/notifier.ts';
import type { Db, Tx } from '../../db/client.ts';
import { payments } from '../../db/schema.ts';
import { conflict } from '../../errors.ts';
import type { PaymentRow } from './payments.checkout.ts';
import { recordRefundOut } from './payouts/ledger.ts';
import type { PaymentProvider } from './providers/types.ts';

type Logger = { warn: (obj: unknown, msg?: string) => void };

// A refund is recorded first ('due', in the transaction that decides it), then sent through the
// provider after the commit ('sending' is the claim, so it is sent once), ending 'sent', 'manual'
// (a provider without a refund API) or 'failed' (flagged for follow-up).
export type RefundRecord = {
  state: 'due' | 'sending' | 'sent' | 'manual' | 'failed';
  amount: number;
  at: string;
  by?: number;
  reason?: string;
  reference?: string;
  url?: string;
  error?: string;
};
type Meta = { refund?: RefundRecord; pastRefunds?: RefundRecord[] };

const DUE = sql`${payments.metadata}->'refund'->>'state' = 'due'`;

// Records a refund of `cents` on a completed payment that still holds that much (ADR 045: the rent
// of parts not released and not due, and the fee). The caller holds the payment's row lock. The
// whole rent refunded makes it 'refunded'; less keeps it 'completed' and the rest is paid out part
// by part. Returns the row, or null when the payment no longer holds `cents`.
// The renter is notified (payment_refunded) in the same transaction.
export async function recordRefund(
  tx: Tx,
  p: PaymentRow,
  cents: number,
  now: Date,
  by: { userId?: number; reason?: string },
  notifier: Notifier,
): Promise<PaymentRow | null> {
  if (cents <= 0 || cents > refundableCents(p, now)) return null;
  const meta = p.metadata as Meta;
  const prev = meta.refund;
  if (prev?.state === 'sending')
    throw conflict('A refund of this payment is being sent. Please try again in a minute.', 'REFUND_SENDING');
  const refunded = (p.refundedAmount ?? 0) + cents;
  const record: RefundRecord = {
    state: 'due',
    amount: prev?.state === 'due' ? prev.amount + cents : cents,
    at: now.toISOString(),
    ...(by.userId ? { by: by.userId } : {}),
    ...(by.reason ? { reason: by.reason } : {}),
  };
  const patch: Meta = { refund: record };
  if (prev && prev.state !== 'due') patch.pastRefunds = [...(meta.pastRefunds ?? []), prev];
  const [row] = await tx
    .update(payments)
    .set({
      status: refunded >= p.amount ? 'refunded' : 'completed',
      refundedAmount: refunded,
      refundedAt: now,
      updatedAt: now,
      metadata: sql`${payments.metadata} || ${JSON.stringify(patch)}::jsonb`,
    })
    .where(
      and(
        eq(payments.id, p.id),
        eq(payments.status, 'completed'),
        isNull(payments.releasedAt),
        eq(payments.releasedCents, p.releasedCents),
      ),
    )
    .returning();
  if (!row) return null;
  // The refund leaves the books when it is decided: the rent first, then the fee (ADR 032).
  await recordRefundOut(tx, p, cents, p.refundedAmount ?? 0, now);
  await notifier.refundRecorded(tx, row.id, cents, by.userId ?? null);
  return row ?? null;
}

// The cancellation policy's refund for a booking, in the cancellation's transaction: at most what
// is left of the payments that paid it, the latest month first (a monthly rental, ADR 040: the months
// not yet begun are the last ones paid). The cents recorded; 0 when nothing is due; null when the
// payouts were already released (or their release time has come) and nothing could be refunded.
export async function refundBooking(
  tx: Tx,
  bookingId: number,
  amountCents: number,
  now: Date,
  notifier: Notifier,
): Promise<number | null> {
  const paid = await tx
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.bookingId, bookingId),
        eq(payments.status, 'completed'),
        isNull(payments.flaggedReason),
      ),
    )
    .orderBy(sql`${payments.rentMonth} desc nulls last`, asc(payments.confirmedAt), asc(payments.id))
    .for('update');
  if (!paid.length) return 0;
  let left = amountCents;
  let refunded = 0;
  let released = false;
  for (const p of paid) {
    if (!canRefund(p, now)) {
      released = true;
      continue;
    }
    const cents = Math.min(left, refundableCents(p, now));
    if (cents <= 0) continue;
    const row = await recordRefund(tx, p, cents, now, { reason: 'booking cancelled' }, notifier);
    if (!row) {
      released = true;
      continue;
    }
    refunded += cents;
    left -= cents;
  }
  return refunded === 0 && released ? null : refunded;
}

// Sends a recorded refund through the provider, once: the claim is the guarded move to 'sending'.
// A provider failure keeps the ledger as it is and flags the payment for manual follow-up.
export async function sendRefund(
  db: Db,
  provider: PaymentProvider,
  log: Logger,
  paymentId: number,
): Promise<void> {
  const [claimed] = await db
    .update(payments)
    .set({ metadata: sql`jsonb_set(${payments.metadata}, '{refund,state}', '"sending"')` })
    .where(and(eq(payments.id, paymentId), DUE))
    .returning();
  if (!claimed) return;
  const r = (claimed.metadata as Meta).refund!;
  let done: RefundRecord;
  let flaggedReason: string | null = null;
  try {
    const res = await provider.refund(
      claimed.chargeId,
      r.amount,
      claimed.currency,
      `${claimed.chargeId}:${r.at}`,
    );
    done = { ...r, state: res.manual ? 'manual' : 'sent', reference: res.reference, url: res.url };
  } catch (err) {
    const message = (err as Error).message;
    log.warn({ err, paymentId }, 'provider refund failed');
    done = { ...r, state: 'failed', error: message };
    flaggedReason = `Refund recorded but not sent by the provider: ${message}`;
  }
  await db
    .update(payments)
    .set({
      metadata: sql`${payments.metadata} || ${JSON.stringify({ refund: done })}::jsonb`,
      ...(flaggedReason ? { flaggedReason } : {}),
    })
    .where(eq(payments.id, paymentId));
}

// Refunds recorded but not sent (the process stopped between the commit and the send): the
// payments.refunds job sends them. `bookingId` limits the search to one booking's payments.
export async function sendDueRefunds(
  db: Db,
  provider: PaymentProvider,
  log: Logger,
  bookingId?: number,
): Promise<number> {
  const rows = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(DUE, bookingId === undefined ? undefined : eq(payments.bookingId, bookingId)))
    .limit(100);
  for (const r of rows) await sendRefund(db, provider, log, r.id);
  return rows.length;
}
