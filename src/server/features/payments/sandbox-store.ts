import { randomBytes, randomUUID } from 'node:crypto';
import { centsToDecimal } from '#shared/money.ts';
import type { GreenfieldInvoice, GreenfieldPayment, GreenfieldPaymentMethod } from './providers/btcpay.ts';

// The sandbox's test invoices, kept in memory, and the Greenfield shapes it answers with.

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

export class SandboxStore {
  private invoices = new Map<string, SandboxInvoice>();
  private pullPayments = new Map<string, { amount: string; currency: string }>();

  create(input: {
    storeId: string;
    amountCents: number;
    currency: string;
    metadata: Record<string, unknown>;
    redirectUrl: string;
  }): SandboxInvoice {
    const now = Date.now();
    // Test invoices are forgotten a day after they were made: the map cannot grow without bound.
    for (const [id, old] of this.invoices)
      if (old.createdTime * 1000 < now - 86_400_000) this.invoices.delete(id);
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
    this.invoices.set(inv.id, inv);
    return inv;
  }

  get(id: string): SandboxInvoice | undefined {
    const inv = this.invoices.get(id);
    // An open invoice past its expiry is expired, as BTCPay would report it.
    if (inv && inv.status === 'New' && Date.now() / 1000 > inv.expirationTime) inv.status = 'Expired';
    return inv;
  }

  addPayment(inv: SandboxInvoice, cents: number): SandboxPayment {
    const payment = {
      id: randomBytes(16).toString('hex'),
      cents,
      receivedDate: Math.floor(Date.now() / 1000),
    };
    inv.payments.push(payment);
    return payment;
  }

  addPullPayment(amount: string, currency: string): string {
    const id = `PP${randomBytes(9).toString('base64url')}`;
    this.pullPayments.set(id, { amount, currency });
    return id;
  }

  pullPayment(id: string) {
    return this.pullPayments.get(id);
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

// The body BTCPay sends: the invoice event fields common to every type, then the type's own.
export function webhookBody(inv: SandboxInvoice, type: string, extra: Record<string, unknown> = {}): string {
  const deliveryId = randomUUID();
  return JSON.stringify({
    deliveryId,
    webhookId: 'sandbox-webhook',
    originalDeliveryId: deliveryId,
    isRedelivery: false,
    type,
    timestamp: Math.floor(Date.now() / 1000),
    storeId: inv.storeId,
    invoiceId: inv.id,
    metadata: inv.metadata,
    ...extra,
  });
}

// The fields of InvoiceReceivedPayment and InvoicePaymentSettled.
export const paymentFields = (p: SandboxPayment, afterExpiration: boolean) => ({
  afterExpiration,
  paymentMethodId: METHOD,
  payment: paymentModel(p),
});
