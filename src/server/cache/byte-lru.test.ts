import { describe, expect, it } from 'vitest';
import { ByteLru, stringBytes } from './byte-lru.ts';

const lru = (maxBytes: number, maxEntries?: number, evicted: string[] = []) =>
  new ByteLru<string, string>({
    maxBytes,
    maxEntries,
    sizeOf: (_k, v) => v.length,
    onEvict: (k) => evicted.push(k),
  });

describe('ByteLru', () => {
  it('keeps the total within the byte budget, dropping the least recently used first', () => {
    const evicted: string[] = [];
    const c = lru(10, undefined, evicted);
    c.set('a', 'xxxx');
    c.set('b', 'xxxx');
    c.get('a'); // a is now the most recently used
    c.set('c', 'xxxx');
    expect(evicted).toEqual(['b']);
    expect(c.has('a')).toBe(true);
    expect(c.held).toEqual({ bytes: 8, entries: 2 });
  });

  it('also holds an entry cap', () => {
    const c = lru(1000, 2);
    for (const k of ['a', 'b', 'c']) c.set(k, 'x');
    expect(c.size).toBe(2);
    expect(c.has('a')).toBe(false);
  });

  it('does not keep an entry bigger than the whole budget, nor lose the others for it', () => {
    const c = lru(10);
    c.set('a', 'xx');
    expect(c.set('big', 'x'.repeat(11))).toBe(false);
    expect(c.held).toEqual({ bytes: 2, entries: 1 });
  });

  it('counts a replaced entry once, and delete and clear give its bytes back', () => {
    const c = lru(100);
    c.set('a', 'xxxx');
    c.set('a', 'xx');
    expect(c.held).toEqual({ bytes: 2, entries: 1 });
    c.delete('a');
    expect(c.held).toEqual({ bytes: 0, entries: 0 });
    c.set('b', 'x');
    c.clear();
    expect(c.held).toEqual({ bytes: 0, entries: 0 });
  });

  it('stays within budget under a stream of distinct keys (hostile traffic)', () => {
    const c = new ByteLru<string, number>({ maxBytes: 64 * 1024, sizeOf: (k) => stringBytes(k) + 8 });
    for (let i = 0; i < 100_000; i++) c.set(`/api/listings?location=${i}&x=${'y'.repeat(i % 200)}`, i);
    expect(c.held.bytes).toBeLessThanOrEqual(64 * 1024);
    expect(c.size).toBeGreaterThan(100);
  });

  it('prices two-byte strings at two bytes a character', () => {
    expect(stringBytes('abc')).toBe(35);
    expect(stringBytes('日本')).toBe(36);
  });
});
