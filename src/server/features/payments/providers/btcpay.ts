import { centsToDecimal, decimalProductToCents, decimalToCents } from '#shared/money.ts';
import { BtcpayPayouts } from './btcpay-payouts.ts';
import {
  type ChargeSnapshot,
  type CreateChargeInput,
  type CreatedCharge,
  callJson,
  type EventOutcome,
  fetchTransport,
  type HttpTransport,
  header,
  hexEqual,
  hmacSha256Hex,
  type NormalizedEvent,
  type PaymentProvider,
  ProviderError,
  parseJsonObject,
  type RefundResult,
  WebhookError,
} from './types.ts';

// BTCPay Server, Greenfield API (https://docs.btcpayserver.org/API/Greenfield/v1/).
export type BtcpayOptions = {
  id?: 'btcpay' | 'sandbox';
  url: string;
  storeId: string;
  apiKey: string;
  webhookSecret: string;
  transport?: HttpTransport;
  timeoutMs?: number;
};

// Greenfield invoice as far as we read it.
export type GreenfieldInvoice = {
  id: string;
  storeId?: string;
  amount: string;
  currency: string;
  status: 'New' | 'Processing' | 'Expired' | 'Invalid' | 'Settled';
  additionalStatus?: 'None' | 'PaidLate' | 'PaidPartial' | 'Marked' | 'Invalid' | 'PaidOver';
  checkoutLink: string;
  expirationTime?: number;
  metadata?: Record<string, unknown>;
};

export type GreenfieldPayment = {
  id?: string;
  receivedDate?: number;
  value?: string;
  fee?: string;
  status: 'Invalid' | 'Processing' | 'Settled';
  destination?: string;
};

export type GreenfieldPaymentMethod = {
  paymentMethodId?: string;
  paymentMethod?: string; // older servers
  currency?: string;
  rate: string;
  amount: string;
  totalPaid: string;
  due: string;
  payments?: GreenfieldPayment[];
};

// An expired invoice that is then paid in full stays Expired (additional status PaidLate): BTCPay
// sends InvoicePaidAfterExpiration, then InvoicePaymentSettled once the payment confirms, never
// InvoiceSettled. Both ask to complete; getCharge decides.
const EVENT_OUTCOMES: Record<string, EventOutcome> = {
  InvoiceSettled: 'completed',
  InvoicePaidAfterExpiration: 'completed',
  InvoiceExpired: 'failed',
  InvoiceExpiredPaidPartial: 'failed',
  InvoiceInvalid: 'failed',
  InvoiceProcessing: 'pending',
  InvoiceReceivedPayment: 'pending',
  InvoicePaymentSettled: 'pending',
};

function outcomeOf(type: string, body: Record<string, unknown>): EventOutcome {
  if (type === 'InvoicePaymentSettled' && body.afterExpiration === true) return 'completed';
  return EVENT_OUTCOMES[type] ?? 'ignored';
}

export const BTCPAY_SIG_HEADER = 'btcpay-sig';

export function btcpaySignature(secret: string, rawBody: Buffer | string): string {
  return `sha256=${hmacSha256Hex(secret, rawBody)}`;
}

// Throws WebhookError unless the body is signed with the secret, then maps the event.
export function verifyBtcpayWebhook(
  secret: string,
  rawBody: Buffer,
  headers: Record<string, string | string[] | undefined>,
): NormalizedEvent {
  const sig = header(headers, BTCPAY_SIG_HEADER);
  if (!sig) throw new WebhookError('Missing BTCPay-Sig header');
  const m = /^sha256=([0-9a-fA-F]{64})$/.exec(sig.trim());
  if (!m || !hexEqual(hmacSha256Hex(secret, rawBody), m[1]))
    throw new WebhookError('Invalid webhook signature');
  const body = parseJsonObject(rawBody);
  const type = typeof body.type === 'string' ? body.type : '';
  // Redeliveries carry a new deliveryId but keep originalDeliveryId: the dedupe key.
  const eventId =
    typeof body.originalDeliveryId === 'string' && body.originalDeliveryId
      ? body.originalDeliveryId
      : body.deliveryId;
  if (!type || typeof eventId !== 'string' || !eventId)
    throw new WebhookError('Webhook body lacks type or deliveryId');
  const chargeId = typeof body.invoiceId === 'string' && body.invoiceId ? body.invoiceId : null;
  if (type.startsWith('Payout') && typeof body.payoutId === 'string' && body.payoutId)
    return { eventId, chargeId: null, type, outcome: 'ignored', payload: body, payoutId: body.payoutId };
  return { eventId, chargeId, type, outcome: outcomeOf(type, body), payload: body };
}

