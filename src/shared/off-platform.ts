// The off-platform payment signal on messages (ADR 029): a flag the recipient sees as a gentle
// warning, never a reason to drop a message.

const EMAIL_RE = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/;
// A phone number: 10 to 15 digits, optionally with +, spaces, dots, dashes and brackets between.
const PHONE_RE = /(?:\+|\b)\d(?:[\s.\-()]{0,2}\d){9,14}\b/;
const PAYMENT_WORDS_RE = new RegExp(
  [
    'pay(?:s|ing|ment|ments|ed|able)?',
    'paid',
    'paypal',
    'venmo',
    'zelle',
    'cash\\s?app',
    'wire',
    'wired',
    'bank',
    'transfer',
    'e-?transfer',
    'interac',
    'western\\s+union',
    'moneygram',
    'revolut',
    'deposit',
    'invoice',
    'gift\\s?cards?',
    'bitcoin',
    'btc',
    'crypto',
    'usdt',
    'ethereum',
    'send\\s+(?:me\\s+)?(?:the\\s+)?money',
    'cash\\s+only',
  ]
    .map((w) => `\\b${w}\\b`)
    .join('|'),
  'i',
);
// A payment app with a handle: "venmo @jane", "cash app $jane", "zelle me at jane@...".
const PAYMENT_HANDLE_RE =
  /\b(?:venmo|cash\s?app|paypal(?:\.me)?|zelle)\b[^\n]{0,20}?(?:[@$]|paypal\.me\/)[A-Za-z0-9_-]{2,}/i;
// Crypto addresses: Bitcoin bech32 (bc1...), Bitcoin base58 (1... / 3...), Ethereum (0x + 40 hex).
const BTC_BECH32_RE = /\bbc1[ac-hj-np-z02-9]{11,71}\b/i;
const BTC_BASE58_RE = /\b[13][a-km-zA-HJ-NP-Z1-9]{25,34}\b/;
const ETH_RE = /\b0x[a-fA-F0-9]{40}\b/;

export type OffPlatformSignal = 'contact_with_payment_words' | 'payment_handle' | 'crypto_address';

function looksLikeBase58Address(s: string): boolean {
  const m = BTC_BASE58_RE.exec(s);
  if (!m) return false;
  // A real address mixes digits, upper and lower case letters; a long word or number does not.
  const a = m[0];
  return /\d/.test(a.slice(1)) && /[A-Z]/.test(a) && /[a-z]/.test(a);
}

// Every reason the text looks like a request to pay outside Yardshare (empty when none).
export function offPlatformPaymentSignals(text: string): OffPlatformSignal[] {
  const out: OffPlatformSignal[] = [];
  const contact = EMAIL_RE.test(text) || PHONE_RE.test(text);
  if (contact && PAYMENT_WORDS_RE.test(text)) out.push('contact_with_payment_words');
  if (PAYMENT_HANDLE_RE.test(text)) out.push('payment_handle');
  if (BTC_BECH32_RE.test(text) || ETH_RE.test(text) || looksLikeBase58Address(text))
    out.push('crypto_address');
  return out;
}

// An e-mail address or phone number together with payment words, a payment-app handle, or a crypto
// address. Never used to drop a message: it sets a flag the recipient sees as a gentle warning.
export function offPlatformPaymentSignal(text: string): boolean {
  return offPlatformPaymentSignals(text).length > 0;
}
