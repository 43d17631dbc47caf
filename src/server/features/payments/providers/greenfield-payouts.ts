import { z } from 'zod';
import { PROVIDER_PAYOUT_STATES } from './types.ts';

// The Greenfield API's payout shapes we send and read, written from BTCPay Server's OpenAPI
// definition (swagger.template.pull-payments.json and swagger.template.webhooks.json, 2.x): the
// sandbox answers with them and the tests' fake BTCPay checks every request against them.

const decimal = z.string().regex(/^\d+(\.\d+)?$/);
export const PAYOUT_METHOD_IDS = ['BTC-CHAIN', 'BTC-LN'] as const;

// POST /api/v1/stores/{storeId}/pull-payments (CreatePullPaymentRequest)
export const createPullPaymentRequest = z
  .object({
    name: z.string().nullish(),
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

// PayoutPaymentProof: `proofType` plus what the payout handler keeps (on-chain:
// PayoutTransactionOnChainBlob with transactionId; Lightning: PayoutLightningBlob with
// paymentHash and preimage).
export const payoutPaymentProof = z.looseObject({
  proofType: z.string(),
  transactionId: z.string().nullish(),
  preimage: z.string().nullish(),
  paymentHash: z.string().nullish(),
  id: z.string().nullish(),
  link: z.string().nullish(),
});

// PayoutData
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
  paymentProof: payoutPaymentProof.nullish(),
  metadata: z.record(z.string(), z.unknown()).nullish(),
});
export type PayoutData = z.infer<typeof payoutData>;

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
