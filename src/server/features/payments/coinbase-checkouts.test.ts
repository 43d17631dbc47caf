import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { afterAll, describe, expect, it } from 'vitest';
import { bookings, payments } from '../../db/schema.ts';
import { newCdpEcKey, newCdpKey, SAMPLES, signedDelivery } from '../../testing/coinbase-behaviour.ts';
import { insertListing, registerUser } from '../../testing/factories.ts';
import { fakeCoinbase } from '../../testing/fake-coinbase.ts';
import { buildTestApp } from '../../testing/test-app.ts';
import { cdpSigner } from './providers/cdp-auth.ts';
import { readCheckoutEvent, usdcCents, uuidOf } from './providers/coinbase.ts';
import { verifyHook0 } from './providers/hook0-signature.ts';

// PAYMENT_PROVIDER=coinbase against a test Coinbase Business on a real port (ADR 046): checkouts
// made once however often the create is sent, Bearer JWTs as CDP checks them, webhooks signed as
// Hook0 signs them and applied once, refunds through the API. The fake follows Coinbase's
// documented examples (vendor/coinbase-checkouts/samples.json); these tests compare with them too.
const SECRET = 'whsec-test-secret';
const key = newCdpKey();
const fake = await fakeCoinbase({ keyId: key.id, publicKey: key.publicKey, webhookSecret: SECRET });
const { app, db } = await buildTestApp({
  PAYMENT_PROVIDER: 'coinbase',
  COINBASE_API_URL: fake.url,
  COINBASE_API_KEY_ID: key.id,
  COINBASE_API_KEY_SECRET: key.secret,
  COINBASE_WEBHOOK_SECRET: SECRET,
  PROVIDER_TIMEOUT_SECONDS: '1',
});
const hook = (headers: Record<string, string>, body: Buffer) =>
  app.inject({ method: 'POST', url: '/api/payments/webhook/coinbase', headers, payload: body });
fake.setTarget(async (headers, body) => (await hook(headers, body)).statusCode);
afterAll(() => fake.close());

const host = await registerUser(app);
const renter = await registerUser(app);

// The spec's one-month checkout: POST /api/payments/create; the checkout it made at Coinbase.
async function checkout(price = 50) {
  const l = await insertListing(db, host.user.id, { price });
  const res = await app.inject({
    method: 'POST',
    url: '/api/payments/create',
    headers: { cookie: renter.cookie },
    payload: { listingId: l.id, amount: price * 100 },
  });
  expect(res.statusCode, res.body).toBe(200);
  const id = /\/pay\/([0-9a-f]{24})$/.exec(res.json().hostedUrl)?.[1];
  expect(id, res.json().hostedUrl).toBeTruthy();
  return { listing: l, id: id!, hostedUrl: res.json().hostedUrl as string };
}
const paymentOf = async (checkoutId: string) =>
  (await db.db.select().from(payments).where(eq(payments.chargeId, checkoutId)))[0];
const creates = () => fake.requests.filter((r) => r.method === 'POST' && r.path === '/api/v1/checkouts');