export function btcpaySnapshot(
  invoice: GreenfieldInvoice,
  methods: GreenfieldPaymentMethod[],
): ChargeSnapshot {
  const amountCents = decimalToCents(invoice.amount);
  // What arrived, in the invoice currency: the largest of totalPaid x rate over the methods (each
  // method reports the whole invoice's payments converted to its own currency); fully paid when due is 0.
  let paidCents: number | null = 0;
  for (const m of methods) {
    const paid = decimalProductToCents(m.totalPaid, m.rate);
    if (paid === null) {
      paidCents = null;
      break;
    }
    paidCents = Math.max(paidCents, paid);
    if (/^0*(\.0*)?$/.test(m.due.trim()) && Number(m.totalPaid) > 0 && amountCents !== null)
      paidCents = Math.max(paidCents, amountCents);
  }
  return {
    chargeId: invoice.id,
    state: snapshotState(invoice, methods),
    amountCents,
    paidCents,
    currency: invoice.currency,
  };
}

// A late payment counts as paid once every payment on the invoice is settled (confirmed).
function snapshotState(
  invoice: GreenfieldInvoice,
  methods: GreenfieldPaymentMethod[],
): ChargeSnapshot['state'] {
  if (invoice.status === 'Settled') return 'paid';
  if (invoice.status === 'Expired' && invoice.additionalStatus === 'PaidLate') {
    const payments = methods.flatMap((m) => m.payments ?? []).filter((p) => p.status !== 'Invalid');
    return payments.length && payments.every((p) => p.status === 'Settled') ? 'paid' : 'pending';
  }
  return invoice.status === 'Expired' || invoice.status === 'Invalid' ? 'failed' : 'pending';
}

export class BtcpayProvider implements PaymentProvider {
  private opts: BtcpayOptions;
  readonly id: 'btcpay' | 'sandbox';
  readonly payouts: BtcpayPayouts;
  private transport: HttpTransport;
  private server: string;
  private base: string;

  // Invoices are created under the store and read at their documented store-less routes
  // (/api/v1/invoices/{invoiceId}, swagger.template.invoices.json).
  constructor(opts: BtcpayOptions) {
    this.opts = opts;
    this.id = opts.id ?? 'btcpay';
    this.transport = opts.transport ?? fetchTransport(opts.timeoutMs);
    this.server = opts.url.replace(/\/$/, '');
    this.base = `${this.server}/api/v1/stores/${encodeURIComponent(opts.storeId)}`;
    this.payouts = new BtcpayPayouts(this.transport, this.server, opts.storeId, () => this.headers());
  }

  private headers(): Record<string, string> {
    return {
      authorization: `token ${this.opts.apiKey}`,
      'content-type': 'application/json',
      accept: 'application/json',
    };
  }

  async createCharge(input: CreateChargeInput): Promise<CreatedCharge> {
    const invoice = await callJson<GreenfieldInvoice>(
      this.transport,
      {
        method: 'POST',
        url: `${this.base}/invoices`,
        headers: this.headers(),
        body: JSON.stringify({
          amount: centsToDecimal(input.amountCents),
          currency: input.currency,
          metadata: { ...input.metadata, orderId: input.reference, itemDesc: input.name },
          checkout: { redirectURL: input.redirectUrl, redirectAutomatically: true },
        }),
      },
      'BTCPay create invoice',
    );
    if (!invoice?.id || !invoice.checkoutLink)
      throw new ProviderError('BTCPay answered an invoice without id or checkoutLink');
    return {
      chargeId: invoice.id,
      hostedUrl: invoice.checkoutLink,
      expiresAt: invoice.expirationTime ? new Date(invoice.expirationTime * 1000) : undefined,
      metadata: { invoiceId: invoice.id, storeId: this.opts.storeId },
    };
  }

  verifyWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): NormalizedEvent {
    return verifyBtcpayWebhook(this.opts.webhookSecret, rawBody, headers);
  }

  async getCharge(chargeId: string): Promise<ChargeSnapshot> {
    const id = encodeURIComponent(chargeId);
    const invoice = await callJson<GreenfieldInvoice>(
      this.transport,
      { method: 'GET', url: `${this.server}/api/v1/invoices/${id}`, headers: this.headers() },
      'BTCPay get invoice',
    );
    const methods = await callJson<GreenfieldPaymentMethod[]>(
      this.transport,
      { method: 'GET', url: `${this.server}/api/v1/invoices/${id}/payment-methods`, headers: this.headers() },
      'BTCPay get payment methods',
    );
    return btcpaySnapshot(invoice, Array.isArray(methods) ? methods : []);
  }

  // Greenfield creates a pull payment the renter claims to their own wallet.
  async refund(chargeId: string, amountCents: number, currency: string): Promise<RefundResult> {
    const res = await callJson<{ id?: string; viewLink?: string }>(
      this.transport,
      {
        method: 'POST',
        url: `${this.server}/api/v1/invoices/${encodeURIComponent(chargeId)}/refund`,
        headers: this.headers(),
        body: JSON.stringify({
          refundVariant: 'Custom',
          customAmount: centsToDecimal(amountCents),
          customCurrency: currency,
          name: 'Yardshare refund',
        }),
      },
      'BTCPay refund',
    );
    return { manual: false, reference: res.id, url: res.viewLink };
  }
}
