import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import zlib from 'node:zlib';
import { LOCALE_COOKIE } from '#shared/i18n.ts';
import { REQUEST_ID_HEADER, requestId } from '../ops/request-id.ts';

// The cache of anonymous public reads (ADR 025), its bytes: which requests share an entry (the
// key), and an entry's three codings, headers and tags as written on the wire. The cache itself
// (what is kept, for how long, across instances) is public-cache.ts.

export const PUBLIC_CACHE_CHANNEL = 'ys_public_cache';
export const SESSION_COOKIE_NAME = 'ys_session';

// Bodies under this size go out uncompressed (as @fastify/compress does for the uncached routes).
export const COMPRESS_THRESHOLD = 1024;
const LIST_PATH = '/api/listings';
// The map's points take the same filters (ADR 038).
const MAP_PATH = '/api/listings/map';
// The query parameters /api/listings reads; any other is ignored by the route, so not in the key.
const LIST_PARAMS = new Set([
  'type',
  'city',
  'state',
  'location',
  'q',
  'near',
  'radiusKm',
  'sort',
  'minPrice',
  'maxPrice',
  'minSize',
  'amenities',
  'limit',
  'cursor',
]);
// Empty means absent for these (the route trims them to undefined).
const EMPTY_IS_ABSENT = new Set(['city', 'state', 'location', 'q', 'near', 'amenities']);
// Written-out defaults, the same answer as leaving them out.
const DEFAULTS: Record<string, string> = { limit: '24', radiusKm: '50' };
// `available` is answered from the bookings holding a plot now: time-dependent, never cached.
const TIME_DEPENDENT = new Set(['available']);

export type CacheLimits = { maxEntries: number; maxBytes: number; maxAgeMs: number };
export const DEFAULT_LIMITS: CacheLimits = { maxEntries: 5000, maxBytes: 64 * 1024 * 1024, maxAgeMs: 60_000 };

type Encoding = 'br' | 'gzip' | 'identity';
type Variant = { body: Buffer; headers: string[]; notModified: string[]; etag: string };
export type Entry = {
  key: string;
  bytes: number;
  expiresAt: number;
  etags: Set<string>;
  variants: Partial<Record<Encoding, Variant>> & { identity: Variant };
};

// What a request that may fill the cache carries from its start to its answer.
// member: the session token of a signed-in request for a search or a detail (listingId), which
// shares the visitors' entry when sharesVisitorsAnswer says so (ADR 041).
export type Fill = {
  key: string;
  gen: number;
  noStore?: boolean;
  member?: string;
  listingId?: number | null;
};

const decode = (s: string): string | null => {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return null;
  }
};

// /api/listings with its query normalized: the parameters the route reads, sorted, with
// defaults and empty text left out. null: not cacheable (time-dependent, repeated or undecodable).
export function normalizeListQuery(search: string, base: string = LIST_PATH): string | null {
  const params = new Map<string, string>();
  for (const part of search.split('&')) {
    if (!part) continue;
    const eq = part.indexOf('=');
    const name = decode(eq < 0 ? part : part.slice(0, eq));
    const value = decode(eq < 0 ? '' : part.slice(eq + 1));
    if (name === null || value === null) return null;
    if (TIME_DEPENDENT.has(name)) return null;
    if (!LIST_PARAMS.has(name)) continue;
    if (params.has(name)) return null; // an array: refused by the route, never cached
    params.set(name, value);
  }
  const kept = [...params]
    .filter(([k, v]) => !(v === '' && EMPTY_IS_ABSENT.has(k)) && DEFAULTS[k] !== v)
    .sort(([a], [b]) => (a < b ? -1 : 1));
  return kept.length ? `${base}?${kept.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&')}` : base;
}

// The cache key of a URL: /api/listings and /api/listings/map by their normalized query, anything
// else by its exact URL
// (which routes may fill the cache is decided by the plugin).
export function cacheKey(url: string): string | null {
  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  if (path === LIST_PATH || path === MAP_PATH) return normalizeListQuery(q < 0 ? '' : url.slice(q + 1), path);
  return url;
}

// The session token of a request, if it carries one.
export function sessionToken(req: IncomingMessage): string | null {
  const cookie = req.headers.cookie;
  const at = cookie?.indexOf(`${SESSION_COOKIE_NAME}=`) ?? -1;
  if (!cookie || at < 0 || (at > 0 && cookie[at - 1] !== ' ' && cookie[at - 1] !== ';')) return null;
  const start = at + SESSION_COOKIE_NAME.length + 1;
  const end = cookie.indexOf(';', start);
  return cookie.slice(start, end < 0 ? undefined : end).trim() || null;
}

const DETAIL_PATH = /^\/api\/listings\/([1-9]\d{0,8})$/;

// What a member may be answered from the visitors' entry (ADR 041): a search (the same for anyone
// without blocks: listingId null), or a listing's detail (listingId). null: anything else.
export function memberShareable(req: IncomingMessage): { listingId: number | null } | null {
  const url = req.url ?? '';
  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  if (path === LIST_PATH || path === MAP_PATH) return { listingId: null };
  const detail = q < 0 ? DETAIL_PATH.exec(url) : null;
  return detail ? { listingId: Number(detail[1]) } : null;
}

type Member = { blocks: boolean; admin: boolean; personalListings: ReadonlySet<number> };
export const memberOf = (
  user: { role: string },
  s: { blocks: boolean; personalListings: ReadonlySet<number> },
): Member => ({ blocks: s.blocks, admin: user.role === 'admin', personalListings: s.personalListings });

