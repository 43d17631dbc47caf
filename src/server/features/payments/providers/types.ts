import { createHmac, timingSafeEqual } from 'node:crypto';

// One interface over every payment provider.

export type CreateChargeInput = {
  reference: string; // our own id for the charge, echoed back in metadata
  amountCents: number; // the total the renter pays: amount + platform fee
  currency: string;
  name: string;
  description: string;
  metadata: Record<string, string | number>;
  redirectUrl: string;
  cancelUrl: string;
};

export type CreatedCharge = {
  chargeId: string;
  hostedUrl: string;
  expiresAt?: Date;
  metadata?: Record<string, unknown>;
};

// What an event asks for, after mapping the provider's event type.
export type EventOutcome = 'completed' | 'failed' | 'pending' | 'ignored';

export type NormalizedEvent = {
  eventId: string; // stable across redeliveries: the dedupe key
  chargeId: string | null;
  type: string; // the provider's own event type
  outcome: EventOutcome;
  payload: unknown;
  // A payout event (BTCPay's PayoutCreated, PayoutApproved, PayoutUpdated): the provider's payout id.
  payoutId?: string;
};

// The provider's view of a charge, fetched before an event is trusted.
export type ChargeSnapshot = {
  chargeId: string;
  state: 'paid' | 'pending' | 'failed';
  amountCents: number | null; // the price of the charge
  paidCents: number | null; // what was actually received, in the charge currency
  currency: string;
};

export type RefundResult = { manual: boolean; reference?: string; url?: string };

// Payouts (ADR 032): the host's share sent to their destination. A provider without this API
// (Coinbase Commerce) leaves payouts to an operator, who sends them by hand.
export const PROVIDER_PAYOUT_STATES = [
  'AwaitingApproval',
  'AwaitingPayment',
  'InProgress',
  'Completed',
  'Cancelled',
] as const;
export type ProviderPayoutState = (typeof PROVIDER_PAYOUT_STATES)[number];

export type PayoutRequest = {
  reference: string; // ours, in the payout's metadata; looked up before creating again
  amountCents: number; // in `currency` (USD): every payment of the batch together
  currency: string;
  destination: string;
  method: 'bitcoin' | 'lightning';
};

export type ProviderPayout = {
  id: string;
  state: ProviderPayoutState;
  reference: string | null;
  method: string;
  // What the host is shown: the transaction id, or the Lightning preimage (or payment hash).
  proof: { type: 'txid' | 'preimage'; value: string } | null;
  // The proof as the provider keeps it, every key.
  proofData: Record<string, unknown> | null;
};

export interface PayoutApi {
  findPayout(reference: string): Promise<ProviderPayout | null>;
  createPayout(req: PayoutRequest): Promise<ProviderPayout>;
  getPayout(id: string): Promise<ProviderPayout>;
  // Why a payout still waits at the provider, in words an operator can act on.
  waitingReason(p: ProviderPayout): Promise<string>;
}

export interface PaymentProvider {
  id: 'sandbox' | 'btcpay' | 'coinbase' | 'coinbase-commerce';
  payouts?: PayoutApi;
  createCharge(input: CreateChargeInput): Promise<CreatedCharge>;
  verifyWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): NormalizedEvent; // throws WebhookError
  getCharge(chargeId: string): Promise<ChargeSnapshot>;
  // `key` names this refund (the same on every try), so a provider that takes an idempotency key
  // never sends one refund twice.
  refund(chargeId: string, amountCents: number, currency: string, key: string): Promise<RefundResult>;
}

// A delivery that is not signed by the provider or cannot be read: answered 400, nothing changes.
export class WebhookError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookError';
  }
}

// The provider's HTTP API could not be reached or answered an error: retried later, never trusted.
// `code` is the provider's own error code when it gave one (BTCPay's `duplicate-destination`).
export class ProviderError extends Error {
  readonly status?: number;
  readonly code?: string;
  constructor(message: string, status?: number, code?: string) {
    super(message);
    this.status = status;
    this.code = code;
    this.name = 'ProviderError';
  }
}

