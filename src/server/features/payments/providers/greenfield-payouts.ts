import { z } from 'zod';
import { PROVIDER_PAYOUT_STATES } from './types.ts';

// The Greenfield API's payout shapes we send and read (ADR 044). The tests check what we send, and
// what the test BTCPay answers, against BTCPay's own published definition
// (src/server/testing/vendor/btcpay-greenfield); these schemas only build and read.

const decimal = z.string().regex(/^\d+(\.\d+)?$/);
export const PAYOUT_METHOD_IDS = ['BTC-CHAIN', 'BTC-LN'] as const;
// BTCPay refuses a pull payment name over 50 characters with a 422
// (GreenfieldPullPaymentController.cs, CreatePullPayment).
export const PULL_PAYMENT_NAME_MAX = 50;

// POST /api/v1/stores/{storeId}/pull-payments (CreatePullPaymentRequest)
export const createPullPaymentRequest = z
  .object({
    name: z.string().max(PULL_PAYMENT_NAME_MAX).nullish(),
    description: z.string().nullish(),
    amount: decimal,
    currency: z.string().min(3),
    BOLT11Expiration: z.string().nullish(),
    autoApproveClaims: z.boolean().nullish(),
    startsAt: z.number().int().nullish(),
    expiresAt: z.number().int().nullish(),
    payoutMethods: z.array(z.string()).nullish(),
  })
  .strict();

// PullPaymentData, as far as we read it.
export const pullPaymentData = z.looseObject({
  id: z.string().min(1),
  amount: decimal,
  currency: z.string(),
});

// POST /api/v1/stores/{storeId}/payouts (CreatePayoutThroughStoreRequest = CreatePayoutRequest +
// pullPaymentId, approved, metadata).
export const createPayoutThroughStoreRequest = z
  .object({
    destination: z.string().min(1),
    amount: decimal.nullish(),
    payoutMethodId: z.enum(PAYOUT_METHOD_IDS),
    pullPaymentId: z.string().nullish(),
    approved: z.boolean().nullish(),
    metadata: z.record(z.string(), z.unknown()).nullish(),
  })
  .strict();
export type CreatePayoutThroughStoreRequest = z.infer<typeof createPayoutThroughStoreRequest>;

// PayoutData. `date` is a unix time number (PayoutData.cs), whatever the document says; the proof
// is any JSON object: the payout processors store it PascalCase (PayoutTransactionOnChainBlob.cs,
// PayoutLightningBlob.cs), a person marking a payout paid may send camelCase.
export const payoutData = z.looseObject({
  id: z.string().min(1),
  revision: z.number().int().optional(),
  pullPaymentId: z.string().nullish(),
  date: z.union([z.string(), z.number()]).optional(),
  destination: z.string(),
  originalCurrency: z.string().optional(),
  originalAmount: decimal.optional(),
  payoutCurrency: z.string().optional(),
  payoutAmount: decimal.nullish(),
  payoutMethodId: z.string(),
  state: z.enum(PROVIDER_PAYOUT_STATES),
  paymentProof: z.record(z.string(), z.unknown()).nullish(),
  metadata: z.record(z.string(), z.unknown()).nullish(),
});
export type PayoutData = z.infer<typeof payoutData>;

// GET /api/v1/stores/{storeId}/payout-processors (PayoutProcessorData)
export const payoutProcessorData = z.looseObject({
  name: z.string(),
  friendlyName: z.string().optional(),
  payoutMethods: z.array(z.string()).nullish(),
});

// WebhookPayoutEvent: StoreWebhookEvent + payoutId, pullPaymentId, payoutState.
export const webhookPayoutEvent = z.looseObject({
  deliveryId: z.string(),
  webhookId: z.string(),
  originalDeliveryId: z.string(),
  isRedelivery: z.boolean(),
  type: z.enum(['PayoutCreated', 'PayoutApproved', 'PayoutUpdated']),
  timestamp: z.number().int(),
  storeId: z.string(),
  payoutId: z.string(),
  pullPaymentId: z.string().nullish(),
  payoutState: z.enum(PROVIDER_PAYOUT_STATES),
});

// Our reference travels in the payout's metadata under this key.
export const REFERENCE_KEY = 'yardshareReference';

// Reads a payment proof whatever the case of its keys; every key is kept in `data`.
export function readProof(
  methodId: string,
  raw: Record<string, unknown> | null | undefined,
): { type: 'txid' | 'preimage'; value: string } | null {
  if (!raw) return null;
  const k = new Map(Object.entries(raw).map(([key, v]) => [key.toLowerCase(), v]));
  const str = (key: string) => {
    const v = k.get(key);
    return typeof v === 'string' && v.trim() ? v.trim() : null;
  };
  const txid = str('transactionid');
  if (txid) return { type: 'txid', value: txid };
  const preimage = str('preimage') ?? str('paymenthash');
  if (preimage) return { type: 'preimage', value: preimage };
  const id = str('id');
  if (id) return { type: methodId === 'BTC-LN' ? 'preimage' : 'txid', value: id };
  return null;
}
