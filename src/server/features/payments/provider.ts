import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import { traced } from '../../core/spans.ts';
import type { Db } from '../../db/client.ts';
import { BtcpayProvider } from './providers/btcpay.ts';
import { CoinbaseProvider } from './providers/coinbase.ts';
import { CoinbaseCommerceProvider } from './providers/coinbase-commerce.ts';
import type { PaymentProvider } from './providers/types.ts';
import { newSandboxCredentials } from './sandbox.ts';
import { SandboxPayouts } from './sandbox-payout-processor.ts';
import { SANDBOX_BASE, SANDBOX_STORE_ID, SandboxStore } from './sandbox-store.ts';
import { type Deliver, injectDeliver, injectTransport } from './sandbox-transport.ts';

export const WEBHOOK_PATH = '/api/payments/webhook';

export const RETIRED_COMMERCE =
  'PAYMENT_PROVIDER=coinbase-commerce uses the Coinbase Commerce charges Coinbase has retired; new accounts cannot use them. Move to PAYMENT_PROVIDER=coinbase (Coinbase Business checkouts, see the README).';

// The sandbox (this server playing BTCPay Server): its keys, its invoices, its payouts, and how it
// sends its webhooks (in process, to WEBHOOK_PATH/sandbox).
export type Sandbox = {
  apiKey: string;
  secret: string;
  store: SandboxStore;
  payouts: SandboxPayouts;
  deliver: Deliver;
};

// The payment provider PAYMENT_PROVIDER names (ADR 004). The sandbox: this server plays BTCPay
// Server, and the real adapter talks to it through app.inject; its credentials go to the sandbox's
// routes (payments.routes.ts), its jobs to the composition root (schedule.ts).
// Each call to the provider's API is a span when tracing is on (ADR 036).
export function createPaymentProvider(
  config: Config,
  app: FastifyInstance,
  db: Db,
): { provider: PaymentProvider; sandbox: Sandbox | null } {
  const made = chooseProvider(config, app, db);
  const provider = traced(made.provider, 'payment_provider', { 'payment.provider': made.provider.id });
  return { provider, sandbox: made.sandbox };
}

function chooseProvider(
  config: Config,
  app: FastifyInstance,
  db: Db,
): { provider: PaymentProvider; sandbox: Sandbox | null } {
  const p = config.payments;
  if (p.provider === 'btcpay') {
    const provider = new BtcpayProvider({
      url: p.btcpay.url!,
      storeId: p.btcpay.storeId!,
      apiKey: p.btcpay.apiKey!,
      webhookSecret: p.btcpay.webhookSecret!,
      timeoutMs: p.providerTimeoutMs,
    });
    return { provider, sandbox: null };
  }
  if (p.provider === 'coinbase') {
    if (!config.publicUrl?.startsWith('https://'))
      app.log.warn(
        'PAYMENT_PROVIDER=coinbase: Coinbase sends payers back only to https addresses, and PUBLIC_URL is not one; payers stay on Coinbase when done (the booking is still paid by the webhook).',
      );
    const provider = new CoinbaseProvider({
      url: p.coinbase.url,
      key: { id: p.coinbase.keyId!, secret: p.coinbase.keySecret! },
      webhookSecret: p.coinbase.webhookSecret!,
      timeoutMs: p.providerTimeoutMs,
    });
    return { provider, sandbox: null };
  }
  if (p.provider === 'coinbase-commerce') {
    // Coinbase retired the Commerce charges for new accounts (ADR 046): kept for an operator who
    // still has a Commerce account, with a warning at every start.
    app.log.warn(RETIRED_COMMERCE);
    const provider = new CoinbaseCommerceProvider({
      apiKey: p.coinbaseCommerce.apiKey!,
      webhookSecret: p.coinbaseCommerce.webhookSecret!,
    });
    return { provider, sandbox: null };
  }
  const { apiKey, secret } = newSandboxCredentials(p.sandboxWebhookSecret);
  const provider = new BtcpayProvider({
    id: 'sandbox',
    url: SANDBOX_BASE,
    storeId: SANDBOX_STORE_ID,
    apiKey,
    webhookSecret: secret,
    transport: injectTransport(app),
  });
  const deliver = injectDeliver(app, `${WEBHOOK_PATH}/sandbox`);
  const sandbox = {
    apiKey,
    secret,
    store: new SandboxStore(db),
    payouts: new SandboxPayouts(db, secret, deliver),
    deliver,
  };
  return { provider, sandbox };
}
