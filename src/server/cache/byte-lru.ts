// A map held within a byte budget (ADR 047): each entry's size is estimated when it is stored, and
// the least recently used entries go first once the total passes the budget (or the entry cap).
// An entry larger than the whole budget is not kept. Map keeps insertion order, so moving a read
// entry to the end makes the first key the least recently used.

export type Held = { bytes: number; entries: number };

// A string's heap cost, roughly: V8 keeps one byte per Latin-1 character, two otherwise; the
// fixed part covers the string's header and the map's slot.
export const stringBytes = (s: string) => 32 + (/[\u0100-\uffff]/.test(s) ? 2 * s.length : s.length);

export class ByteLru<K, V> {
  private readonly entries = new Map<K, { value: V; bytes: number }>();
  private total = 0;
  readonly maxBytes: number;
  readonly maxEntries: number;
  private readonly sizeOf: (key: K, value: V) => number;
  private readonly onEvict: ((key: K, value: V) => void) | undefined;

  constructor(options: {
    maxBytes: number;
    sizeOf: (key: K, value: V) => number;
    maxEntries?: number;
    // Called for entries dropped to make room (not for delete() or clear()).
    onEvict?: (key: K, value: V) => void;
  }) {
    this.maxBytes = options.maxBytes;
    this.maxEntries = options.maxEntries ?? Number.POSITIVE_INFINITY;
    this.sizeOf = options.sizeOf;
    this.onEvict = options.onEvict;
  }

  get held(): Held {
    return { bytes: this.total, entries: this.entries.size };
  }

  get size(): number {
    return this.entries.size;
  }

  has(key: K): boolean {
    return this.entries.has(key);
  }

  // The value, now the most recently used.
  get(key: K): V | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    this.entries.delete(key);
    this.entries.set(key, e);
    return e.value;
  }

  // The value without touching its place in line.
  peek(key: K): V | undefined {
    return this.entries.get(key)?.value;
  }

  // Stores the value, dropping the least recently used beyond the budget. False if it is too big
  // to keep at all.
  set(key: K, value: V): boolean {
    this.delete(key);
    const bytes = this.sizeOf(key, value);
    if (bytes > this.maxBytes) return false;
    this.entries.set(key, { value, bytes });
    this.total += bytes;
    for (const [k, e] of this.entries) {
      if (this.total <= this.maxBytes && this.entries.size <= this.maxEntries) break;
      this.entries.delete(k);
      this.total -= e.bytes;
      this.onEvict?.(k, e.value);
    }
    return true;
  }

  delete(key: K): boolean {
    const e = this.entries.get(key);
    if (!e) return false;
    this.entries.delete(key);
    this.total -= e.bytes;
    return true;
  }

  clear(): void {
    this.entries.clear();
    this.total = 0;
  }
}
