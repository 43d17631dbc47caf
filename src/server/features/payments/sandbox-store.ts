import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq, lt, ne } from 'drizzle-orm';
import { centsToDecimal } from '#shared/money.ts';
import type { Db, Tx } from '../../db/client.ts';
import { sandboxRecords } from '../../db/schema.ts';
import type { GreenfieldInvoice, GreenfieldPayment, GreenfieldPaymentMethod } from './providers/btcpay.ts';

// The sandbox's test invoices, kept in the database, and the Greenfield shapes it answers with.

export const SANDBOX_BASE = '/sandbox/btcpay';
export const SANDBOX_STORE_ID = 'sandbox-store';
const INVOICE_TTL_MS = 15 * 60_000; // BTCPay's default invoice expiry
// A fixed test rate: 1 cent = 20 satoshi, so every conversion is exact.
export const RATE = '50000.00';
const SATS_PER_CENT = 20n;
const METHOD = 'BTC-CHAIN';

// Sandbox payments confirm at once: each is Settled when it is recorded.
type SandboxPayment = { id: string; cents: number; receivedDate: number };

export type SandboxInvoice = {
  id: string;
  storeId: string;
  amountCents: number;
  currency: string;
  status: GreenfieldInvoice['status'];
  additionalStatus: NonNullable<GreenfieldInvoice['additionalStatus']>;
  payments: SandboxPayment[];
  metadata: Record<string, unknown>;
  redirectUrl: string;
  createdTime: number;
  expirationTime: number;
  refunds: { id: string; amount: string; currency: string }[];
};

export const btc = (cents: number) => {
  const sats = BigInt(cents) * SATS_PER_CENT;
  return `${sats / 100_000_000n}.${(sats % 100_000_000n).toString().padStart(8, '0')}`;
};

export const paidCents = (inv: SandboxInvoice) => inv.payments.reduce((sum, p) => sum + p.cents, 0);
export const dueCents = (inv: SandboxInvoice) => Math.max(0, inv.amountCents - paidCents(inv));

// Paid in full: settled in time, or expired and then paid late.
export const isPaid = (inv: SandboxInvoice) =>
  inv.status === 'Settled' || (inv.status === 'Expired' && inv.additionalStatus === 'PaidLate');

// BTCPay refunds a settled or invalid invoice, and an expired one that received money.
export const canRefundInvoice = (inv: SandboxInvoice) =>
  inv.status === 'Settled' ||
  inv.status === 'Invalid' ||
  (inv.status === 'Expired' && ['PaidLate', 'PaidPartial', 'PaidOver'].includes(inv.additionalStatus));

type PullPayment = { amount: string; currency: string };
// Test invoices and refunds are forgotten a day after they were made (the sandbox.purge job).
// Payouts are kept, as BTCPay keeps them: a paid payout's proof links to its page (ADR 059), and
// only our own payout sender makes them, one per payout.
export const SANDBOX_RECORD_TTL_MS = 86_400_000;

// An open invoice past its expiry is expired, as BTCPay would report it.
function withExpiry(inv: SandboxInvoice, nowMs: number): SandboxInvoice {
  if (inv.status === 'New' && nowMs / 1000 > inv.expirationTime) inv.status = 'Expired';
  return inv;
}

// The sandbox's records live in the database (sandbox_records, ADR 026), so a checkout made through
// one app instance can be paid, expired or refunded through another. Every change of an invoice
// is read, decided and written under a row lock, in one transaction.
export class SandboxStore {
  private db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  async create(input: {
    storeId: string;
    amountCents: number;
    currency: string;
    metadata: Record<string, unknown>;
    redirectUrl: string;
  }): Promise<SandboxInvoice> {
    const now = Date.now();
    const inv: SandboxInvoice = {
      id: `SBX${randomBytes(12).toString('base64url')}`,
      ...input,
      status: 'New',
      additionalStatus: 'None',
      payments: [],
      createdTime: Math.floor(now / 1000),
      expirationTime: Math.floor((now + INVOICE_TTL_MS) / 1000),
      refunds: [],
    };
    await this.db.insert(sandboxRecords).values({ id: inv.id, kind: 'invoice', data: inv });
    return inv;
  }

  async get(id: string): Promise<SandboxInvoice | undefined> {
    const [row] = await this.db
      .select({ data: sandboxRecords.data })
      .from(sandboxRecords)
      .where(and(eq(sandboxRecords.id, id), eq(sandboxRecords.kind, 'invoice')))
      .limit(1);
    return row ? withExpiry(row.data as SandboxInvoice, Date.now()) : undefined;
  }

