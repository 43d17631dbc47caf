import { ByteLru, type Held, stringBytes } from '../cache/byte-lru.ts';
import type { ReadFeed } from '../cache/read-feed.ts';

// Sessions recently looked up, in this process (ADR 041): a signed-in request does not cost a
// database round trip for its session and user. An entry is dropped on every instance when the
// database says that user changed (their row: a suspension, a password, a role, a verified
// address; a session ended; a block either way; a listing or booking of theirs made or moved on),
// and lives at most `ttlMs` in any case. All entries together stay within SESSION_CACHE_MAX_KB,
// least recently used first (ADR 047).

export type CachedSession<U> = {
  id: string;
  user: U & { id: number };
  // The user is on either side of a block (their searches filter by viewer, never shared).
  blocks: boolean;
  // The listings whose detail this user sees differently from a visitor: their own, and those
  // their booking shows the address of (ADR 038). Any other detail is the visitors' answer.
  personalListings: ReadonlySet<number>;
  expiresAt: number;
  lastSeenAt: number;
  storedAt: number;
};

// An entry's heap cost, roughly: its user as JSON, its id, and its listing set.
const entryBytes = (id: string, e: CachedSession<unknown>) =>
  stringBytes(id) + stringBytes(JSON.stringify(e.user)) + 16 * e.personalListings.size + 200;

export class SessionCache<U> {
  private readonly entries: ByteLru<string, CachedSession<U>>;
  private readonly byUser = new Map<number, Set<string>>();
  // Bumped by every drop: a lookup that began before it does not store what it read.
  gen = 0;
  readonly stats = { hits: 0, misses: 0, drops: 0 };

  readonly feed: ReadFeed;
  readonly ttlMs: number;
  constructor(feed: ReadFeed, ttlMs = 30_000, maxBytes = 4 * 1024 * 1024) {
    this.feed = feed;
    this.ttlMs = ttlMs;
    this.entries = new ByteLru<string, CachedSession<U>>({
      maxBytes,
      sizeOf: entryBytes,
      onEvict: (id, e) => this.unindex(id, e.user.id),
    });
    feed.on((change) => {
      if (change === '*') this.clear();
      else if (change.startsWith('u')) this.dropUser(Number(change.slice(1)));
    });
  }

  get held(): Held {
    return this.entries.held;
  }

  private unindex(id: string, userId: number): void {
    const ids = this.byUser.get(userId);
    ids?.delete(id);
    if (ids?.size === 0) this.byUser.delete(userId);
  }

  get usable(): boolean {
    return this.feed.usable && this.ttlMs > 0;
  }

  clear(): void {
    this.gen++;
    this.stats.drops++;
    this.entries.clear();
    this.byUser.clear();
  }

  dropUser(userId: number): void {
    this.gen++;
    this.stats.drops++;
    for (const id of this.byUser.get(userId) ?? []) this.entries.delete(id);
    this.byUser.delete(userId);
  }

  // The entry, if it is still good (no barrier here: callers pass one first on PostgreSQL).
  peek(id: string, now: number, idleMs: number): CachedSession<U> | null {
    const e = this.entries.get(id);
    if (!e) return null;
    if (e.storedAt + this.ttlMs <= now || e.expiresAt <= now || e.lastSeenAt <= now - idleMs) {
      this.entries.delete(id);
      this.unindex(id, e.user.id);
      return null;
    }
    return e;
  }

  store(gen: number, entry: CachedSession<U>): void {
    if (!this.usable || gen !== this.gen) return;
    if (!this.entries.set(entry.id, entry)) return;
    const ids = this.byUser.get(entry.user.id) ?? new Set<string>();
    this.byUser.set(entry.user.id, ids);
    ids.add(entry.id);
  }
}
