import { createHash, randomBytes } from 'node:crypto';
import { centsToDecimal, decimalToCents } from '#shared/money.ts';

// What the test BTCPay (fake-btcpay.ts) answers with and checks, as BTCPay Server 2.4.1 does it:
// its payout and invoice shapes, its permission hierarchy, its ids and its payment proofs. Each rule
// names the BTCPay source file that shows it (ADR 044).

export type Payout = {
  id: string;
  revision: number;
  pullPaymentId: string | null;
  date: number;
  destination: string;
  originalCurrency: string;
  originalAmount: string;
  payoutCurrency: string;
  payoutAmount: string | null;
  payoutMethodId: string;
  state: 'AwaitingApproval' | 'AwaitingPayment' | 'InProgress' | 'Completed' | 'Cancelled';
  paymentProof: Record<string, unknown> | null;
  metadata: Record<string, unknown>;
};
export type Invoice = {
  id: string;
  storeId: string;
  amount: string;
  currency: string;
  status: 'New' | 'Processing' | 'Expired' | 'Invalid' | 'Settled';
  additionalStatus: 'None' | 'PaidLate' | 'PaidPartial' | 'Marked' | 'Invalid' | 'PaidOver';
  metadata: Record<string, unknown>;
  checkout: Record<string, unknown>;
  createdTime: number;
  expirationTime: number;
  paidCents: number;
};

// The API key permissions the README asks for (BTCPayServer.Client/Permissions.cs): create and
// read invoices, create pull payments and approved payouts (which includes the non-approved ones a
// refund needs), read payouts back, and read the store's settings (its payout processors).
export const README_PERMISSIONS = [
  'btcpay.store.cancreateinvoice',
  'btcpay.store.canviewinvoices',
  'btcpay.store.cancreatepullpayments',
  'btcpay.store.canviewpayouts',
  'btcpay.store.canviewstoresettings',
];
// What each permission includes (BTCPayServer/Hosting/BTCPayServerServices.cs, the
// PolicyDefinitions): canmanagepullpayments does not include canviewpayouts.
const INCLUDES: Record<string, string[]> = {
  'btcpay.store.canmodifystoresettings': [
    'btcpay.store.canmanagepullpayments',
    'btcpay.store.canmodifyinvoices',
    'btcpay.store.canviewstoresettings',
    'btcpay.store.canmanagepayouts',
  ],
  'btcpay.store.canviewstoresettings': [
    'btcpay.store.canviewinvoices',
    'btcpay.store.canviewpullpayments',
    'btcpay.store.canviewpayouts',
  ],
  'btcpay.store.canmodifyinvoices': ['btcpay.store.canviewinvoices', 'btcpay.store.cancreateinvoice'],
  'btcpay.store.canmanagepullpayments': [
    'btcpay.store.cancreatepullpayments',
    'btcpay.store.canarchivepullpayments',
  ],
  'btcpay.store.cancreatepullpayments': ['btcpay.store.cancreatenonapprovedpullpayments'],
  'btcpay.store.cancreatenonapprovedpullpayments': ['btcpay.store.canviewpullpayments'],
  'btcpay.store.canmanagepayouts': ['btcpay.store.canviewpayouts'],
};
export const expand = (given: string[]) => {
  const all = new Set<string>();
  const add = (p: string) => {
    if (all.has(p)) return;
    all.add(p);
    for (const q of INCLUDES[p] ?? []) add(q);
  };
  for (const p of given) add(p);
  return all;
};
// A test rate: 1 USD = 2,000 sats.
const SATS_PER_CENT = 20n;
export const btc = (cents: number) => {
  const sats = BigInt(cents) * SATS_PER_CENT;
  return `${sats / 100_000_000n}.${(sats % 100_000_000n).toString().padStart(8, '0')}`;
};
// Payout ids are 20 random bytes in Base58 (PullPaymentHostedService.cs, HandleCreatePayout).
const B58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
export const base58Id = () => {
  let n = BigInt(`0x${randomBytes(20).toString('hex')}`);
  let s = '';
  while (n > 0n) {
    s = B58[Number(n % 58n)] + s;
    n /= 58n;
  }
  return s;
};

export function invoiceData(i: Invoice) {
  return {
    id: i.id,
    storeId: i.storeId,
    amount: i.amount,
    paidAmount: centsToDecimal(i.paidCents),
    currency: i.currency,
    type: 'Standard',
    checkoutLink: `https://btcpay.test/i/${i.id}`,
    createdTime: i.createdTime,
    expirationTime: i.expirationTime,
    monitoringExpiration: i.expirationTime + 86_400,
    status: i.status,
    additionalStatus: i.additionalStatus,
    availableStatusesForManualMarking: [],
    archived: false,
    metadata: i.metadata,
    checkout: i.checkout,
  };
}
export function paymentMethod(i: Invoice) {
  const total = decimalToCents(i.amount) ?? 0;
  return {
    paymentMethodId: 'BTC-CHAIN',
    currency: 'BTC',
    destination: 'bc1qtestinvoiceaddress',
    paymentLink: null,
    rate: '50000.00',
    paymentMethodPaid: btc(i.paidCents),
    totalPaid: btc(i.paidCents),
    due: btc(Math.max(0, total - i.paidCents)),
    amount: btc(total),
    paymentMethodFee: '0.00000000',
    payments: i.paidCents
      ? [
          {
            id: createHash('sha256').update(i.id).digest('hex'),
            receivedDate: i.createdTime + 60,
            value: btc(i.paidCents),
            fee: '0.00000000',
            status: 'Settled',
            destination: 'bc1qtestinvoiceaddress',
          },
        ]
      : [],
    additionalData: {},
  };
}

// The proof each payout handler stores, serialized by Newtonsoft without a camelCase resolver:
// PayoutTransactionOnChainBlob.cs (TransactionId, Candidates, ProofType, Accounted; Id and Link are
// [JsonIgnore]) and PayoutLightningBlob.cs (PaymentHash, ProofType, Link, Id, Preimage).
export const proofOf = (o: Payout) => {
  if (o.payoutMethodId === 'BTC-LN') {
    const hash = createHash('sha256').update(`ln-${o.id}`).digest('hex');
    return {
      PaymentHash: hash,
      ProofType: 'PayoutLightningBlob',
      Link: null,
      Id: hash,
      Preimage: createHash('sha256').update(`pre-${o.id}`).digest('hex'),
    };
  }
  const txid = createHash('sha256').update(o.id).digest('hex');
  return {
    TransactionId: txid,
    Candidates: [txid],
    ProofType: 'PayoutTransactionOnChainBlob',
    Accounted: true,
  };
};