  // Locks the invoice, lets `decide` change it, and writes the change (if any) in the same
  // transaction, so two instances acting on one invoice at once take turns. Returns the invoice as
  // decided and what `decide` returned, or null when there is no such invoice.
  async change<T>(
    id: string,
    decide: (inv: SandboxInvoice, tx: Tx) => Promise<T> | T,
  ): Promise<{ inv: SandboxInvoice; result: T } | null> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .select({ data: sandboxRecords.data })
        .from(sandboxRecords)
        .where(and(eq(sandboxRecords.id, id), eq(sandboxRecords.kind, 'invoice')))
        .for('update');
      if (!row) return null;
      const before = JSON.stringify(row.data);
      const inv = withExpiry(row.data as SandboxInvoice, Date.now());
      const result = await decide(inv, tx);
      if (JSON.stringify(inv) !== before)
        await tx.update(sandboxRecords).set({ data: inv }).where(eq(sandboxRecords.id, id));
      return { inv, result };
    });
  }

  // A payment of `cents` recorded on the invoice (sandbox payments are Settled at once).
  addPayment(inv: SandboxInvoice, cents: number): SandboxPayment {
    const payment = {
      id: randomBytes(16).toString('hex'),
      cents,
      receivedDate: Math.floor(Date.now() / 1000),
    };
    inv.payments.push(payment);
    return payment;
  }

  async addPullPayment(tx: Tx, amount: string, currency: string): Promise<string> {
    const id = `PP${randomBytes(9).toString('base64url')}`;
    await tx
      .insert(sandboxRecords)
      .values({ id, kind: 'pull-payment', data: { amount, currency } satisfies PullPayment });
    return id;
  }

  async pullPayment(id: string): Promise<PullPayment | undefined> {
    const [row] = await this.db
      .select({ data: sandboxRecords.data })
      .from(sandboxRecords)
      .where(and(eq(sandboxRecords.id, id), eq(sandboxRecords.kind, 'pull-payment')))
      .limit(1);
    return row?.data as PullPayment | undefined;
  }

  // Deletes the records made more than a day before `now`; returns how many.
  async purge(now = new Date()): Promise<number> {
    const gone = await this.db
      .delete(sandboxRecords)
      .where(
        and(
          lt(sandboxRecords.createdAt, new Date(now.getTime() - SANDBOX_RECORD_TTL_MS)),
          ne(sandboxRecords.kind, 'payout'),
        ),
      )
      .returning({ id: sandboxRecords.id });
    return gone.length;
  }
}

export function toGreenfield(
  inv: SandboxInvoice,
  origin: string,
): GreenfieldInvoice & Record<string, unknown> {
  return {
    id: inv.id,
    storeId: inv.storeId,
    amount: centsToDecimal(inv.amountCents),
    currency: inv.currency,
    type: 'Standard',
    checkoutLink: `${origin}${SANDBOX_BASE}/i/${inv.id}`,
    status: inv.status,
    additionalStatus: inv.additionalStatus,
    createdTime: inv.createdTime,
    expirationTime: inv.expirationTime,
    monitoringExpiration: inv.expirationTime + 3600,
    metadata: inv.metadata,
    checkout: { redirectURL: inv.redirectUrl, redirectAutomatically: true },
  };
}

export const paymentModel = (p: SandboxPayment): GreenfieldPayment => ({
  id: p.id,
  receivedDate: p.receivedDate,
  value: btc(p.cents),
  fee: '0.00000000',
  status: 'Settled',
  destination: 'bcrt1qsandboxsandboxsandboxsandboxsandbox0',
});

export function paymentMethodsOf(inv: SandboxInvoice): GreenfieldPaymentMethod[] {
  return [
    {
      paymentMethodId: METHOD,
      currency: 'BTC',
      rate: RATE,
      amount: btc(inv.amountCents),
      totalPaid: btc(paidCents(inv)),
      due: btc(dueCents(inv)),
      payments: inv.payments.map(paymentModel),
    },
  ];
}

// A webhook's body as BTCPay sends it: the delivery's fields, then the event's (an invoice's, a
// payout's).
export function webhookEnvelope(type: string, event: Record<string, unknown>): string {
  const deliveryId = randomUUID();
  return JSON.stringify({
    deliveryId,
    webhookId: 'sandbox-webhook',
    originalDeliveryId: deliveryId,
    isRedelivery: false,
    type,
    timestamp: Math.floor(Date.now() / 1000),
    ...event,
  });
}

// The body BTCPay sends: the invoice event fields common to every type, then the type's own.
export const webhookBody = (inv: SandboxInvoice, type: string, extra: Record<string, unknown> = {}): string =>
  webhookEnvelope(type, { storeId: inv.storeId, invoiceId: inv.id, metadata: inv.metadata, ...extra });

// The fields of InvoiceReceivedPayment and InvoicePaymentSettled.
export const paymentFields = (p: SandboxPayment, afterExpiration: boolean) => ({
  afterExpiration,
  paymentMethodId: METHOD,
  payment: paymentModel(p),
});
