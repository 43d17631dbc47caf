import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { hook0Signature } from '../features/payments/queries.ts';

// Coinbase Business's Checkouts API as its documentation shows it (ADR 046): the rules the test
// Coinbase enforces, each quoted from the page named beside it, and Coinbase's own examples
// (vendor/coinbase-checkouts/samples.json) that its answers and events are compared with.

const here = path.dirname(fileURLToPath(import.meta.url));
type Sample = { page: string; body: Record<string, unknown> };
export const SAMPLES = JSON.parse(
  fs.readFileSync(path.join(here, 'vendor/coinbase-checkouts/samples.json'), 'utf8'),
) as {
  createRequest: Sample;
  createResponse: Sample;
  refundRequest: Sample;
  webhooks: { page: string; events: Record<string, unknown>[] };
  error: Sample;
};

export type CheckoutStatus =
  | 'ACTIVE'
  | 'PROCESSING'
  | 'DEACTIVATED'
  | 'EXPIRED'
  | 'COMPLETED'
  | 'FAILED'
  | 'REFUNDED'
  | 'PARTIALLY_REFUNDED';

export type Refund = {
  id: string;
  checkoutId: string;
  amount: string;
  currency: string;
  status: 'PENDING' | 'COMPLETED' | 'FAILED';
  reason?: string;
  transactionHash?: string;
  createdAt: string;
  completedAt?: string;
};

// A checkout with the fields of the documented 201 answer, and the payment's once it is paid.
export type Checkout = {
  id: string;
  url: string;
  amount: string;
  currency: string;
  network: string;
  address: string;
  createdAt: string;
  updatedAt: string;
  status: CheckoutStatus;
  tokenAddress: string;
  description?: string;
  expiresAt: string;
  metadata?: Record<string, string>;
  successRedirectUrl?: string;
  failRedirectUrl?: string;
  settlement?: { totalAmount: string; feeAmount: string; netAmount: string; currency: string };
  transactionHash?: string;
  refundedAmount?: string;
  refunds?: Refund[];
};

// The error answer of CDP APIs: docs.cdp.coinbase.com/api-reference/payment-apis/errors.
export const cdpError = (errorType: string, errorMessage: string) => ({
  errorType,
  errorMessage,
  correlationId: randomBytes(8).toString('hex'),
  errorLink: `https://docs.cdp.coinbase.com/api-reference/v2/errors#${errorType}`,
});

// "Unique checkout identifier. ^[0-9a-f]{24}$" (create-checkout).
export const checkoutId = () => randomBytes(12).toString('hex');
const hex = (n: number) => `0x${randomBytes(n).toString('hex')}`;

const AMOUNT = /^\d+(\.\d{1,2})?$/;
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const CREATE_FIELDS = new Set([
  'amount',
  'currency',
  'network',
  'description',
  'expiresAt',
  'metadata',
  'successRedirectUrl',
  'failRedirectUrl',
]);

// What is wrong with a create request, in Coinbase's words where it gives them; null: nothing.
// Page: docs.cdp.coinbase.com/api-reference/business-api/rest-api/checkouts/create-checkout.
export function createProblem(body: unknown, idempotencyKey: string | undefined, now: number): string | null {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return 'The body must be a JSON object';
  const b = body as Record<string, unknown>;
  // A field the document does not name is refused here: a misspelt field must not pass unseen.
  const unknown = Object.keys(b).filter((k) => !CREATE_FIELDS.has(k));
  if (unknown.length) return `Unknown fields: ${unknown.join(', ')}`;
  // "X-Idempotency-Key: An optional UUID v4 request header ... Required string length: 36".
  if (idempotencyKey !== undefined && !UUID_V4.test(idempotencyKey))
    return 'X-Idempotency-Key must be a UUID v4';
  // "Must be between 0.01 and 100000000 (100 million). Must have at most 2 decimal places."
  if (typeof b.amount !== 'string' || !AMOUNT.test(b.amount)) return 'amount must match ^\\d+(\\.\\d{1,2})?$';
  const amount = Number(b.amount);
  if (amount < 0.01 || amount > 100_000_000) return 'amount must be between 0.01 and 100000000';
  // "The currency code for the payment. Only USDC is currently supported."
  if (b.currency !== 'USDC') return 'Only USDC is currently supported';
  // "Defaults to base if not specified."
  if (b.network !== undefined && b.network !== 'base') return 'network must be base';
  // "Human-readable description of the payment." (max 500)
  if (b.description !== undefined && (typeof b.description !== 'string' || b.description.length > 500))
    return 'description must be a string of at most 500 characters';
  // "Optional expiration timestamp ... in RFC 3339 format. Must be a future timestamp."
  if (b.expiresAt !== undefined) {
    if (
      typeof b.expiresAt !== 'string' ||
      !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(b.expiresAt)
    )
      return 'expiresAt must be an RFC 3339 timestamp';
    if (Date.parse(b.expiresAt) <= now) return 'expiresAt must be a future timestamp';
  }
  // "Optional metadata as key-value pairs"; the samples carry string values.
  if (b.metadata !== undefined) {
    if (!b.metadata || typeof b.metadata !== 'object' || Array.isArray(b.metadata))
      return 'metadata must be an object';
    if (Object.values(b.metadata).some((v) => typeof v !== 'string'))
      return 'metadata values must be strings';
  }
  // "URL to redirect to on successful payment. Must use HTTPS protocol." (max 2048, ^https://.*)
  for (const k of ['successRedirectUrl', 'failRedirectUrl'])
    if (b[k] !== undefined && (typeof b[k] !== 'string' || !/^https:\/\/.*/.test(b[k]) || b[k].length > 2048))
      return `${k} must be an https URL of at most 2048 characters`;
  return null;
}

