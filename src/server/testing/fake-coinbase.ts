import type { KeyObject } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeProtectedHeader, jwtVerify } from 'jose';
import {
  type Checkout,
  cdpError,
  createProblem,
  newCheckout,
  type Refund,
  settle,
  signedDelivery,
} from './coinbase-behaviour.ts';
import { type Answer, controlRoute, type Delivery, hostedPage, json } from './fake-coinbase-pages.ts';

// A test Coinbase Business on a real port (ADR 046): the Checkouts API (create, get, refund), a
// hosted checkout page a browser can pay on, and Hook0-signed webhooks to the subscription's
// target. It follows Coinbase's documented examples and rules (coinbase-behaviour.ts), checks each
// request's Bearer JWT as CDP does (the key's public half, the uris claim, two minutes), and
// answers an idempotent create again with the checkout it made.

export type FakeCoinbaseOptions = {
  keyId: string;
  publicKey: KeyObject;
  webhookSecret: string;
  // Where the subscription delivers (the marketplace's /api/payments/webhook/coinbase): a URL, or
  // a function that hands the delivery over (app.inject in API tests) and answers its status.
  target?: Target;
};

export type Target = string | ((headers: Record<string, string>, body: Buffer) => Promise<number>);

async function post(target: Target, headers: Record<string, string>, body: Buffer): Promise<number> {
  if (typeof target === 'function') return target(headers, body);
  const res = await fetch(target, { method: 'POST', headers, body: new Uint8Array(body) });
  await res.text();
  return res.status;
}

export type { Delivery } from './fake-coinbase-pages.ts';

