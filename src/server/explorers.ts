// Where a payout's transaction is shown when BLOCK_EXPLORER_TX_URL is not set, per BITCOIN_NETWORK
// (ADR 032); {txid} is replaced. A regtest has no public explorer.
export const DEFAULT_EXPLORERS = {
  mainnet: 'https://mempool.space/tx/{txid}',
  testnet: 'https://mempool.space/testnet4/tx/{txid}',
  regtest: null,
} as const;
