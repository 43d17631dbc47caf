import { createHmac } from 'node:crypto';
import { header, hexEqual, WebhookError } from './types.ts';

// CDP webhooks (Coinbase Business checkouts among them) are delivered by Hook0 and signed in the
// X-Hook0-Signature header: "t=<unix seconds>,h=<header names, space-separated>,v1=<hex>". The
// signed text is `${t}.${h}.${values}.${rawBody}`, where `values` are the named headers' values in
// that order joined by "." (a missing one is ""); v1 is its HMAC-SHA256 under the subscription's
// secret, in hex. Coinbase's verification code refuses deliveries older than 5 minutes (ADR 046).
// Source: docs.cdp.coinbase.com/data/webhooks/verify-signatures and
// docs.cdp.coinbase.com/coinbase-business/checkout-apis/webhooks.
export const HOOK0_SIGNATURE = 'x-hook0-signature';
export const MAX_AGE_MS = 5 * 60_000;

type Headers = Record<string, string | string[] | undefined>;

export function parseHook0(value: string): { t: string; h: string; v1: string } {
  const fields = new Map<string, string>();
  for (const part of value.split(',')) {
    const at = part.indexOf('=');
    if (at > 0) fields.set(part.slice(0, at).trim(), part.slice(at + 1));
  }
  const t = fields.get('t');
  const h = fields.get('h');
  const v1 = fields.get('v1');
  if (!t || !/^\d{1,12}$/.test(t) || h === undefined || !v1)
    throw new WebhookError('Malformed X-Hook0-Signature header');
  return { t, h, v1: v1.trim() };
}

// The text Hook0 signs, for a delivery's headers and raw body.
export function hook0SignedText(t: string, h: string, headers: Headers, rawBody: Buffer): Buffer {
  const values = h
    .split(' ')
    .map((name) => header(headers, name) ?? '')
    .join('.');
  return Buffer.concat([Buffer.from(`${t}.${h}.${values}.`, 'utf8'), rawBody]);
}

export function hook0Signature(
  secret: string,
  t: string,
  h: string,
  headers: Headers,
  rawBody: Buffer,
): string {
  return createHmac('sha256', secret)
    .update(hook0SignedText(t, h, headers, rawBody))
    .digest('hex');
}

// Throws WebhookError unless the delivery is signed with `secret` and was sent within 5 minutes of
// `nowMs` (either way: a clock ahead by more than that is refused too).
export function verifyHook0(secret: string, rawBody: Buffer, headers: Headers, nowMs: number): void {
  const value = header(headers, HOOK0_SIGNATURE);
  if (!value) throw new WebhookError('Missing X-Hook0-Signature header');
  const { t, h, v1 } = parseHook0(value);
  if (!hexEqual(hook0Signature(secret, t, h, headers, rawBody), v1))
    throw new WebhookError('Invalid webhook signature');
  if (Math.abs(nowMs - Number(t) * 1000) > MAX_AGE_MS)
    throw new WebhookError('Webhook timestamp is more than 5 minutes away: refused as a replay');
}