export async function fakeCoinbase(opts: FakeCoinbaseOptions & { port?: number }) {
  const checkouts = new Map<string, Checkout>();
  const byKey = new Map<string, { body: string; id: string }>();
  const requests: { method: string; path: string; body: unknown; idempotencyKey?: string }[] = [];
  const refused: string[] = [];
  const deliveries: Delivery[] = [];
  let target = opts.target;
  let clock = () => Date.now();
  // The next create is made, then answered `ms` late (after the client gave up).
  let slowCreates = 0;
  let slowMs = 0;

  async function authorised(req: http.IncomingMessage, url: URL): Promise<string | null> {
    const auth = req.headers.authorization ?? '';
    const token = /^Bearer (.+)$/.exec(auth)?.[1];
    if (!token) return 'Missing Bearer token';
    try {
      const header = decodeProtectedHeader(token);
      if (header.kid !== opts.keyId || header.typ !== 'JWT' || typeof header.nonce !== 'string')
        return 'JWT header must carry kid, typ JWT and a nonce';
      const { payload } = await jwtVerify(token, opts.publicKey, {
        issuer: 'cdp',
        subject: opts.keyId,
        currentDate: new Date(clock()),
      });
      const uri = `${req.method} ${url.host}${url.pathname}`;
      if (!Array.isArray(payload.uris) || payload.uris.length !== 1 || payload.uris[0] !== uri)
        return `JWT uris must be ["${uri}"]`;
      // "Your JWT expires after 2 minutes."
      if (!payload.exp || !payload.iat || payload.exp - payload.iat > 120)
        return 'JWT must live at most 120 s';
      return null;
    } catch (err) {
      return `Invalid JWT: ${(err as Error).message}`;
    }
  }

  const bad = (message: string, type = 'invalid_request'): Answer => {
    refused.push(message);
    return json(400, cdpError(type, message));
  };

  async function deliver(c: Checkout, eventType: string): Promise<void> {
    const { body, headers } = signedDelivery(opts.webhookSecret, { ...c, eventType }, clock());
    const d: Delivery = { event: eventType, checkoutId: c.id, status: null, body, headers };
    deliveries.push(d);
    if (target) d.status = await post(target, headers, body);
  }

  async function api(method: string, url: URL, raw: string, req: http.IncomingMessage): Promise<Answer> {
    const p = url.pathname;
    const key = req.headers['x-idempotency-key'] as string | undefined;
    let body: unknown;
    try {
      body = raw ? JSON.parse(raw) : undefined;
    } catch {
      return bad('The body is not JSON');
    }
    requests.push({ method, path: p, body, ...(key ? { idempotencyKey: key } : {}) });
    const denied = await authorised(req, url);
    if (denied) {
      refused.push(denied);
      return json(401, cdpError('unauthorized', denied));
    }
    if (method === 'POST' && p === '/api/v1/checkouts') {
      const problem = createProblem(body, key, clock());
      if (problem) return bad(problem);
      if (key) {
        const seen = byKey.get(key);
        if (seen && seen.body !== raw)
          return json(422, cdpError('idempotency_error', 'Key reused with another request'));
        if (seen) return json(201, checkouts.get(seen.id));
      }
      const c = newCheckout(body as Record<string, unknown>, `${base}/pay`, clock());
      checkouts.set(c.id, c);
      if (key) byKey.set(key, { body: raw, id: c.id });
      const late = slowCreates > 0 ? slowMs : 0;
      if (late) slowCreates -= 1;
      return { status: 201, body: c, late };
    }
    const one = /^\/api\/v1\/checkouts\/([0-9a-f]{24})(\/refund)?$/.exec(p);
    if (!one) return json(404, cdpError('not_found', 'Not found'));
    const c = checkouts.get(one[1]);
    if (!c) return json(404, cdpError('not_found', 'Checkout not found'));
    if (method === 'GET' && !one[2]) return json(200, c);
    if (method === 'POST' && one[2]) {
      // "Only COMPLETED or PARTIALLY_REFUNDED checkouts can be refunded."; "Must not exceed
      // remaining refundable amount." (refund-checkout)
      if (c.status !== 'COMPLETED' && c.status !== 'PARTIALLY_REFUNDED')
        return bad('Only COMPLETED or PARTIALLY_REFUNDED checkouts can be refunded');
      const b = (body ?? {}) as { amount?: unknown; currency?: unknown; reason?: unknown };
      if (typeof b.amount !== 'string' || !/^\d+(\.\d{1,2})?$/.test(b.amount))
        return bad('amount is required');
      if (b.currency !== undefined && b.currency !== 'USDC') return bad('currency must be USDC here');
      if (key && byKey.has(key))
        return json(200, { checkout: c, refund: c.refunds?.find((r) => r.id === byKey.get(key)!.id) });
      const refunded = Number(c.refundedAmount ?? '0');
      if (Number(b.amount) + refunded > Number(c.settlement?.totalAmount ?? c.amount) + 1e-9)
        return bad('Must not exceed remaining refundable amount');
      const refund: Refund = {
        id: `${c.id.slice(0, 16)}${String(c.refunds?.length ?? 0).padStart(8, '0')}`,
        checkoutId: c.id,
        amount: b.amount,
        currency: 'USDC',
        status: 'PENDING',
        ...(typeof b.reason === 'string' ? { reason: b.reason } : {}),
        createdAt: new Date(clock()).toISOString(),
      };
      if (key) byKey.set(key, { body: raw, id: refund.id });
      c.refunds = [...(c.refunds ?? []), refund];
      const total = refunded + Number(b.amount);
      c.refundedAmount = total.toFixed(2);
      c.status = total >= Number(c.amount) ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
      c.updatedAt = new Date(clock()).toISOString();
      return json(200, { checkout: c, refund });
    }
    return json(405, cdpError('method_not_allowed', 'Method not allowed'));
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', async () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const url = new URL(req.url ?? '/', `http://${req.headers.host}`);
      const state = { checkouts, requests, refused, deliveries, webhookSecret: opts.webhookSecret, clock };
      const a = url.pathname.startsWith('/pay/')
        ? await hostedPage(state, control, req.method ?? 'GET', url, raw)
        : url.pathname.startsWith('/_control/')
          ? await controlRoute(state, control, req.method ?? 'GET', url)
          : await api(req.method ?? 'GET', url, raw, req);
      const send = () => {
        if (res.destroyed) return;
        if (a.location) res.writeHead(a.status, { location: a.location }).end();
        else if (a.html !== undefined) res.writeHead(a.status, { 'content-type': 'text/html' }).end(a.html);
        else
          res.writeHead(a.status, { 'content-type': 'application/json' }).end(JSON.stringify(a.body ?? {}));
      };
      if (a.late) setTimeout(send, a.late);
      else send();
    });
  });
  await new Promise<void>((r) => server.listen(opts.port ?? 0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const find = (id: string) => {
    const c = checkouts.get(id);
    if (!c) throw new Error(`no checkout ${id}`);
    return c;
  };
  const control = {
    url: base,
    checkouts,
    requests,
    refused,
    deliveries,
    setTarget(t: Target) {
      target = t;
    },
    setClock(fn: () => number) {
      clock = fn;
    },
    // The next `count` creates are made and answered `ms` late.
    slowCreate(ms: number, count = 1) {
      slowMs = ms;
      slowCreates = count;
    },
    // The payer pays `amount` (default: the whole amount) and the success event is delivered.
    async pay(id: string, amount?: string) {
      const c = find(id);
      settle(c, amount ?? c.amount, clock());
      await deliver(c, 'checkout.payment.success');
    },
    async fail(id: string) {
      const c = find(id);
      c.status = 'FAILED';
      c.updatedAt = new Date(clock()).toISOString();
      await deliver(c, 'checkout.payment.failed');
    },
    async expire(id: string) {
      const c = find(id);
      c.status = 'EXPIRED';
      c.updatedAt = new Date(clock()).toISOString();
      await deliver(c, 'checkout.payment.expired');
    },
    // The pending refunds complete (Coinbase finishes them later and says so by webhook).
    async completeRefunds(id: string) {
      const c = find(id);
      for (const r of c.refunds ?? [])
        if (r.status === 'PENDING')
          Object.assign(r, { status: 'COMPLETED', completedAt: new Date(clock()).toISOString() });
      await deliver(c, 'checkout.refund.success');
    },
    // The same delivery sent again, byte for byte (Hook0 retries, or a replay).
    redeliver: (d: Delivery, headers = d.headers, body = d.body): Promise<number> =>
      post(target!, headers, body),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
  return control;
}

export type FakeCoinbase = Awaited<ReturnType<typeof fakeCoinbase>>;
