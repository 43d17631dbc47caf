import { centsToDecimal } from '#shared/money.ts';
import {
  createPayoutThroughStoreRequest,
  createPullPaymentRequest,
  type PayoutData,
  PULL_PAYMENT_NAME_MAX,
  payoutData,
  payoutProcessorData,
  pullPaymentData,
  REFERENCE_KEY,
  readProof,
} from './greenfield-payouts.ts';
import {
  callJson,
  type HttpTransport,
  type PayoutApi,
  type PayoutRequest,
  ProviderError,
  type ProviderPayout,
} from './types.ts';

// Payouts through BTCPay Server's Greenfield API (ADRs 032 and 044). A payout created through the
// store alone is denominated in the payout method's currency (BTC), so each payout gets its own
// pull payment in the store's currency (USD) first, and the payout is claimed from it, approved at
// once: the store's payout processor (or a person) then sends it. The pull payment does not approve
// claims by itself, so a claim through its public page would wait for a person.
// The API key needs btcpay.store.cancreatepullpayments (create and approve) and
// btcpay.store.canviewpayouts (read them back); btcpay.store.canviewstoresettings lets us say why a
// payout waits (its payout processors).
export class BtcpayPayouts implements PayoutApi {
  private transport: HttpTransport;
  private server: string;
  private store: string;
  private headers: () => Record<string, string>;

  constructor(
    transport: HttpTransport,
    server: string,
    storeId: string,
    headers: () => Record<string, string>,
  ) {
    this.transport = transport;
    this.server = server;
    this.store = `${server}/api/v1/stores/${encodeURIComponent(storeId)}`;
    this.headers = headers;
  }

  async findPayout(reference: string): Promise<ProviderPayout | null> {
    const list = await callJson<unknown[]>(
      this.transport,
      { method: 'GET', url: `${this.store}/payouts?includeCancelled=true`, headers: this.headers() },
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
      name: `Yardshare ${req.reference}`.slice(0, PULL_PAYMENT_NAME_MAX),
      amount,
      currency: req.currency,
      autoApproveClaims: false,
      payoutMethods: [payoutMethodId],
    });
    const pp = pullPaymentData.safeParse(
      await callJson(
        this.transport,
        {
          method: 'POST',
          url: `${this.store}/pull-payments`,
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
      { method: 'POST', url: `${this.store}/payouts`, headers: this.headers(), body: JSON.stringify(body) },
      'BTCPay create payout',
    );
    return parsePayout(created);
  }

  // The documented route, GET /api/v1/payouts/{payoutId} (swagger.template.pull-payments.json).
  async getPayout(id: string): Promise<ProviderPayout> {
    const got = await callJson(
      this.transport,
      {
        method: 'GET',
        url: `${this.server}/api/v1/payouts/${encodeURIComponent(id)}`,
        headers: this.headers(),
      },
      'BTCPay get payout',
    );
    return parsePayout(got);
  }

  // AwaitingApproval with `approved: true` means BTCPay had no rate for the pull payment's currency
  // (PullPaymentHostedService.cs, HandleCreatePayout). AwaitingPayment waits for a payout processor
  // of its method, or for a person if the store has none.
  async waitingReason(p: ProviderPayout): Promise<string> {
    if (p.state === 'AwaitingApproval')
      return "BTCPay has not approved the payout: the store found no exchange rate for it. Check the store's rate settings, then approve it in BTCPay (Payouts).";
    if (p.state !== 'AwaitingPayment') return `BTCPay reports the payout as ${p.state}.`;
    let processors: string[] | null = null;
    let unread = '';
    try {
      const list = await callJson<unknown[]>(
        this.transport,
        { method: 'GET', url: `${this.store}/payout-processors`, headers: this.headers() },
        'BTCPay list payout processors',
      );
      processors = (Array.isArray(list) ? list : []).flatMap((x) => {
        const r = payoutProcessorData.safeParse(x);
        return r.success ? (r.data.payoutMethods ?? []) : [];
      });
    } catch (err) {
      if (!(err instanceof ProviderError)) throw err;
      unread =
        err.status === 403
          ? 'the API key lacks btcpay.store.canviewstoresettings'
          : `BTCPay did not answer (${err.message})`;
    }
    if (processors === null)
      return `BTCPay has approved the payout and waits to send it (${p.method}). Whether the store has a payout processor could not be read: ${unread}.`;
    if (!processors.includes(p.method))
      return `The store has no automated payout processor for ${p.method}: a person must send it in BTCPay (Payouts), or set one up (Store settings > Payout processors).`;
    return `BTCPay's payout processor for ${p.method} has not sent it yet: check the store wallet's balance and the processor's interval.`;
  }
}

function parsePayout(body: unknown): ProviderPayout {
  const r = payoutData.safeParse(body);
  if (!r.success) throw new ProviderError('BTCPay answered a payout we cannot read');
  return toPayout(r.data);
}

export function toPayout(p: PayoutData): ProviderPayout {
  const ref = p.metadata?.[REFERENCE_KEY];
  return {
    id: p.id,
    state: p.state,
    reference: typeof ref === 'string' ? ref : null,
    method: p.payoutMethodId,
    proof: readProof(p.payoutMethodId, p.paymentProof),
    proofData: p.paymentProof ?? null,
  };
}
