// The built app for the Coinbase browser flow (ADR 046): a test Coinbase Business on PORT+1 (its
// checkouts, its hosted page, its signed webhooks to the app), then the app on PORT with
// PAYMENT_PROVIDER=coinbase pointed at it, served as scripts/e2e-server.mjs serves every flow.
// The test Coinbase is TypeScript, run as Node runs TypeScript (its types stripped).

import { newCdpKey } from '../src/server/testing/coinbase-behaviour.ts';
import { fakeCoinbase } from '../src/server/testing/fake-coinbase.ts';

const port = Number(process.env.E2E_PORT ?? '3216');
const key = newCdpKey();
const secret = `whsec-${Math.random().toString(36).slice(2)}`;
const fake = await fakeCoinbase({
  keyId: key.id,
  publicKey: key.publicKey,
  webhookSecret: secret,
  port: port + 1,
  target: `http://127.0.0.1:${port}/api/payments/webhook/coinbase`,
});
Object.assign(process.env, {
  PAYMENT_PROVIDER: 'coinbase',
  COINBASE_API_URL: fake.url,
  COINBASE_API_KEY_ID: key.id,
  COINBASE_API_KEY_SECRET: key.secret,
  COINBASE_WEBHOOK_SECRET: secret,
  PROVIDER_TIMEOUT_SECONDS: '2',
});
process.on('exit', () => void fake.close());
await import('./e2e-server.mjs');
