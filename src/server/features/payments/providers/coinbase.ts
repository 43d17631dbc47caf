import { createHash, randomUUID } from 'node:crypto';
import { centsToDecimal } from '#shared/money.ts';
import { type CdpKey, cdpSigner } from './cdp-auth.ts';
import { verifyHook0 } from './hook0-signature.ts';
import {
  type ChargeSnapshot,
  type CreateChargeInput,
  type CreatedCharge,
  callJson,
  type EventOutcome,
  fetchTransport,
  type HttpRequest,
  type HttpTransport,
  header,
  type NormalizedEvent,
  type PaymentProvider,
  ProviderError,
  parseJsonObject,
  type RefundResult,
  WebhookError,
} from './types.ts';

// Coinbase Business's Checkouts API (ADR 046): a single-use hosted checkout per charge, paid in
// USDC on Base, a Bearer JWT from the operator's CDP API key, webhooks signed X-Hook0-Signature.
// The fields and statuses are those of Coinbase's published OpenAPI document, vendored in
// src/server/testing/vendor/coinbase-checkouts (the test Coinbase validates against it).
export const COINBASE_API_URL = 'https://business.coinbase.com';

export type CoinbaseOptions = {
  url?: string;
  key: CdpKey;
  webhookSecret: string;
  transport?: HttpTransport;
  timeoutMs?: number;
  // How long a checkout stays payable (the booking's own payment window is longer).
  checkoutMinutes?: number;
  now?: () => number;
};

// A checkout as Coinbase answers it (the fields we read).
export type Checkout = {
  id: string;
  url: string;
  amount: string;
  currency: string;
  status: CheckoutStatus;
  expiresAt?: string;
  metadata?: Record<string, string>;
  settlement?: { totalAmount?: string; feeAmount?: string; netAmount?: string; currency?: string };
};

// Every status the document lists. ACTIVE and PROCESSING wait; COMPLETED (and the refunds after it)
// was paid; DEACTIVATED, EXPIRED and FAILED were not.
export const CHECKOUT_STATUSES = [
  'ACTIVE',
  'PROCESSING',
  'DEACTIVATED',
  'EXPIRED',
  'COMPLETED',
  'FAILED',
  'REFUNDED',
  'PARTIALLY_REFUNDED',
] as const;
export type CheckoutStatus = (typeof CHECKOUT_STATUSES)[number];

const STATE_OF: Record<CheckoutStatus, ChargeSnapshot['state']> = {
  ACTIVE: 'pending',
  PROCESSING: 'pending',
  COMPLETED: 'paid',
  REFUNDED: 'paid',
  PARTIALLY_REFUNDED: 'paid',
  DEACTIVATED: 'failed',
  EXPIRED: 'failed',
  FAILED: 'failed',
};

// The checkout events a subscription delivers. An expired or failed checkout frees the dates as an
// expired BTCPay invoice does.
export const CHECKOUT_EVENTS: Record<string, EventOutcome> = {
  'checkout.payment.success': 'completed',
  'checkout.payment.failed': 'failed',
  'checkout.payment.expired': 'failed',
};

