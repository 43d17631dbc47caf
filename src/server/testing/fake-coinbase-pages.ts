import { type Checkout, cdpError, signedDelivery } from './coinbase-behaviour.ts';

// The test Coinbase's browser-facing parts (ADR 046): the hosted checkout page a payer pays on, and
// the /_control/ routes a browser test uses when the fake runs in another process.

export type Answer = { status: number; body?: unknown; html?: string; location?: string; late?: number };
export const json = (status: number, body: unknown): Answer => ({ status, body });

export type Delivery = {
  event: string;
  checkoutId: string;
  status: number | null;
  body: Buffer;
  headers: Record<string, string>;
};

// What the fake holds, as these routes read it.
type State = {
  checkouts: Map<string, Checkout>;
  requests: { method: string; path: string }[];
  refused: string[];
  deliveries: Delivery[];
  webhookSecret: string;
  clock: () => number;
};
// What a test calls on the fake, as these routes use it.
type Control = {
  pay(id: string): Promise<void>;
  fail(id: string): Promise<void>;
  expire(id: string): Promise<void>;
  slowCreate(ms: number): void;
};

// The hosted checkout page: what a payer sees at the checkout's url.
export async function hostedPage(
  { checkouts }: State,
  control: Control,
  method: string,
  url: URL,
  raw: string,
): Promise<Answer> {
  const c = checkouts.get(url.pathname.split('/')[2] ?? '');
  if (!c) return { status: 404, html: '<h1>Checkout not found</h1>' };
  if (method === 'POST') {
    const action = new URLSearchParams(raw).get('action');
    if (action === 'pay' && c.status === 'ACTIVE') await control.pay(c.id);
    if (action === 'cancel' && c.status === 'ACTIVE') await control.fail(c.id);
    const back = c.status === 'COMPLETED' ? c.successRedirectUrl : c.failRedirectUrl;
    if (back) return { status: 303, location: back };
  }
  const done =
    c.status === 'COMPLETED' ? '<p role="status">Payment complete. You can close this page.</p>' : '';
  const form =
    c.status === 'ACTIVE'
      ? `<form method="post"><button name="action" value="pay">Pay ${c.amount} USDC</button>
         <button name="action" value="cancel">Cancel</button></form>`
      : '';
  return {
    status: 200,
    html: `<!doctype html><title>Coinbase checkout</title><h1>Pay ${c.amount} USDC on Base</h1>
      <p>${c.description ?? ''}</p><p>Status: ${c.status}</p>${done}${form}`,
  };
}

// For a browser test whose server is another process: what a test would call on `control`.
export async function controlRoute(
  { checkouts, requests, refused, deliveries, webhookSecret, clock }: State,
  control: Control,
  method: string,
  url: URL,
): Promise<Answer> {
  const [, , action, id] = url.pathname.split('/');
  if (method === 'GET' && action === 'checkouts')
    return json(200, {
      checkouts: [...checkouts.values()],
      creates: requests.filter((r) => r.method === 'POST' && r.path === '/api/v1/checkouts').length,
      refused,
      deliveries: deliveries.map((d) => ({
        event: d.event,
        checkoutId: d.checkoutId,
        status: d.status,
        headers: d.headers,
        body: d.body.toString('utf8'),
      })),
    });
  // A success event for a checkout, signed six minutes ago (a replay a test sends itself).
  if (method === 'GET' && action === 'stale' && id && checkouts.has(id)) {
    const c = checkouts.get(id)!;
    const d = signedDelivery(
      webhookSecret,
      { ...c, status: 'COMPLETED', eventType: 'checkout.payment.success' },
      clock() - 6 * 60_000,
    );
    return json(200, { headers: d.headers, body: d.body.toString('utf8') });
  }
  if (method === 'POST' && action === 'slow-create') {
    control.slowCreate(Number(url.searchParams.get('ms') ?? 0));
    return json(200, {});
  }
  if (method === 'POST' && action === 'expire' && id && checkouts.has(id)) {
    await control.expire(id);
    return json(200, {});
  }
  return json(404, cdpError('not_found', 'No such control'));
}
