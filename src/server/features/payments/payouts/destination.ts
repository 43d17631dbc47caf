import { keccak_256 } from '@noble/hashes/sha3.js';
import { bech32 } from 'bech32';
import { Network, validate } from 'bitcoin-address-validation';
import type { PayoutMethodType } from '#shared/payouts.ts';
import { badRequest } from '../../../errors.ts';

// A payout destination is checked with maintained libraries (ADR 032): an on-chain address with
// bitcoin-address-validation (checksums, every address type, the configured network); an LNURL
// with bech32 (it must hold an https URL, or http for an .onion host, as LUD-01 says); a Lightning
// address (LUD-16) is name@domain with the characters LUD-16 allows; a USDC address (Coinbase
// settles in USDC on Base, an Ethereum network: ADR 046) is 0x and 40 hex digits, its mixed-case
// checksum checked as EIP-55 says (Keccak-256 with @noble/hashes).

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

// EIP-55: hex digit i is upper case when nibble i of keccak256(the lower-case address) is 8 or more.
export function eip55(address: string): string {
  const lower = address.slice(2).toLowerCase();
  const hash = Buffer.from(keccak_256(new TextEncoder().encode(lower))).toString('hex');
  return `0x${[...lower].map((c, i) => (Number.parseInt(hash[i], 16) >= 8 ? c.toUpperCase() : c)).join('')}`;
}

function checkUsdc(value: string): string {
  if (!/^0x[0-9a-fA-F]{40}$/.test(value))
    throw badRequest('Enter a USDC address on Base: 0x and 40 letters and digits', 'INVALID_DESTINATION');
  const digits = value.slice(2);
  const mixed = digits !== digits.toLowerCase() && digits !== digits.toUpperCase();
  if (mixed && eip55(value) !== value)
    throw badRequest('This address has a typo: its checksum does not match', 'INVALID_DESTINATION');
  if (/^0x0{40}$/.test(value))
    throw badRequest('This is not an address anyone can receive at', 'INVALID_DESTINATION');
  return eip55(value);
}

// The destination as stored, or a 400 that says what is wrong with it.
export function checkDestination(type: PayoutMethodType, raw: string, network: BitcoinNetwork): string {
  const value = raw.trim();
  if (type === 'usdc') return checkUsdc(value);
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
