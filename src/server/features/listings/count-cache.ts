import { ByteLru, type Held, stringBytes } from '../../cache/byte-lru.ts';
import type { ReadFeed } from '../../cache/read-feed.ts';

// How many listings a search finds, kept per search in this process (ADR 041): the first page of
// every search says it (`X-Total-Count`), and counting reads every match, so it was the costliest
// part of an uncached read and grew with the table. It does not depend on who asks (searches of
// members with blocks, and those by day, are not kept). Dropped on every instance by any change to
// listings the database reports (a trigger, migration 0019), and a kept count is used on
// PostgreSQL only after the read feed's barrier, so a count is never older than a write answered.
// Held within COUNT_CACHE_MAX_KB, least recently used first (ADR 047).
export const DEFAULT_COUNTS_BYTES = 1024 * 1024;

export class CountCache {
  private readonly counts: ByteLru<string, number>;
  private gen = 0;
  readonly stats = { hits: 0, misses: 0 };
  private readonly feed: ReadFeed;

  constructor(feed: ReadFeed, maxBytes = DEFAULT_COUNTS_BYTES) {
    this.feed = feed;
    this.counts = new ByteLru({ maxBytes, sizeOf: (key) => stringBytes(key) + 16 });
    feed.on((change) => {
      if (change === 'l' || change === '*') {
        this.gen++;
        this.counts.clear();
      }
    });
  }

  get held(): Held {
    return this.counts.held;
  }

  // The kept count, else `count()`'s, kept unless listings changed meanwhile.
  async get(key: string, count: () => Promise<number>): Promise<number> {
    if (!this.feed.usable) return count();
    if (this.counts.has(key) && (await this.feed.barrier())) {
      const n = this.counts.get(key);
      if (n !== undefined) {
        this.stats.hits++;
        return n;
      }
    }
    this.stats.misses++;
    const gen = this.gen;
    const n = await count();
    if (gen === this.gen && this.feed.usable) {
      this.counts.set(key, n);
    }
    return n;
  }
}
