import { isIP } from 'node:net';

// TRUST_PROXY says which proxies may set X-Forwarded-For/-Proto/-Host: empty or false for none, a
// number of hops in front of the app (1 for one load balancer), or the proxies' addresses and
// ranges, comma-separated (10.0.0.0/8, 127.0.0.1, or the names loopback, linklocal, uniquelocal).
// "true" is refused: it would trust every hop, so any client could choose its own IP address.
export function parseTrustProxy(raw: string | undefined): false | number | string[] {
  const v = (raw ?? '').trim();
  if (v === '' || v === 'false' || v === '0') return false;
  if (/^\d+$/.test(v)) return Number(v);
  if (v === 'true')
    throw new Error(
      'Invalid environment settings:\n  TRUST_PROXY: "true" would trust every hop; give the number of proxies in front of the app (e.g. 1) or their addresses (e.g. 10.0.0.0/8)',
    );
  const parts = v.split(',').map((p) => p.trim());
  for (const p of parts) {
    const [addr, bits, extra] = p.split('/');
    const named = ['loopback', 'linklocal', 'uniquelocal'].includes(p);
    const family = isIP(addr ?? '');
    const okBits = bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (family === 6 ? 128 : 32));
    if (!named && (!family || !okBits || extra !== undefined))
      throw new Error(
        `Invalid environment settings:\n  TRUST_PROXY: "${p}" is not an address, a range or a hop count`,
      );
  }
  return parts;
}
