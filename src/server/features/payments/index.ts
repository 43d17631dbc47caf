// The payments feature's public face (ADR 035): checkout, webhooks, refunds (ADR 004, 005, 017),
// payouts and the ledger (ADR 032).

export { bookingPayments } from './payments.port.ts';
export { paymentsRoutes } from './payments.routes.ts';
export { PaymentsService } from './payments.service.ts';
export { recordPaymentIn, recordPayoutOut } from './payouts/ledger.ts';
export { PayoutMethods } from './payouts/payout-method.ts';
export { reconcile } from './payouts/payouts.admin.ts';
export { type PayoutDeps, pollInProgress, sendDue } from './payouts/payouts.jobs.ts';
export { Payouts } from './payouts/payouts.service.ts';
export { createPaymentProvider, type Sandbox } from './provider.ts';
export { btcpaySignature } from './providers/btcpay.ts';
export type { PaymentProvider } from './providers/types.ts';
