import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import { traced } from '../../core/spans.ts';
import { BtcpayProvider } from './providers/btcpay.ts';
import { CoinbaseCommerceProvider } from './providers/coinbase-commerce.ts';
import type { PaymentProvider } from './providers/types.ts';
import { newSandboxCredentials } from './sandbox.ts';
import { SANDBOX_BASE, SANDBOX_STORE_ID } from './sandbox-store.ts';
import { injectTransport } from './sandbox-transport.ts';

export const WEBHOOK_PATH = '/api/payments/webhook';

export type SandboxCredentials = { apiKey: string; secret: string };

// The payment provider PAYMENT_PROVIDER names (ADR 004). The sandbox: this server plays BTCPay
// Server, and the real adapter talks to it through app.inject; its credentials go to the sandbox's
// routes (payments.routes.ts).
// Each call to the provider's API is a span when tracing is on (ADR 036).
export function createPaymentProvider(
  config: Config,
  app: FastifyInstance,
): { provider: PaymentProvider; sandbox: SandboxCredentials | null } {
  const made = chooseProvider(config, app);
  const provider = traced(made.provider, 'payment_provider', { 'payment.provider': made.provider.id });
  return { provider, sandbox: made.sandbox };
}

function chooseProvider(
  config: Config,
  app: FastifyInstance,
): { provider: PaymentProvider; sandbox: SandboxCredentials | null } {
  const p = config.payments;
  if (p.provider === 'btcpay') {
    const provider = new BtcpayProvider({
      url: p.btcpay.url!,
      storeId: p.btcpay.storeId!,
      apiKey: p.btcpay.apiKey!,
      webhookSecret: p.btcpay.webhookSecret!,
    });
    return { provider, sandbox: null };
  }
  if (p.provider === 'coinbase-commerce') {
    const provider = new CoinbaseCommerceProvider({
      apiKey: p.coinbase.apiKey!,
      webhookSecret: p.coinbase.webhookSecret!,
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
  return { provider, sandbox: { apiKey, secret } };
}
