// Where a payout's transaction is shown when BLOCK_EXPLORER_TX_URL is not set, per BITCOIN_NETWORK
// (ADR 032); {txid} is replaced. A regtest has no public explorer.
export const DEFAULT_EXPLORERS = {
  mainnet: 'https://mempool.space/tx/{txid}',
  testnet: 'https://mempool.space/testnet4/tx/{txid}',
  regtest: null,
} as const;

// The sandbox's payouts are made up: no public explorer knows their transactions, so their proof
// links to the sandbox's own page of the payout (sandbox-payouts.ts, under SANDBOX_BASE), which
// shows its record, proof and state (ADR 059). {payout} is the provider's payout id.
export const SANDBOX_PROOF_PAGE = '/sandbox/btcpay/payouts/{payout}';

// The link of a payout's proof from the page template in force (an explorer's {txid}, or the
// sandbox's {payout}); null when there is none to link to.
export function proofUrl(
  template: string | null,
  o: { proof: string | null; proofType: string | null; providerPayoutId: string | null },
): string | null {
  if (!template || !o.proof) return null;
  if (template.includes('{payout}'))
    return o.providerPayoutId ? template.replace('{payout}', encodeURIComponent(o.providerPayoutId)) : null;
  return o.proofType === 'txid' ? template.replace('{txid}', encodeURIComponent(o.proof)) : null;
}
