import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { within } from '../core/within.ts';
import type { DbHandle } from '../db/client.ts';
import {
  type CacheLimits,
  cacheKey,
  DEFAULT_LIMITS,
  type Entry,
  type Fill,
  hasSessionCookie,
  memberShareable,
  PUBLIC_CACHE_CHANNEL,
  rememberedLanguage,
  serveEntry,
  sessionToken,
} from './public-cache-entry.ts';

// The cache of anonymous public reads (ADR 025): the listings API and the pre-rendered public pages,
// kept as ready bytes (identity, brotli, gzip), dropped whole on every write that could change them.

type Log = { error: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void };

export class PublicCache {
  // Bumped by every drop: a read that began under an older generation does not store (fill race).
  gen = 0;
  // false while the LISTEN connection is down (a drop may be missed): nothing served or stored.
  private listening = false;
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  private readonly id = randomUUID();
  private barrierSent: Promise<boolean> | null = null;
  private barrierQueued: Promise<boolean> | null = null;
  private log: Log | null = null;
  readonly limits: CacheLimits;
  // Counters for tests and benchmarks.
  readonly stats = { hits: 0, misses: 0, stores: 0, drops: 0 };

  readonly enabled: boolean;
  // Pages are cached only with a fixed public origin (PUBLIC_URL): without it they print the
  // request's own host.
  readonly pages: boolean;
  private readonly now: () => number;
  // Whether the signed-in member behind a session token may be answered the visitors' entry of a
  // search (listingId null) or a detail: known to this process's session cache, and
  // sharesVisitorsAnswer (ADR 041). Checked after the barrier on PostgreSQL, so a sign-out, a
  // suspension, a block or a booking accepted elsewhere is applied first.
  sharesWithMember: ((token: string, listingId: number | null) => boolean) | null = null;

  constructor(opts: { enabled: boolean; pages: boolean; limits?: Partial<CacheLimits>; now?: () => number }) {
    this.enabled = opts.enabled;
    this.pages = opts.pages;
    this.limits = { ...DEFAULT_LIMITS, ...opts.limits };
    this.now = opts.now ?? Date.now;
  }

  get usable(): boolean {
    return this.enabled && this.listening;
  }

  get size(): number {
    return this.entries.size;
  }

  get totalBytes(): number {
    return this.bytes;
  }

  private handle: DbHandle | null = null;
  // PostgreSQL: other instances may write, so a hit first passes a barrier on the LISTEN
  // connection (every drop committed before the request arrived is applied). PGlite is one process.
  private needsBarrier = false;

  // Listens for drops from every instance; until that works, the cache stays unused.
  async attach(handle: DbHandle, log: Log): Promise<void> {
    this.handle = handle;
    this.log = log;
    if (!this.enabled) return;
    this.needsBarrier = handle.kind === 'postgres';
    handle.onListenState((up) => {
      this.drop();
      this.listening = up;
      if (!up) log.warn({}, 'public cache: LISTEN connection lost, cache off until it is back');
    });
    // Our own NOTIFY comes back too: changed() has already dropped here.
    await handle.listen(PUBLIC_CACHE_CHANNEL, (from) => {
      if (from !== this.id) this.drop();
    });
    this.drop();
    this.listening = true;
  }

  // Drops every entry here (synchronously) and starts a new generation.
  drop(): void {
    this.gen++;
    this.stats.drops++;
    this.entries.clear();
    this.bytes = 0;
  }

  // After a write commits, before its answer: drops here, then tells every instance (the NOTIFY
  // is committed when this resolves, so a read that reaches another instance after the answer
  // finds it at that instance's barrier).
  async changed(): Promise<void> {
    this.drop();
    if (!this.enabled || !this.handle) return;
    try {
      await this.handle.notify(PUBLIC_CACHE_CHANNEL, this.id);
    } catch (err) {
      this.log?.error(
        { err },
        'public cache: NOTIFY failed; other instances keep entries up to their max age',
      );
    }
  }

  lookup(key: string): Entry | null {
    const e = this.entries.get(key);
    if (!e) return null;
    if (e.expiresAt <= this.now()) {
      this.remove(e);
      return null;
    }
    // Most recently used last.
    this.entries.delete(key);
    this.entries.set(key, e);
    return e;
  }

