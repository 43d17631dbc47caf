// Once the server has started (its modules compiled, migrations checked, the city table packed),
// most of what start-up allocated is garbage that V8 keeps until its old generation first fills:
// 110 MB used of a 140 MB heap where about 65 MB is alive. One memory-reducing full collection
// then gives it back to the system (ADR 047: about 80 MB of the server's resident memory). The
// start adds --expose-gc for it (small-allocator.mjs); without it (a server started with its own
// settings, the tests) nothing is done. Returns the collection's milliseconds, or null.
type Gc = (options?: { type?: string; execution?: string; flavor?: string }) => unknown;

export function settleHeap(): number | null {
  const gc = (globalThis as { gc?: Gc }).gc;
  if (typeof gc !== 'function') return null;
  const begun = performance.now();
  // 'last-resort': V8's collection of all it can, compacting and shrinking the heap's spaces.
  gc({ type: 'major', execution: 'sync', flavor: 'last-resort' });
  return Math.round(performance.now() - begun);
}