describe('the webhook signature, as Coinbase documents it', () => {
  // Coinbase's own recipe (verify-signatures page), written out here apart from our code:
  // HMAC-SHA256 hex of `${t}.${h}.${values joined by "."}.${body}`.
  const documented = (secret: string, t: string, h: string, values: string[], body: string) =>
    createHmac('sha256', secret)
      .update(`${t}.${h}.${values.join('.')}.${body}`, 'utf8')
      .digest('hex');

  it('accepts a delivery signed by the recipe, and refuses a changed body, a wrong secret, an old or future one', () => {
    const body = JSON.stringify(SAMPLES.webhooks.events[0]);
    const now = 1_728_394_718_000;
    const t = String(now / 1000);
    const headers = { 'content-type': 'application/json', 'x-hook0-id': 'evt_1a2b3c4d5e6f' };
    const v1 = documented(
      SECRET,
      t,
      'content-type x-hook0-id',
      ['application/json', 'evt_1a2b3c4d5e6f'],
      body,
    );
    const signed = { ...headers, 'x-hook0-signature': `t=${t},h=content-type x-hook0-id,v1=${v1}` };
    expect(() => verifyHook0(SECRET, Buffer.from(body), signed, now)).not.toThrow();
    // Within five minutes either way: accepted; beyond: a replay.
    expect(() => verifyHook0(SECRET, Buffer.from(body), signed, now + 299_000)).not.toThrow();
    expect(() => verifyHook0(SECRET, Buffer.from(body), signed, now + 301_000)).toThrow(/5 minutes/);
    expect(() => verifyHook0(SECRET, Buffer.from(body), signed, now - 301_000)).toThrow(/5 minutes/);
    expect(() => verifyHook0(SECRET, Buffer.from(`${body} `), signed, now)).toThrow(
      /Invalid webhook signature/,
    );
    expect(() => verifyHook0('other', Buffer.from(body), signed, now)).toThrow(/Invalid webhook signature/);
    // A header named in h but missing signs as "" (the documented code's `headers[name] || ''`).
    const v1b = documented(SECRET, t, 'content-type x-hook0-id', ['application/json', ''], body);
    const missing = {
      'content-type': 'application/json',
      'x-hook0-signature': `t=${t},h=content-type x-hook0-id,v1=${v1b}`,
    };
    expect(() => verifyHook0(SECRET, Buffer.from(body), missing, now)).not.toThrow();
    // A changed header named in h breaks the signature.
    expect(() =>
      verifyHook0(SECRET, Buffer.from(body), { ...signed, 'x-hook0-id': 'evt_other' }, now),
    ).toThrow();
    for (const bad of ['', 'v1=abc', `t=${t},v1=${v1}`, `t=soon,h=,v1=${v1}`])
      expect(() =>
        verifyHook0(SECRET, Buffer.from(body), { ...headers, 'x-hook0-signature': bad }, now),
      ).toThrow();
  });

  it("reads Coinbase's sample events: the checkout, what it asks for, one event per checkout and type", () => {
    const [success, failed, expired, refund] = SAMPLES.webhooks.events;
    expect(readCheckoutEvent(success)).toMatchObject({
      chargeId: '69163c762331ed43dc64a6ef',
      type: 'checkout.payment.success',
      outcome: 'completed',
      eventId: 'checkout.payment.success:69163c762331ed43dc64a6ef',
    });
    expect(readCheckoutEvent(failed).outcome).toBe('failed');
    expect(readCheckoutEvent(expired).outcome).toBe('failed');
    expect(readCheckoutEvent(refund).outcome).toBe('ignored');
    // Two deliveries of one event (new Hook0 ids) are one event.
    expect(readCheckoutEvent(success, 'evt_a').eventId).toBe(readCheckoutEvent(success, 'evt_b').eventId);
    expect(() => readCheckoutEvent({ eventType: 'checkout.payment.success' })).toThrow();
  });

  it("the test Coinbase's events have the fields of Coinbase's samples, and its answers those of the documented answer", async () => {
    const { id } = await checkout();
    await fake.pay(id);
    const sent = JSON.parse(fake.deliveries.at(-1)!.body.toString()) as Record<string, unknown>;
    const sample = SAMPLES.webhooks.events[0];
    const documented = new Set([...Object.keys(sample), ...Object.keys(SAMPLES.createResponse.body)]);
    // Every field the success sample has, except the return addresses our http test server omits.
    for (const k of Object.keys(sample))
      if (!k.endsWith('RedirectUrl')) expect(Object.keys(sent), k).toContain(k);
    for (const k of Object.keys(sent)) expect(documented.has(k), k).toBe(true);
    const answer = fake.checkouts.get(id)!;
    for (const k of Object.keys(answer)) expect(documented.has(k), k).toBe(true);
  });
});

