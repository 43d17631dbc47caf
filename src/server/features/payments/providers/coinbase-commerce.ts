import { centsToDecimal, decimalToCents } from '#shared/money.ts';
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

// Coinbase Commerce Charges API (version 2018-03-22). Kept as a second adapter: the seed product
// used it; Coinbase is moving merchants to Coinbase Business.
export type CoinbaseOptions = {
  apiKey: string;
  webhookSecret: string;
  url?: string;
  transport?: HttpTransport;
};

type Money = { amount: string; currency: string };
export type CoinbaseCharge = {
  id: string;
  code?: string;
  hosted_url?: string;
  expires_at?: string;
  pricing?: { local?: Money };
  timeline?: { status: string; context?: string }[];
  payments?: { status?: string; value?: { local?: Money } }[];
};

const EVENT_OUTCOMES: Record<string, EventOutcome> = {
  'charge:confirmed': 'completed',
  'charge:resolved': 'completed',
  'charge:failed': 'failed',
  'charge:pending': 'pending',
  'charge:delayed': 'pending',
};

export const COINBASE_SIG_HEADER = 'x-cc-webhook-signature';

// No timestamp is signed: the event id dedupe is the replay defence.
export function verifyCoinbaseWebhook(
  secret: string,
  rawBody: Buffer,
  headers: Record<string, string | string[] | undefined>,
): NormalizedEvent {
  const sig = header(headers, COINBASE_SIG_HEADER);
  if (!sig) throw new WebhookError('Missing X-CC-Webhook-Signature header');
  if (!hexEqual(hmacSha256Hex(secret, rawBody), sig.trim()))
    throw new WebhookError('Invalid webhook signature');
  const body = parseJsonObject(rawBody);
  const event = body.event as { id?: unknown; type?: unknown; data?: Record<string, unknown> } | undefined;
  if (!event || typeof event !== 'object' || typeof event.id !== 'string' || typeof event.type !== 'string')
    throw new WebhookError('Webhook body lacks an event');
  const data = event.data ?? {};
  const chargeId = typeof data.id === 'string' ? data.id : null;
  return {
    eventId: event.id,
    chargeId,
    type: event.type,
    outcome: EVENT_OUTCOMES[event.type] ?? 'ignored',
    payload: body,
  };
}

export function coinbaseSnapshot(charge: CoinbaseCharge): ChargeSnapshot {
  const local = charge.pricing?.local;
  const last = charge.timeline?.at(-1)?.status?.toUpperCase() ?? 'NEW';
  let paid = 0;
  let unreadable = false;
  for (const p of charge.payments ?? []) {
    if ((p.status ?? '').toUpperCase() !== 'CONFIRMED') continue;
    const v = p.value?.local;
    const cents = v ? decimalToCents(v.amount) : null;
    if (cents === null || (local && v && v.currency !== local.currency)) unreadable = true;
    else paid += cents;
  }
  const state: ChargeSnapshot['state'] =
    last === 'COMPLETED' || last === 'RESOLVED'
      ? 'paid'
      : last === 'EXPIRED' || last === 'CANCELED'
        ? 'failed'
        : 'pending';
  return {
    chargeId: charge.id,
    state,
    amountCents: local ? decimalToCents(local.amount) : null,
    paidCents: unreadable ? null : paid,
    currency: local?.currency ?? '',
  };
}

export class CoinbaseCommerceProvider implements PaymentProvider {
  private opts: CoinbaseOptions;
  readonly id = 'coinbase-commerce' as const;
  private transport: HttpTransport;
  private base: string;

  constructor(opts: CoinbaseOptions) {
    this.opts = opts;
    this.transport = opts.transport ?? fetchTransport();
    this.base = (opts.url ?? 'https://api.commerce.coinbase.com').replace(/\/$/, '');
  }

  private headers(): Record<string, string> {
    return {
      'x-cc-api-key': this.opts.apiKey,
      'x-cc-version': '2018-03-22',
      'content-type': 'application/json',
      accept: 'application/json',
    };
  }

  async createCharge(input: CreateChargeInput): Promise<CreatedCharge> {
    const res = await callJson<{ data?: CoinbaseCharge }>(
      this.transport,
      {
        method: 'POST',
        url: `${this.base}/charges`,
        headers: this.headers(),
        body: JSON.stringify({
          name: input.name.slice(0, 100),
          description: input.description.slice(0, 200),
          pricing_type: 'fixed_price',
          local_price: { amount: centsToDecimal(input.amountCents), currency: input.currency },
          metadata: { ...input.metadata, reference: input.reference },
          redirect_url: input.redirectUrl,
          cancel_url: input.cancelUrl,
        }),
      },
      'Coinbase Commerce create charge',
    );
    const charge = res.data;
    if (!charge?.id || !charge.hosted_url)
      throw new ProviderError('Coinbase Commerce answered a charge without id or hosted_url');
    return {
      chargeId: charge.id,
      hostedUrl: charge.hosted_url,
      expiresAt: charge.expires_at ? new Date(charge.expires_at) : undefined,
      metadata: { code: charge.code },
    };
  }

  verifyWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): NormalizedEvent {
    return verifyCoinbaseWebhook(this.opts.webhookSecret, rawBody, headers);
  }

  async getCharge(chargeId: string): Promise<ChargeSnapshot> {
    const res = await callJson<{ data?: CoinbaseCharge }>(
      this.transport,
      { method: 'GET', url: `${this.base}/charges/${encodeURIComponent(chargeId)}`, headers: this.headers() },
      'Coinbase Commerce get charge',
    );
    if (!res.data?.id) throw new ProviderError('Coinbase Commerce answered no charge');
    return coinbaseSnapshot(res.data);
  }

  // The Charges API has no refund call: the refund is recorded here and sent from the Commerce dashboard.
  async refund(): Promise<RefundResult> {
    return { manual: true };
  }
}
