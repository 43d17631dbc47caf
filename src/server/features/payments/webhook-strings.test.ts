import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { paymentsKit } from '../../testing/payments.ts';

// A signed body is trusted to come from the provider, not to hold only storable text: PostgreSQL
// text and jsonb refuse NUL, and a lone UTF-16 surrogate has no UTF-8 form.
const kit = await paymentsKit();
const { listing, createOk, paymentOf, countEvents, event, deliver } = kit;

const NUL = '\u0000';
const HIGH = '\ud800';
const LOW = '\udc00';

describe('webhook bodies with strings that cannot be stored', () => {
  it('answers 400 with a JSON message and stores nothing, wherever the bad string is', async () => {
    const l = await listing();
    const { invoiceId } = await createOk(l.id);
    const before = await paymentOf(invoiceId);
    const base = JSON.parse(event(invoiceId, 'InvoiceExpired')) as Record<string, unknown>;
    const bodies: [string, Record<string, unknown>][] = [
      ['NUL in type', { ...base, type: `InvoiceExpired${NUL}` }],
      ['NUL in deliveryId', { ...base, deliveryId: `d${NUL}`, originalDeliveryId: `d${NUL}` }],
      [
        'NUL in invoiceId of a paid event',
        { ...base, type: 'InvoiceSettled', invoiceId: `${invoiceId}${NUL}` },
      ],
      ['NUL in a nested value', { ...base, metadata: { orderId: `a${NUL}b` } }],
      ['NUL in a key', { ...base, metadata: { [`k${NUL}`]: 1 } }],
      ['NUL in an array', { ...base, tags: ['ok', NUL] }],
      ['lone high surrogate in a nested value', { ...base, metadata: { itemDesc: `plot ${HIGH}` } }],
      ['lone low surrogate in type', { ...base, type: `${LOW}InvoiceExpired` }],
      [
        'lone surrogate in invoiceId of a paid event',
        { ...base, type: 'InvoiceSettled', invoiceId: `${invoiceId}${HIGH}` },
      ],
      ['lone surrogate in a key', { ...base, metadata: { [LOW]: 'x' } }],
      ['reversed surrogate pair', { ...base, metadata: { itemDesc: `${LOW}${HIGH}` } }],
    ];
    const events = await countEvents();
    for (const [what, obj] of bodies) {
      obj.deliveryId ??= randomUUID();
      // JSON.stringify writes \u0000 and lone surrogates as escapes: valid JSON, validly signed.
      const res = await deliver(JSON.stringify(obj));
      expect(res.statusCode, what).toBe(400);
      expect(res.headers['content-type'], what).toMatch(/application\/json/);
      // Refused by the webhook check itself, before the provider or the database is asked.
      expect(res.json(), what).toEqual({
        message: expect.stringMatching(/NUL|surrogate/),
        code: 'BAD_WEBHOOK',
      });
    }
    expect(await countEvents()).toBe(events);
    expect(await paymentOf(invoiceId)).toEqual(before);
  });

  it('refuses bytes that are not UTF-8 (an encoded surrogate, a stray byte) the same way', async () => {
    const l = await listing();
    const { invoiceId } = await createOk(l.id);
    const events = await countEvents();
    const [head, tail] = event(invoiceId, 'InvoiceExpired', randomUUID(), { note: '@' }).split('@');
    for (const bad of [[0xed, 0xa0, 0x80], [0xff], [0xc0, 0x80]]) {
      const res = await deliver(Buffer.concat([Buffer.from(head), Buffer.from(bad), Buffer.from(tail)]));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: expect.stringMatching(/UTF-8/), code: 'BAD_WEBHOOK' });
    }
    expect(await countEvents()).toBe(events);
    expect((await paymentOf(invoiceId)).status).toBe('pending');
  });

  it('refuses a body nested too deeply to store, instead of failing to serialize it', async () => {
    const l = await listing();
    const { invoiceId } = await createOk(l.id);
    const n = 200_000;
    const [head, tail] = event(invoiceId, 'InvoiceExpired', randomUUID(), { deep: '@' }).split('"@"');
    const res = await deliver(`${head}${'['.repeat(n)}${']'.repeat(n)}${tail}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: expect.stringMatching(/nested/), code: 'BAD_WEBHOOK' });
    expect((await paymentOf(invoiceId)).status).toBe('pending');
  });

  it('still accepts escaped surrogate pairs and other text', async () => {
    const l = await listing();
    const { invoiceId } = await createOk(l.id);
    const body = event(invoiceId, 'InvoiceExpired', randomUUID(), {
      metadata: { itemDesc: 'Plot \ud83c\udf31 caf\u00e9 \u2028' },
    });
    const res = await deliver(body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().outcome).toBe('failed');
  });
});