// USDC is a dollar: 1 USDC is 1 USD, and an amount is cents once cut to two places. Fractions of a
// cent are dropped, so 99.999999 USDC is 99.99: short of a 100.00 charge, an underpayment.
export function usdcCents(value: unknown): number | null {
  if (typeof value !== 'string') return null;
  const m = /^(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0').slice(0, 2));
}

export function checkoutSnapshot(c: Checkout): ChargeSnapshot {
  const state = STATE_OF[c.status] ?? 'pending';
  const dollars = c.currency === 'USDC' || c.currency === 'USD';
  // What arrived, as Coinbase settled it; nothing has arrived before the payment.
  const arrived = state === 'paid' ? usdcCents(c.settlement?.totalAmount ?? c.amount) : 0;
  return {
    chargeId: c.id,
    state,
    amountCents: dollars ? usdcCents(c.amount) : null,
    paidCents: dollars ? arrived : null,
    currency: dollars ? 'USD' : c.currency,
  };
}

export class CoinbaseProvider implements PaymentProvider {
  readonly id = 'coinbase' as const;
  private opts: CoinbaseOptions;
  private transport: HttpTransport;
  private base: string;
  private sign: (method: string, url: URL) => Promise<string>;
  private now: () => number;

  constructor(opts: CoinbaseOptions) {
    this.opts = opts;
    this.transport = opts.transport ?? fetchTransport(opts.timeoutMs);
    this.base = (opts.url ?? COINBASE_API_URL).replace(/\/$/, '');
    this.now = opts.now ?? Date.now;
    this.sign = cdpSigner(opts.key, this.now);
  }

  private async request(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    extra: Record<string, string> = {},
  ): Promise<HttpRequest> {
    const url = new URL(`${this.base}${path}`);
    return {
      method,
      url: url.toString(),
      headers: {
        authorization: `Bearer ${await this.sign(method, url)}`,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...extra,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    };
  }

  // One checkout per charge, however often the request is sent: every try carries the same
  // X-Idempotency-Key, so a create that timed out and is sent again answers the checkout it made.
  async createCharge(input: CreateChargeInput): Promise<CreatedCharge> {
    const expiresAt = new Date(this.now() + (this.opts.checkoutMinutes ?? 60) * 60_000);
    const body = {
      amount: centsToDecimal(input.amountCents),
      currency: 'USDC',
      description: `${input.name}: ${input.description}`.slice(0, 500),
      metadata: Object.fromEntries(
        Object.entries({ ...input.metadata, reference: input.reference }).map(([k, v]) => [k, String(v)]),
      ),
      // Coinbase takes only https return addresses (^https://); without one the payer stays on
      // Coinbase's page when done, and the booking is told by the webhook.
      ...(input.redirectUrl.startsWith('https://') ? { successRedirectUrl: input.redirectUrl } : {}),
      ...(input.cancelUrl.startsWith('https://') ? { failRedirectUrl: input.cancelUrl } : {}),
      expiresAt: expiresAt.toISOString().replace(/\.\d{3}Z$/, 'Z'),
    };
    // Coinbase's key is a UUID v4 (36 characters); our reference is one.
    const key = { 'x-idempotency-key': input.reference || randomUUID() };
    const checkout = await this.retried('Coinbase create checkout', async () =>
      callJson<Checkout>(
        this.transport,
        await this.request('POST', '/api/v1/checkouts', body, key),
        'Coinbase create checkout',
      ),
    );
    if (!checkout?.id || !checkout.url)
      throw new ProviderError('Coinbase answered a checkout without id or url');
    return {
      chargeId: checkout.id,
      hostedUrl: checkout.url,
      expiresAt: checkout.expiresAt ? new Date(checkout.expiresAt) : expiresAt,
      metadata: { network: (checkout as { network?: string }).network ?? null },
    };
  }

  // A timeout, a lost connection, a 429 or a 5xx is tried again (three tries in all, with the same
  // request); an answer that refuses the request is not.
  private async retried<T>(what: string, call: () => Promise<T>): Promise<T> {
    let last: unknown;
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        return await call();
      } catch (err) {
        last = err;
        const status = (err as ProviderError).status;
        if (status !== undefined && status !== 429 && status < 500) throw err;
      }
    }
    throw last instanceof Error ? last : new ProviderError(`${what}: failed`);
  }

  verifyWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): NormalizedEvent {
    verifyHook0(this.opts.webhookSecret, rawBody, headers, this.now());
    return readCheckoutEvent(parseJsonObject(rawBody), header(headers, 'x-hook0-id'));
  }

  async getCharge(chargeId: string): Promise<ChargeSnapshot> {
    const checkout = await callJson<Checkout>(
      this.transport,
      await this.request('GET', `/api/v1/checkouts/${encodeURIComponent(chargeId)}`),
      'Coinbase get checkout',
    );
    if (!checkout?.id) throw new ProviderError('Coinbase answered no checkout');
    return checkoutSnapshot(checkout);
  }

  // A refund through the API, in USDC back to the payer (ADR 046). Its idempotency key comes from
  // the refund's own name, so however often it is sent, Coinbase refunds once.
  async refund(chargeId: string, amountCents: number, _currency: string, key: string): Promise<RefundResult> {
    const idempotency = { 'x-idempotency-key': uuidOf(`refund ${key}`) };
    const res = await this.retried('Coinbase refund checkout', async () =>
      // The answer is `{ checkout, refund }` (refund-checkout); the refund completes later.
      callJson<{ refund?: { id?: string; status?: string } }>(
        this.transport,
        await this.request(
          'POST',
          `/api/v1/checkouts/${encodeURIComponent(chargeId)}/refund`,
          { amount: centsToDecimal(amountCents), currency: 'USDC' },
          idempotency,
        ),
        'Coinbase refund checkout',
      ),
    );
    if (!res.refund?.id) throw new ProviderError('Coinbase answered a refund without its id');
    return { manual: false, reference: res.refund.id };
  }
}

// A UUID made from a text: the same text, the same key. Shaped as version 4, the form Coinbase's
// X-Idempotency-Key takes (^[0-9a-f]{8}-[0-9a-f]{4}-4...).
export function uuidOf(text: string): string {
  const h = createHash('sha256').update(text).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${((Number.parseInt(h[16], 16) & 3) | 8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

// A checkout event is the checkout itself with its `eventType` (Coinbase's sample payloads): its
// `id` is the checkout's. A checkout is paid, fails or expires once, so the event type and the
// checkout name the event whatever Hook0's delivery id; a refund event also names the refunds so far.
export function readCheckoutEvent(body: Record<string, unknown>, deliveryId?: string): NormalizedEvent {
  const checkoutId = body.id;
  const type = body.eventType;
  if (typeof checkoutId !== 'string' || typeof type !== 'string')
    throw new WebhookError('Webhook body lacks a checkout event');
  const refunds = Array.isArray(body.refunds) ? body.refunds.length : 0;
  const eventId = type.startsWith('checkout.payment.')
    ? `${type}:${checkoutId}`
    : type.startsWith('checkout.refund.')
      ? `${type}:${checkoutId}:${refunds}:${String(body.refundedAmount ?? '')}`
      : `${type}:${checkoutId}:${deliveryId ?? String(body.updatedAt ?? '')}`;
  return { eventId, chargeId: checkoutId, type, outcome: CHECKOUT_EVENTS[type] ?? 'ignored', payload: body };
}
