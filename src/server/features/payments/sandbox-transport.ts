import type { FastifyInstance } from 'fastify';
import type { HttpTransport } from './providers/types.ts';

// Sends a webhook the way BTCPay does: the JSON bytes, signed with the shared secret, to the real
// webhook endpoint of this same server (through app.inject, so it works in tests and behind any port).
export type Deliver = (rawBody: string, signature: string) => Promise<number>;

export function injectDeliver(app: FastifyInstance, path: string): Deliver {
  return async (rawBody, signature) => {
    const res = await app.inject({
      method: 'POST',
      url: path,
      headers: {
        'content-type': 'application/json',
        'btcpay-sig': signature,
        'user-agent': 'BTCPayServer-Sandbox',
      },
      payload: rawBody,
    });
    return res.statusCode;
  };
}

export function injectTransport(app: FastifyInstance): HttpTransport {
  return async (req) => {
    const res = await app.inject({
      method: req.method,
      url: req.url,
      headers: req.headers,
      payload: req.body,
    });
    return { status: res.statusCode, body: res.body };
  };
}