// Whether a member's answer is the visitors' (ADR 041): no blocks either way (ADR 029), and for a
// listing's detail, not an operator and not a listing personal to them (their own, or one their
// booking shows the address of: ADR 038).
export function sharesVisitorsAnswer(member: Member, listingId: number | null): boolean {
  if (member.blocks) return false;
  return listingId === null || (!member.admin && !member.personalListings.has(listingId));
}

export const hasSessionCookie = (req: IncomingMessage) => {
  const cookie = req.headers.cookie;
  return cookie?.includes(`${SESSION_COOKIE_NAME}=`) === true;
};

// A visit to the English home with another language remembered is redirected (ADR 031): not for
// the cache, which keys on the URL alone.
export const rememberedLanguage = (req: IncomingMessage) =>
  (req.url === '/' || req.url?.startsWith('/?') === true) &&
  req.headers.cookie?.includes(`${LOCALE_COOKIE}=`) === true;

// The client's preferred coding among br and gzip by q-value (br on a tie), else identity.
export function negotiate(req: IncomingMessage): Encoding {
  const header = req.headers['accept-encoding'];
  if (!header || req.headers['x-no-compression'] !== undefined) return 'identity';
  let best: Encoding = 'identity';
  let bestQ = 0;
  let star = -1;
  for (const item of header.split(',')) {
    const [rawName, ...params] = item.split(';');
    const name = rawName.trim().toLowerCase();
    let q = 1;
    for (const p of params) {
      const m = /^\s*q\s*=\s*([\d.]+)\s*$/i.exec(p);
      if (m) q = Number(m[1]);
    }
    if (!(q > 0)) continue;
    if (name === '*') star = q;
    const enc: Encoding | null = name === 'br' ? 'br' : name === 'gzip' || name === 'x-gzip' ? 'gzip' : null;
    if (enc && (q > bestQ || (q === bestQ && enc === 'br'))) {
      best = enc;
      bestQ = q;
    }
  }
  if (best === 'identity' && star > 0) return 'br';
  return best;
}

// If-None-Match against the entry's tags (weak comparison, as RFC 9110 asks for this header).
function matchesTag(header: string, etags: Set<string>): boolean {
  if (header.trim() === '*') return true;
  for (const raw of header.split(',')) {
    const tag = raw.trim().replace(/^W\//, '');
    if (etags.has(tag)) return true;
  }
  return false;
}

// Response headers kept in an entry: everything the uncached answer had, except what the cache
// sets itself per coding (and hop-by-hop or per-response ones).
const OWN_HEADERS = new Set([
  'content-length',
  'content-encoding',
  'etag',
  'vary',
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
  REQUEST_ID_HEADER,
]);
const NOT_MODIFIED_DROPS = new Set(['content-type', 'content-length', 'content-encoding']);
export const VARY = 'accept-encoding, cookie';

type Headers = Record<string, string | number | readonly string[] | undefined>;

function flatHeaders(base: Headers, extra: Record<string, string>, drop?: Set<string>): string[] {
  const out: string[] = [];
  for (const [k, v] of Object.entries(base)) {
    if (v === undefined || OWN_HEADERS.has(k) || drop?.has(k)) continue;
    if (Array.isArray(v)) for (const one of v) out.push(k, one);
    else out.push(k, String(v));
  }
  for (const [k, v] of Object.entries(extra)) if (!drop?.has(k)) out.push(k, v);
  return out;
}

// The three codings of a body, with their headers and strong tags (one tag per coding).
export function buildEntry(key: string, body: Buffer, headers: Headers, expiresAt: number): Entry {
  const hash = createHash('sha256').update(body).digest('base64url').slice(0, 27);
  const make = (enc: Encoding, bytes: Buffer): Variant => {
    const etag = enc === 'identity' ? `"${hash}"` : `"${hash}-${enc === 'br' ? 'br' : 'gz'}"`;
    const extra: Record<string, string> = { etag, vary: VARY };
    if (enc !== 'identity') extra['content-encoding'] = enc;
    extra['content-length'] = String(bytes.length);
    return {
      body: bytes,
      etag,
      headers: flatHeaders(headers, extra),
      notModified: flatHeaders(headers, extra, NOT_MODIFIED_DROPS),
    };
  };
  const variants: Entry['variants'] = { identity: make('identity', body) };
  if (body.length >= COMPRESS_THRESHOLD) {
    variants.br = make(
      'br',
      zlib.brotliCompressSync(body, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 6,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      }),
    );
    variants.gzip = make('gzip', zlib.gzipSync(body, { level: 6 }));
  }
  const all = Object.values(variants);
  return {
    key,
    bytes: all.reduce((n, v) => n + v.body.length, 0) + key.length + 512,
    expiresAt,
    etags: new Set(all.map((v) => v.etag)),
    variants,
  };
}

// Writes an entry's answer (200 in the negotiated coding, or 304) on a raw response.
export function serveEntry(req: IncomingMessage, res: ServerResponse, entry: Entry): void {
  const v = entry.variants[negotiate(req)] ?? entry.variants.identity;
  const inm = req.headers['if-none-match'];
  // Each answer carries its own request id, as the router's do (ADR 033).
  const id = [REQUEST_ID_HEADER, requestId(req)];
  if (inm && matchesTag(inm, entry.etags)) {
    res.writeHead(304, v.notModified.concat(id));
    res.end();
    return;
  }
  res.writeHead(200, v.headers.concat(id));
  if (req.method === 'HEAD') res.end();
  else res.end(v.body);
}
