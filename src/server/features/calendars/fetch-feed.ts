import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import type { CalendarImportError } from '#shared/calendars.ts';
import type { CalendarConfig } from '../../config-calendars.ts';

// Reading a host's external feed (ADR 048): https only, never a private, loopback or link-local
// address (checked on the address the connection is made to, so a name that resolves elsewhere
// the second time cannot slip through), a deadline for the whole read, a size cap, and
// conditional requests with the last answer's validators.

export class FeedError extends Error {
  readonly code: CalendarImportError;
  constructor(code: CalendarImportError, message: string = code) {
    super(message);
    this.code = code;
  }
}

export type FeedAnswer =
  | { notModified: true }
  | { notModified: false; body: string; etag: string | null; lastModified: string | null };

const MAX_REDIRECTS = 3;

// IPv6 forms that carry an IPv4 address in their last 32 bits and reach it: IPv4-mapped
// (::ffff:0:0/96), IPv4-compatible (::/96), IPv4-translated (::ffff:0:0:0/96) and NAT64's
// well-known prefix (64:ff9b::/96). ipaddr.js names only some of them, and calls ::/96 unicast.
const CARRIES_IPV4 = ['::ffff:0:0/96', '::/96', '::ffff:0:0:0/96', '64:ff9b::/96'].map((cidr) =>
  ipaddr.IPv6.parseCIDR(cidr),
);

// Only ordinary public unicast addresses; an IPv6 address that carries an IPv4 one counts as that
// IPv4 address (ADR 048), so ::7f00:1 is loopback and 64:ff9b::a00:1 is private.
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const ip = ipaddr.parse(address);
  if (ip.kind() === 'ipv4') return ip.range() === 'unicast';
  const v6 = ip as ipaddr.IPv6;
  if (CARRIES_IPV4.some((cidr) => v6.match(cidr))) {
    const [hi, lo] = v6.parts.slice(6);
    return new ipaddr.IPv4([hi >> 8, hi & 0xff, lo >> 8, lo & 0xff]).range() === 'unicast';
  }
  return v6.range() === 'unicast';
}

// The DNS lookup of each connection, refusing every answer that is not a public address.
const guardedLookup: LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, '', 0);
    const list = addresses as dns.LookupAddress[];
    const bad = list.find((a) => !isPublicAddress(a.address));
    if (bad || list.length === 0)
      return callback(new FeedError('PRIVATE_ADDRESS') as NodeJS.ErrnoException, '', 0);
    if (options.all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
    callback(null, list[0].address, list[0].family);
  });
};

export function checkFeedUrl(raw: string, config: Pick<CalendarConfig, 'allowPrivate'>): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new FeedError('BAD_URL');
  }
  if (url.username || url.password) throw new FeedError('BAD_URL');
  if (url.protocol !== 'https:' && !(config.allowPrivate && url.protocol === 'http:'))
    throw new FeedError('NOT_HTTPS');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  // An address written in the URL is connected to without a lookup: checked here instead.
  if (!config.allowPrivate && isIP(host) && !isPublicAddress(host)) throw new FeedError('PRIVATE_ADDRESS');
  return url;
}

export async function fetchFeed(
  raw: string,
  validators: { etag: string | null; lastModified: string | null },
  config: CalendarConfig,
): Promise<FeedAnswer> {
  const deadline = Date.now() + config.timeoutMs;
  let url = checkFeedUrl(raw, config);
  for (let hop = 0; ; hop++) {
    const answer = await request(url, validators, config, deadline);
    if ('location' in answer) {
      if (hop >= MAX_REDIRECTS) throw new FeedError('UNREACHABLE', 'too many redirects');
      // A Location that is no address is the feed's failure, not ours: a code, not a stack.
      if (!URL.canParse(answer.location, url)) throw new FeedError('UNREACHABLE', 'redirected to no address');
      url = checkFeedUrl(new URL(answer.location, url).toString(), config);
      continue;
    }
    return answer;
  }
}

function request(
  url: URL,
  validators: { etag: string | null; lastModified: string | null },
  config: CalendarConfig,
  deadline: number,
): Promise<FeedAnswer | { location: string }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = {
      accept: 'text/calendar, text/plain;q=0.5, */*;q=0.1',
      'user-agent': 'Yardshare calendar import',
    };
    if (validators.etag) headers['if-none-match'] = validators.etag;
    if (validators.lastModified) headers['if-modified-since'] = validators.lastModified;
    const client = url.protocol === 'https:' ? https : http;
    const req = client.request(url, {
      method: 'GET',
      headers,
      agent: false,
      lookup: config.allowPrivate ? undefined : guardedLookup,
    });
    const fail = (err: unknown) => {
      clearTimeout(timer);
      req.destroy();
      reject(err instanceof FeedError ? err : new FeedError('UNREACHABLE', String((err as Error)?.message)));
    };
    const timer = setTimeout(() => fail(new FeedError('TIMEOUT')), Math.max(0, deadline - Date.now()));
    req.on('error', fail);
    req.on('response', (res) => {
      const status = res.statusCode ?? 0;
      if (status === 304) {
        res.resume();
        clearTimeout(timer);
        return resolve({ notModified: true });
      }
      if ([301, 302, 303, 307, 308].includes(status) && res.headers.location) {
        res.resume();
        clearTimeout(timer);
        return resolve({ location: res.headers.location });
      }
      if (status < 200 || status >= 300) {
        res.resume();
        return fail(new FeedError('HTTP_STATUS', `HTTP ${status}`));
      }
      if (Number(res.headers['content-length'] ?? 0) > config.maxBytes) return fail(new FeedError('TOO_BIG'));
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > config.maxBytes) return fail(new FeedError('TOO_BIG'));
        chunks.push(chunk);
      });
      res.on('error', fail);
      res.on('end', () => {
        clearTimeout(timer);
        if (size > config.maxBytes) return;
        const header = (name: string) => {
          const v = res.headers[name];
          return typeof v === 'string' && v.length <= 200 ? v : null;
        };
        resolve({
          notModified: false,
          body: Buffer.concat(chunks).toString('utf8'),
          etag: header('etag'),
          lastModified: header('last-modified'),
        });
      });
    });
    req.end();
  });
}
