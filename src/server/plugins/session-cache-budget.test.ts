import { describe, expect, it } from 'vitest';
import type { ReadFeed } from '../cache/read-feed.ts';
import { type CachedSession, SessionCache } from './session-cache.ts';

// The session cache's byte budget (ADR 047): many sessions, as a crowd of sign-ins makes, never
// hold more than SESSION_CACHE_MAX_KB; the least recently used go first, and a user's index
// forgets the sessions that went.
const feed = { usable: true, on: () => {} } as unknown as ReadFeed;
const now = Date.now();
const entry = (id: string, userId: number): CachedSession<{ name: string }> => ({
  id,
  user: { id: userId, name: `member ${userId}` },
  blocks: false,
  personalListings: new Set([1, 2, 3]),
  expiresAt: now + 60_000,
  lastSeenAt: now,
  storedAt: now,
});

describe('the session cache budget', () => {
  it('holds at most its byte budget, least recently used first', () => {
    const cache = new SessionCache<{ name: string }>(feed, 30_000, 64 * 1024);
    for (let i = 0; i < 5_000; i++) cache.store(cache.gen, entry(`s${i}`, i % 700));
    expect(cache.held.bytes).toBeLessThanOrEqual(64 * 1024);
    expect(cache.held.entries).toBeGreaterThan(50);
    expect(cache.peek('s0', now, 60_000)).toBeNull();
    expect(cache.peek('s4999', now, 60_000)?.user.id).toBe(4999 % 700);
  });

  it("drops a user's remaining sessions, not the evicted ones again", () => {
    const cache = new SessionCache<{ name: string }>(feed, 30_000, 4 * 1024);
    for (let i = 0; i < 200; i++) cache.store(cache.gen, entry(`s${i}`, 7));
    const kept = cache.held.entries;
    expect(kept).toBeLessThan(200);
    cache.dropUser(7);
    expect(cache.held).toEqual({ bytes: 0, entries: 0 });
    cache.store(cache.gen, entry('again', 7));
    expect(cache.held.entries).toBe(1);
  });
});