describe('the CDP API key', () => {
  it("signs each request as Coinbase's SDK does: sub, iss cdp, the request in uris, two minutes", async () => {
    for (const k of [key, newCdpEcKey()]) {
      const sign = cdpSigner(k, () => 1_700_000_000_000);
      const token = await sign('POST', new URL('https://business.coinbase.com/api/v1/checkouts'));
      expect(decodeProtectedHeader(token)).toMatchObject({
        kid: k.id,
        typ: 'JWT',
        nonce: expect.stringMatching(/^[0-9a-f]{32}$/),
      });
      expect(decodeJwt(token)).toEqual({
        sub: k.id,
        iss: 'cdp',
        uris: ['POST business.coinbase.com/api/v1/checkouts'],
        iat: 1_700_000_000,
        nbf: 1_700_000_000,
        exp: 1_700_000_120,
      });
    }
    // A PEM pasted on one line with \n, as in a .env file, signs too.
    const ec = newCdpEcKey();
    const oneLine = cdpSigner({ id: ec.id, secret: ec.secret.replace(/\n/g, '\\n') });
    expect(
      decodeJwt(await oneLine('GET', new URL('https://business.coinbase.com/api/v1/checkouts/x'))).sub,
    ).toBe(ec.id);
  });

  it('is refused by Coinbase when it signs for another key or another request', async () => {
    const other = newCdpKey();
    const sign = cdpSigner(other);
    const url = new URL(`${fake.url}/api/v1/checkouts/${'a'.repeat(24)}`);
    const res = await fetch(url, { headers: { authorization: `Bearer ${await sign('GET', url)}` } });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ errorType: 'unauthorized' });
    const mine = cdpSigner(key);
    const wrongPath = await mine('GET', new URL(`${fake.url}/api/v1/checkouts`));
    expect((await fetch(url, { headers: { authorization: `Bearer ${wrongPath}` } })).status).toBe(401);
  });
});