// A new checkout as the 201 example shows one (status ACTIVE; expiresAt one hour on by default:
// "If not provided, defaults to 1 hour from creation time").
export function newCheckout(b: Record<string, unknown>, payBase: string, now: number): Checkout {
  const id = checkoutId();
  const at = new Date(now).toISOString();
  return {
    id,
    url: `${payBase}/${id}`,
    amount: b.amount as string,
    currency: 'USDC',
    network: 'base',
    address: hex(20),
    createdAt: at,
    updatedAt: at,
    status: 'ACTIVE',
    // USDC on Base, the token the documented example names.
    tokenAddress: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
    ...(b.description !== undefined ? { description: b.description as string } : {}),
    expiresAt: (b.expiresAt as string | undefined) ?? new Date(now + 3_600_000).toISOString(),
    ...(b.metadata !== undefined ? { metadata: b.metadata as Record<string, string> } : {}),
    ...(b.successRedirectUrl !== undefined ? { successRedirectUrl: b.successRedirectUrl as string } : {}),
    ...(b.failRedirectUrl !== undefined ? { failRedirectUrl: b.failRedirectUrl as string } : {}),
  };
}

// Paid: the settlement as the success sample shows it (the fee an illustrative 1.25 %).
export function settle(c: Checkout, paid: string, now: number): void {
  const cents = Math.round(Number(paid) * 100);
  const fee = Math.round(cents * 0.0125);
  const dec = (n: number) => (n / 100).toFixed(2);
  c.status = 'COMPLETED';
  c.settlement = {
    totalAmount: dec(cents),
    feeAmount: dec(fee),
    netAmount: dec(cents - fee),
    currency: 'USDC',
  };
  c.transactionHash = hex(32);
  c.updatedAt = new Date(now).toISOString();
}

// A delivery as Hook0 makes it: the checkout with its eventType, signed over content-type and
// x-hook0-id (the headers the verify-signatures page's example names).
export function signedDelivery(secret: string, event: Record<string, unknown>, nowMs: number) {
  const body = Buffer.from(JSON.stringify(event));
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'x-hook0-id': `evt_${randomUUID().replace(/-/g, '')}`,
  };
  const t = String(Math.floor(nowMs / 1000));
  const h = 'content-type x-hook0-id';
  headers['x-hook0-signature'] = `t=${t},h=${h},v1=${hook0Signature(secret, t, h, headers, body)}`;
  return { body, headers };
}

// A CDP API key as the portal hands it out: an id and, for an Ed25519 key, 64 bytes in base64 (the
// seed, then the public key); the public half stays with the test Coinbase.
export function newCdpKey() {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const jwk = privateKey.export({ format: 'jwk' }) as { d: string; x: string };
  const secret = Buffer.concat([Buffer.from(jwk.d, 'base64url'), Buffer.from(jwk.x, 'base64url')]).toString(
    'base64',
  );
  return { id: `organizations/${randomUUID()}/apiKeys/${randomUUID()}`, secret, publicKey };
}

// An EC P-256 key in PEM, the other kind of CDP key (ES256).
export function newCdpEcKey() {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const secret = privateKey.export({ format: 'pem', type: 'sec1' }).toString();
  return { id: `organizations/${randomUUID()}/apiKeys/${randomUUID()}`, secret, publicKey };
}
