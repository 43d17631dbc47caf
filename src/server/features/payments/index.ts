// The payments feature's public face (ADR 035): checkout, webhooks, refunds (ADR 004, 005, 017),
// payouts and the ledger (ADR 032).

export { paymentsRoutes } from './payments.routes.ts';
export { PaymentsService } from './payments.service.ts';
export { recordPaymentIn, recordPayoutOut } from './payouts/ledger.ts';
export type { PaymentProvider } from './providers/types.ts';