// HTTP to a provider. Real providers use fetch; the sandbox goes through app.inject.
export type HttpRequest = {
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  body?: string;
};
export type HttpResponse = { status: number; body: string };
export type HttpTransport = (req: HttpRequest) => Promise<HttpResponse>;

// A call that takes longer than timeoutMs fails (PROVIDER_TIMEOUT_SECONDS); what it did at the
// provider is found again by our reference before anything is created twice.
export const fetchTransport =
  (timeoutMs = 15_000): HttpTransport =>
  async (req) => {
    const res = await fetch(req.url, {
      method: req.method,
      headers: req.headers,
      body: req.body,
      signal: AbortSignal.timeout(timeoutMs),
    });
    return { status: res.status, body: await res.text() };
  };

export async function callJson<T>(transport: HttpTransport, req: HttpRequest, what: string): Promise<T> {
  let res: HttpResponse;
  try {
    res = await transport(req);
  } catch (err) {
    throw new ProviderError(`${what}: ${(err as Error).message}`);
  }
  if (res.status < 200 || res.status >= 300) {
    const { code, message } = errorOf(res.body);
    throw new ProviderError(
      `${what}: HTTP ${res.status}${message ? ` (${message.slice(0, 200)})` : ''}`,
      res.status,
      code,
    );
  }
  try {
    return JSON.parse(res.body) as T;
  } catch {
    throw new ProviderError(`${what}: the answer is not JSON`);
  }
}

// The provider's error answer: BTCPay's `{ code, message }`, or its 422 list of `{ path, message }`.
function errorOf(body: string): { code?: string; message?: string } {
  try {
    const b = JSON.parse(body) as unknown;
    if (Array.isArray(b))
      return { message: b.map((e) => (e as { message?: string })?.message ?? '').join('; ') };
    if (b && typeof b === 'object') {
      const { code, message } = b as { code?: unknown; message?: unknown };
      return {
        code: typeof code === 'string' ? code : undefined,
        message: typeof message === 'string' ? message : undefined,
      };
    }
  } catch {
    // not JSON: the status says enough
  }
  return {};
}

export const hmacSha256Hex = (secret: string, body: Buffer | string) =>
  createHmac('sha256', secret).update(body).digest('hex');

// Constant-time comparison of two hex digests (a length mismatch is a plain mismatch).
export function hexEqual(expectedHex: string, givenHex: string): boolean {
  if (!/^[0-9a-f]+$/i.test(givenHex)) return false;
  const a = Buffer.from(expectedHex, 'hex');
  const b = Buffer.from(givenHex.toLowerCase(), 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

export function header(
  headers: Record<string, string | string[] | undefined>,
  name: string,
): string | undefined {
  const v = headers[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });
// In a /u pattern a surrogate matches only when it is not half of a pair.
const LONE_SURROGATE = /\p{Cs}/u;

const MAX_DEPTH = 64;

// Why a parsed body cannot be stored as it is, or null: NUL or a UTF-16 surrogate without its pair
// in any key or string, or nesting too deep to serialize. Walked without recursion.
export function unstorable(body: unknown): string | null {
  const stack: [unknown, number][] = [[body, 0]];
  while (stack.length) {
    const [value, depth] = stack.pop()!;
    if (typeof value === 'string') {
      if (value.includes('\u0000') || LONE_SURROGATE.test(value))
        return 'The webhook body contains a NUL character or an unpaired surrogate';
    } else if (value && typeof value === 'object') {
      if (depth >= MAX_DEPTH) return 'The webhook body is nested too deeply';
      for (const [k, v] of Object.entries(value)) stack.push([k, depth], [v, depth + 1]);
    }
  }
  return null;
}

// The body as a JSON object; strict UTF-8, and no string the database would refuse or alter.
export function parseJsonObject(rawBody: Buffer): Record<string, unknown> {
  let body: unknown;
  try {
    body = JSON.parse(utf8.decode(rawBody));
  } catch {
    throw new WebhookError('The webhook body is not UTF-8 JSON');
  }
  if (!body || typeof body !== 'object' || Array.isArray(body))
    throw new WebhookError('The webhook body is not a JSON object');
  const problem = unstorable(body);
  if (problem) throw new WebhookError(problem);
  return body as Record<string, unknown>;
}