  has(key: string): boolean {
    return this.entries.has(key);
  }

  private remove(e: Entry) {
    this.entries.delete(e.key);
    this.bytes -= e.bytes;
  }

  // When the entry may live until: its max age, and never past a new year (pages print the year).
  expiry(): number {
    const now = this.now();
    const nextYear = new Date(new Date(now).getFullYear() + 1, 0, 1).getTime();
    return Math.min(now + this.limits.maxAgeMs, nextYear);
  }

  // Stores an answer read under `fill.gen`, unless a drop came since (its data may predate a write).
  store(fill: Fill, entry: Entry): boolean {
    if (!this.usable || fill.noStore || fill.gen !== this.gen) return false;
    if (entry.bytes > this.limits.maxBytes / 4) return false;
    const old = this.entries.get(entry.key);
    if (old) this.remove(old);
    this.entries.set(entry.key, entry);
    this.bytes += entry.bytes;
    this.stats.stores++;
    // Least recently used first.
    for (const e of this.entries.values()) {
      if (this.entries.size <= this.limits.maxEntries && this.bytes <= this.limits.maxBytes) break;
      this.remove(e);
    }
    return true;
  }

  // The start of a cacheable request: its key and generation, or null when it takes the normal
  // path without filling (cache off or unusable, a write, a session cookie, an uncacheable query).
  begin(req: IncomingMessage): Fill | null {
    if (!this.usable || (req.method !== 'GET' && req.method !== 'HEAD') || rememberedLanguage(req))
      return null;
    let member: { member: string; listingId: number | null } | null = null;
    if (hasSessionCookie(req)) {
      const shared = this.sharesWithMember ? memberShareable(req) : null;
      const token = shared ? sessionToken(req) : null;
      if (!shared || !token) return null;
      member = { member: token, listingId: shared.listingId };
    }
    const key = cacheKey(req.url ?? '/');
    if (key === null) return null;
    return member ? { key, gen: this.gen, ...member } : { key, gen: this.gen };
  }

  // A hit may answer this request: anyone signed out, a member the session cache clears.
  private mayHit(fill: Fill): boolean {
    return fill.member === undefined || this.sharesWithMember?.(fill.member, fill.listingId ?? null) === true;
  }

  // Answers a hit (after `hijack`, if given); anything else goes to `next` (Fastify) with its Fill.
  answer(
    req: IncomingMessage,
    res: ServerResponse,
    next: (fill: Fill | null) => void,
    hijack?: () => void,
  ): void {
    const fill = this.begin(req);
    const hit = (e: Entry) => {
      this.stats.hits++;
      hijack?.();
      serveEntry(req, res, e);
    };
    // A cacheable request that no entry answered.
    const miss = (f: Fill | null) => {
      if (fill) this.stats.misses++;
      next(f);
    };
    if (!fill || !this.entries.has(fill.key)) {
      miss(fill);
    } else if (!this.needsBarrier) {
      const e = this.mayHit(fill) ? this.lookup(fill.key) : null;
      if (e) hit(e);
      else miss(fill);
    } else {
      this.barrier().then((ok) => {
        const e = ok && this.usable && this.mayHit(fill) ? this.lookup(fill.key) : null;
        if (e) hit(e);
        // Refilled under the generation the barrier left.
        else miss(ok && this.usable ? { ...fill, gen: this.gen } : null);
      });
    }
  }

  // One round trip on the LISTEN connection that began after this call: batched, so a burst of
  // hits shares one. false when the connection is down (the request takes the normal path).
  barrier(): Promise<boolean> {
    if (!this.barrierSent) return this.sendBarrier();
    this.barrierQueued ??= this.barrierSent.then(() => {
      this.barrierQueued = null;
      return this.sendBarrier();
    });
    return this.barrierQueued;
  }

  private sendBarrier(): Promise<boolean> {
    const handle = this.handle;
    const p: Promise<boolean> = (handle ? within(handle.listenBarrier(), 2000) : Promise.resolve())
      .then(
        () => true,
        () => false,
      )
      .finally(() => {
        if (this.barrierSent === p) this.barrierSent = null;
      });
    this.barrierSent = p;
    return p;
  }
}