describe('paying through a Coinbase checkout', () => {
  it('creates the checkout as documented, and the signed success event completes the payment once', async () => {
    const before = creates().length;
    const { id } = await checkout(50);
    const [req] = creates().slice(before);
    expect(req.idempotencyKey).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4/);
    expect(req.body).toMatchObject({ amount: '53.00', currency: 'USDC' });
    // http return addresses are left out: Coinbase takes https only.
    expect(req.body).not.toHaveProperty('successRedirectUrl');
    const p = await paymentOf(id);
    expect(p).toMatchObject({ status: 'pending', provider: 'coinbase', amount: 5_000, platformFee: 300 });
    expect((req.body as { metadata: Record<string, string> }).metadata.reference).toBe(
      (p.metadata as { reference: string }).reference,
    );
    await fake.pay(id);
    expect(fake.deliveries.at(-1)!.status).toBe(200);
    expect(await paymentOf(id)).toMatchObject({ status: 'completed', flaggedReason: null });
    // The same delivery again, and a new delivery of the same event: applied once.
    const d = fake.deliveries.at(-1)!;
    const again = await hook(d.headers, d.body);
    expect(again.json()).toMatchObject({ outcome: 'duplicate' });
    const c = fake.checkouts.get(id)!;
    const fresh = signedDelivery(SECRET, { ...c, eventType: 'checkout.payment.success' }, Date.now());
    expect((await hook(fresh.headers, fresh.body)).json()).toMatchObject({ outcome: 'duplicate' });
  });

  it('makes one checkout when the first create times out and is sent again', async () => {
    const before = creates().length;
    fake.slowCreate(2_500);
    const { id } = await checkout(40);
    const sent = creates().slice(before);
    expect(sent.length).toBe(2);
    expect(sent[0].idempotencyKey).toBe(sent[1].idempotencyKey);
    const made = [...fake.checkouts.values()].filter(
      (c) =>
        c.metadata?.reference === (sent[0].body as { metadata: { reference: string } }).metadata.reference,
    );
    expect(made.map((c) => c.id)).toEqual([id]);
  });

  it('changes nothing for a forged, stale or unsigned event', async () => {
    const { id } = await checkout(30);
    const c = { ...fake.checkouts.get(id)!, status: 'COMPLETED', eventType: 'checkout.payment.success' };
    const forged = signedDelivery('not-the-secret', c, Date.now());
    const stale = signedDelivery(SECRET, c, Date.now() - 6 * 60_000);
    for (const d of [forged, stale, { headers: { 'content-type': 'application/json' }, body: forged.body }]) {
      const res = await hook(d.headers, d.body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
    expect((await paymentOf(id)).status).toBe('pending');
  });

  it('fails the payment of an expired checkout, as an expired BTCPay invoice does', async () => {
    const { id } = await checkout(20);
    await fake.expire(id);
    expect((await paymentOf(id)).status).toBe('failed');
  });

  it('flags an underpayment: what Coinbase says arrived, short of the total', async () => {
    const { id } = await checkout(60);
    await fake.pay(id, '60.00');
    const p = await paymentOf(id);
    expect(p.flaggedReason).toMatch(/Underpaid: received \$60\.00 of \$63\.60/);
    expect(p.status).not.toBe('completed');
  });

  it('refunds through the API, once, with a key that names the refund', async () => {
    const { id } = await checkout(50);
    await fake.pay(id);
    const p = await paymentOf(id);
    const res = await app.inject({
      method: 'POST',
      url: `/api/payments/${p.id}/refund`,
      headers: { cookie: host.cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    const refunds = fake.requests.filter((r) => r.path === `/api/v1/checkouts/${id}/refund`);
    expect(refunds).toHaveLength(1);
    expect(refunds[0].body).toMatchObject({
      amount: expect.stringMatching(/^\d+\.\d{2}$/),
      currency: 'USDC',
    });
    const after = await paymentOf(id);
    expect((after.metadata as { refund: { state: string; reference?: string } }).refund).toMatchObject({
      state: 'sent',
      reference: fake.checkouts.get(id)!.refunds![0].id,
    });
    expect(refunds[0].idempotencyKey).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab]/);
    expect(uuidOf('a')).toBe(uuidOf('a'));
    // The refund completing at Coinbase later is an event we read and leave alone.
    await fake.completeRefunds(id);
    expect(fake.deliveries.at(-1)).toMatchObject({ event: 'checkout.refund.success', status: 200 });
  });

  it('reads USDC amounts to the cent, never rounding up', () => {
    expect(usdcCents('100.00')).toBe(10_000);
    expect(usdcCents('99.999999')).toBe(9_999);
    expect(usdcCents('0.1')).toBe(10);
    expect(usdcCents('1e3')).toBeNull();
    expect(usdcCents(12)).toBeNull();
  });

  it('books and pays a rental through the checkout; the booking is paid', async () => {
    const l = await insertListing(db, host.user.id, { price: 80, bookingMode: 'instant' });
    const made = await app.inject({
      method: 'POST',
      url: '/api/bookings',
      headers: { cookie: renter.cookie },
      payload: { listingId: l.id, start: new Date().toISOString().slice(0, 10), months: 2 },
    });
    expect(made.statusCode, made.body).toBe(201);
    const pay = await app.inject({
      method: 'POST',
      url: `/api/bookings/${made.json().id}/pay`,
      headers: { cookie: renter.cookie },
    });
    expect(pay.statusCode, pay.body).toBe(200);
    const id = /\/pay\/([0-9a-f]{24})$/.exec(pay.json().hostedUrl)![1];
    await fake.pay(id);
    const [b] = await db.db.select().from(bookings).where(eq(bookings.id, made.json().id));
    expect(['paid', 'active']).toContain(b.status);
  });
});

describe('payouts with Coinbase', () => {
  it('offers hosts a USDC address on Base, checked as EIP-55 says, and refuses bitcoin', async () => {
    const terms = (await app.inject({ method: 'GET', url: '/api/payments/terms' })).json();
    expect(terms.payoutMethods).toEqual(['usdc']);
    const put = (type: string, destination: string) =>
      app.inject({
        method: 'PUT',
        url: '/api/users/me/payout-method',
        headers: { cookie: host.cookie },
        payload: { type, destination, password: host.input.password },
      });
    expect((await put('bitcoin', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq')).json().message).toMatch(
      /pays hosts by usdc/,
    );
    // EIP-55's own test vector, in lower case, with a checksum typo, and valid.
    const valid = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
    expect((await put('usdc', valid.replace('aA', 'Aa'))).statusCode).toBe(400);
    expect((await put('usdc', '0x1234')).statusCode).toBe(400);
    const ok = await put('usdc', valid.toLowerCase());
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().destination).toBe(valid);
  });
});
