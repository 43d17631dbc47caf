import { bech32 } from 'bech32';
import { Network, validate } from 'bitcoin-address-validation';
import type { PayoutMethodType } from '#shared/payouts.ts';
import { badRequest } from '../../../errors.ts';

// A payout destination is checked with maintained libraries (ADR 032): an on-chain address with
// bitcoin-address-validation (checksums, every address type, the configured network); an LNURL
// with bech32 (it must hold an https URL, or http for an .onion host, as LUD-01 says); a Lightning
// address (LUD-16) is name@domain with the characters LUD-16 allows.

export type BitcoinNetwork = 'mainnet' | 'testnet' | 'regtest';

const NETWORKS: Record<BitcoinNetwork, Network> = {
  mainnet: Network.mainnet,
  testnet: Network.testnet,
  regtest: Network.regtest,
};

const LIGHTNING_ADDRESS =
  /^[a-z0-9\-_.+]{1,64}@(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

function validLnurl(value: string): boolean {
  try {
    const { prefix, words } = bech32.decode(value, 2000);
    if (prefix !== 'lnurl') return false;
    const url = new URL(
      new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(bech32.fromWords(words))),
    );
    return url.protocol === 'https:' || (url.protocol === 'http:' && url.hostname.endsWith('.onion'));
  } catch {
    return false;
  }
}

// The destination as stored, or a 400 that says what is wrong with it.
export function checkDestination(type: PayoutMethodType, raw: string, network: BitcoinNetwork): string {
  const value = raw.trim();
  if (type === 'bitcoin') {
    if (validate(value, NETWORKS[network])) return value;
    const other = (Object.keys(NETWORKS) as BitcoinNetwork[]).find(
      (n) => n !== network && validate(value, NETWORKS[n]),
    );
    if (other)
      throw badRequest(`This is a ${other} address; payouts are sent on ${network}`, 'WRONG_NETWORK');
    throw badRequest('This is not a valid Bitcoin address', 'INVALID_DESTINATION');
  }
  const ln = value.replace(/^lightning:/i, '');
  if (/^lnurl1/i.test(ln)) {
    if (validLnurl(ln.toLowerCase())) return ln.toLowerCase();
    throw badRequest('This is not a valid LNURL', 'INVALID_DESTINATION');
  }
  if (LIGHTNING_ADDRESS.test(ln.toLowerCase())) return ln.toLowerCase();
  throw badRequest('Enter a Lightning address (name@domain) or an LNURL', 'INVALID_DESTINATION');
}
