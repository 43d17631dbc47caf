import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { DEFAULT_EXPLORERS, proofUrl, SANDBOX_PROOF_PAGE } from './explorers.ts';

// A payout's proof links where its transaction can be seen: a public explorer for a real provider,
// the sandbox's own payout page for the sandbox's made-up ones (ADR 059).
const paid = { proof: 'ab'.repeat(32), proofType: 'txid', providerPayoutId: 'PO123' };
const env = (more: Record<string, string>) =>
  loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/explorers-test', ...more }).payments.explorerTxUrl;

describe('payout proof links', () => {
  it('are the sandbox page of the payout with the sandbox provider', () => {
    expect(env({ PAYMENT_PROVIDER: 'sandbox' })).toBe(SANDBOX_PROOF_PAGE);
    expect(proofUrl(SANDBOX_PROOF_PAGE, paid)).toBe('/sandbox/btcpay/payouts/PO123');
    // A Lightning payout's page too; a payout paid by hand has no sandbox page.
    expect(proofUrl(SANDBOX_PROOF_PAGE, { ...paid, proofType: 'preimage' })).toBe(
      '/sandbox/btcpay/payouts/PO123',
    );
    expect(proofUrl(SANDBOX_PROOF_PAGE, { ...paid, providerPayoutId: null })).toBeNull();
  });

  it('are the explorer set, or the network default, for another provider', () => {
    const btcpay = {
      PAYMENT_PROVIDER: 'btcpay',
      BTCPAY_URL: 'https://btcpay.example',
      BTCPAY_STORE_ID: 's',
      BTCPAY_API_KEY: 'k',
      BTCPAY_WEBHOOK_SECRET: 'w',
    };
    expect(env(btcpay)).toBe(DEFAULT_EXPLORERS.mainnet);
    expect(proofUrl(DEFAULT_EXPLORERS.mainnet, paid)).toBe(`https://mempool.space/tx/${paid.proof}`);
    expect(proofUrl(DEFAULT_EXPLORERS.mainnet, { ...paid, proofType: 'preimage' })).toBeNull();
    expect(env({ ...btcpay, BITCOIN_NETWORK: 'regtest' })).toBeNull();
    const own = 'https://explorer.example/tx/{txid}';
    expect(env({ PAYMENT_PROVIDER: 'sandbox', BLOCK_EXPLORER_TX_URL: own })).toBe(own);
  });
});
