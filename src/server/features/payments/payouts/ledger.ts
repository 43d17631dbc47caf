import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.ts';
import { type LEDGER_ACCOUNTS, ledgerEntries, payments, payouts } from '../../../db/schema.ts';

// The double-entry ledger (ADR 032). Every movement of money is one `txn` whose entries sum to
// zero, written in the transaction of the state change that causes it; the unique (txn, account)
// index makes recording a movement twice impossible.

type Writer = Pick<Db, 'insert'> | Tx;
export type LedgerAccount = (typeof LEDGER_ACCOUNTS)[number];
type Entry = [LedgerAccount, number];

async function post(
  tx: Writer,
  txn: string,
  kind: 'payment' | 'refund' | 'payout',
  paymentId: number,
  payoutId: number | null,
  entries: Entry[],
  at: Date = new Date(),
) {
  const sum = entries.reduce((s, [, cents]) => s + cents, 0);
  if (sum !== 0 || entries.some(([, c]) => !Number.isInteger(c)))
    throw new Error(`Unbalanced ledger movement ${txn}: ${JSON.stringify(entries)}`);
  const rows = entries
    .filter(([, cents]) => cents !== 0)
    .map(([account, amountCents]) => ({
      txn,
      kind,
      paymentId,
      payoutId,
      account,
      amountCents,
      createdAt: at,
    }));
  // A movement already recorded (same txn) is not recorded again.
  if (rows.length) await (tx as Db).insert(ledgerEntries).values(rows).onConflictDoNothing();
}

// Each entry is dated when the money moved (the console's figures by month read it): a payment
// when it was confirmed, a payout when the provider confirmed it sent, a refund when decided.

// The grower's payment arrived: held cash; the rent is owed to the host, the fee is ours.
export const recordPaymentIn = (
  tx: Writer,
  p: { id: number; amount: number; platformFee: number; confirmedAt?: Date | null },
) =>
  post(
    tx,
    `payment:${p.id}`,
    'payment',
    p.id,
    null,
    [
      ['cash', p.amount + p.platformFee],
      ['host_payable', -p.amount],
      ['platform_fees', -p.platformFee],
    ],
    p.confirmedAt ?? new Date(),
  );

// A refund of `cents` (the rent first, then the fee, as hostPayoutCents counts it), recorded when
// it is decided; `before` is what was refunded earlier, which also names the movement.
export function recordRefundOut(
  tx: Writer,
  p: { id: number; amount: number },
  cents: number,
  before: number,
  at: Date = new Date(),
) {
  const rent = Math.min(before + cents, p.amount) - Math.min(before, p.amount);
  return post(
    tx,
    `refund:${p.id}:${before}`,
    'refund',
    p.id,
    null,
    [
      ['cash', -cents],
      ['host_payable', rent],
      ['platform_fees', cents - rent],
    ],
    at,
  );
}

// A payout the provider (or an operator) confirmed as sent.
export const recordPayoutOut = (
  tx: Writer,
  payout: { id: number; paymentId: number; amountCents: number; completedAt?: Date | null },
) =>
  post(
    tx,
    `payout:${payout.id}`,
    'payout',
    payout.paymentId,
    payout.id,
    [
      ['cash', -payout.amountCents],
      ['host_payable', payout.amountCents],
    ],
    payout.completedAt ?? new Date(),
  );

// A payment's books: what came in, what left as refunds and payouts, the fee kept, what is owed.
export type Books = {
  cameIn: number;
  refunds: number;
  payouts: number;
  fee: number;
  owed: number;
  cash: number;
};

export async function booksOf(db: Pick<Db, 'select'>, paymentId: number): Promise<Books> {
  const rows = await db
    .select({
      kind: ledgerEntries.kind,
      account: ledgerEntries.account,
      cents: sql<number>`sum(${ledgerEntries.amountCents})::int`,
    })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.paymentId, paymentId))
    .groupBy(ledgerEntries.kind, ledgerEntries.account);
  const sum = (f: (r: (typeof rows)[number]) => boolean) =>
    rows.filter(f).reduce((s, r) => s + Number(r.cents), 0);
  const neg = (n: number) => (n === 0 ? 0 : -n);
  return {
    cameIn: sum((r) => r.kind === 'payment' && r.account === 'cash'),
    refunds: neg(sum((r) => r.kind === 'refund' && r.account === 'cash')),
    payouts: neg(sum((r) => r.kind === 'payout' && r.account === 'cash')),
    fee: neg(sum((r) => r.account === 'platform_fees')),
    owed: neg(sum((r) => r.account === 'host_payable')),
    cash: sum((r) => r.account === 'cash'),
  };
}

// Why a payment's books do not add up, or null. What came in equals host payouts plus refunds plus
// the platform's fee plus what is still owed to the host, and each figure matches the payment and
// payout rows it mirrors.
export function imbalance(
  b: Books,
  p: { status: string; amount: number; platformFee: number; refundedAmount: number | null },
  paidOutCents: number,
): string | null {
  const received = p.status === 'completed' || p.status === 'refunded' ? p.amount + p.platformFee : 0;
  const refunded = p.refundedAmount ?? (p.status === 'refunded' ? received : 0);
  if (b.cameIn !== b.payouts + b.refunds + b.fee + b.owed)
    return 'What came in is not payouts + refunds + fee + what is owed';
  if (b.cash !== b.fee + b.owed) return 'The cash held is not the fee plus what is owed';
  if (b.cameIn !== received) return `The ledger received ${b.cameIn} cents, the payment ${received}`;
  if (b.refunds !== refunded)
    return `Refunds in the ledger (${b.refunds}) differ from the payment (${refunded})`;
  if (b.payouts !== paidOutCents)
    return `Payouts in the ledger (${b.payouts}) differ from completed payouts (${paidOutCents})`;
  if (b.owed < 0) return 'More was paid to the host than was owed';
  if (b.fee < 0) return 'More was refunded than was received';
  return null;
}

// Every payment with money received or ledger entries whose books do not add up (the
// payouts.reconcile job): [paymentId, why].
export async function unbalancedPayments(db: Db): Promise<[number, string][]> {
  const rows = await db
    .select()
    .from(payments)
    .where(
      sql`${payments.status} in ('completed', 'refunded') or ${payments.id} in (select ${ledgerEntries.paymentId} from ${ledgerEntries})`,
    );
  // A payment may be paid out in parts (ADR 045): what left for it is the sum of its payouts.
  const completed = await db
    .select({ paymentId: payouts.paymentId, cents: sql<number>`sum(${payouts.amountCents})::int` })
    .from(payouts)
    .where(eq(payouts.state, 'completed'))
    .groupBy(payouts.paymentId);
  const paidOut = new Map(completed.map((c) => [c.paymentId, Number(c.cents)]));
  const out: [number, string][] = [];
  for (const p of rows) {
    const why = imbalance(await booksOf(db, p.id), p, paidOut.get(p.id) ?? 0);
    if (why) out.push([p.id, why]);
  }
  return out;
}
