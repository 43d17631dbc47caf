import { centsToDecimal } from '#shared/money.ts';
import {
  createPayoutThroughStoreRequest,
  createPullPaymentRequest,
  type PayoutData,
  payoutData,
  pullPaymentData,
  REFERENCE_KEY,
} from './greenfield-payouts.ts';
import {
  callJson,
  type HttpTransport,
  type PayoutApi,
  type PayoutRequest,
  ProviderError,
  type ProviderPayout,
} from './types.ts';

// Payouts through BTCPay Server's Greenfield API (ADR 032). A payout created through the store
// alone is denominated in the payout method's currency (BTC), so each payout gets its own pull
// payment in the store's currency (USD) first, and the payout is claimed from it, approved at
// once: the store's payout processor (or a person) then sends it. Needs an API key with
// btcpay.store.cancreatepullpayments and btcpay.store.canviewpayouts (or canmanagepullpayments).
export class BtcpayPayouts implements PayoutApi {
  private transport: HttpTransport;
  private base: string;
  private headers: () => Record<string, string>;

  constructor(transport: HttpTransport, base: string, headers: () => Record<string, string>) {
    this.transport = transport;
    this.base = base;
    this.headers = headers;
  }

  async findPayout(reference: string): Promise<ProviderPayout | null> {
    const list = await callJson<unknown[]>(
      this.transport,
      { method: 'GET', url: `${this.base}/payouts?includeCancelled=true`, headers: this.headers() },
      'BTCPay list payouts',
    );
    const mine = (Array.isArray(list) ? list : [])
      .map((p) => payoutData.safeParse(p))
      .filter((r) => r.success && r.data.metadata?.[REFERENCE_KEY] === reference)
      .map((r) => toPayout(r.data!));
    return mine.find((p) => p.state !== 'Cancelled') ?? mine[0] ?? null;
  }

  async createPayout(req: PayoutRequest): Promise<ProviderPayout> {
    const amount = centsToDecimal(req.amountCents);
    const payoutMethodId = req.method === 'lightning' ? 'BTC-LN' : 'BTC-CHAIN';
    const ppBody = createPullPaymentRequest.parse({
      name: `Yardshare payout ${req.reference}`,
      amount,
      currency: req.currency,
      autoApproveClaims: true,
      payoutMethods: [payoutMethodId],
    });
    const pp = pullPaymentData.safeParse(
      await callJson(
        this.transport,
        {
          method: 'POST',
          url: `${this.base}/pull-payments`,
          headers: this.headers(),
          body: JSON.stringify(ppBody),
        },
        'BTCPay create pull payment',
      ),
    );
    if (!pp.success) throw new ProviderError('BTCPay answered a pull payment without an id');
    const body = createPayoutThroughStoreRequest.parse({
      destination: req.destination,
      amount,
      payoutMethodId,
      pullPaymentId: pp.data.id,
      approved: true,
      metadata: { [REFERENCE_KEY]: req.reference, source: 'Yardshare' },
    });
    const created = await callJson(
      this.transport,
      { method: 'POST', url: `${this.base}/payouts`, headers: this.headers(), body: JSON.stringify(body) },
      'BTCPay create payout',
    );
    return parsePayout(created);
  }

  async getPayout(id: string): Promise<ProviderPayout> {
    const got = await callJson(
      this.transport,
      { method: 'GET', url: `${this.base}/payouts/${encodeURIComponent(id)}`, headers: this.headers() },
      'BTCPay get payout',
    );
    return parsePayout(got);
  }
}

function parsePayout(body: unknown): ProviderPayout {
  const r = payoutData.safeParse(body);
  if (!r.success) throw new ProviderError('BTCPay answered a payout we cannot read');
  return toPayout(r.data);
}

// The proof of a completed payout: the on-chain transaction id, or the Lightning preimage (its
// payment hash when the preimage is not given).
export function toPayout(p: PayoutData): ProviderPayout {
  const proof = p.paymentProof;
  const ref = p.metadata?.[REFERENCE_KEY];
  let out: ProviderPayout['proof'] = null;
  if (proof?.transactionId) out = { type: 'txid', value: proof.transactionId };
  else if (proof?.preimage) out = { type: 'preimage', value: proof.preimage };
  else if (proof?.paymentHash) out = { type: 'preimage', value: proof.paymentHash };
  else if (proof?.id) out = { type: p.payoutMethodId === 'BTC-LN' ? 'preimage' : 'txid', value: proof.id };
  return { id: p.id, state: p.state, reference: typeof ref === 'string' ? ref : null, proof: out };
}
