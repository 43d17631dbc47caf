import { performance } from 'node:perf_hooks';
import v8 from 'node:v8';

// Start-up, and a spell of heavy traffic, leave the heap far larger than what is alive: after
// start 110 MB used of a 140 MB heap where about 65 MB is alive, after three hostile passes 136 MB
// where 70 MB is. V8 keeps that until its old generation next fills, which on a quiet server is
// never. So the server gives it back with one memory-reducing full collection (about 120 ms):
// once it has started, and again whenever it has gone quiet after its heap grew by GROWTH_MB (ADR
// 047). The start adds --expose-gc for it (small-allocator.mjs); without it (a server started with
// its own settings, the tests) nothing is done.
type Gc = (options?: { type?: string; execution?: string; flavor?: string }) => unknown;

const CHECK_EVERY_MS = 2000;
// Quiet: the event loop busy under 5 % of the last CHECK_EVERY_MS, so no answer waits on it.
const QUIET_UTILIZATION = 0.05;
const GROWTH_MB = 24;
const MB = 1024 * 1024;

// The collection's milliseconds, or null when gc is not exposed.
export function settleHeap(): number | null {
  const gc = (globalThis as { gc?: Gc }).gc;
  if (typeof gc !== 'function') return null;
  const begun = performance.now();
  // 'last-resort': V8's collection of all it can, compacting and shrinking the heap's spaces.
  gc({ type: 'major', execution: 'sync', flavor: 'last-resort' });
  return Math.round(performance.now() - begun);
}

// Whether to collect now: quiet, and the heap grown since the last collection.
export function shouldSettle(utilization: number, heapBytes: number, settledBytes: number): boolean {
  return utilization < QUIET_UTILIZATION && heapBytes - settledBytes > GROWTH_MB * MB;
}

type Log = { info: (msg: string) => void };

// Collects once now, then checks every CHECK_EVERY_MS (the timer does not keep the process up).
export function startHeapSettling(log: Log): void {
  if (settleHeap() === null) return;
  let settled = v8.getHeapStatistics().total_heap_size;
  log.info(`start-up memory collected: heap ${Math.round(settled / MB)} MB`);
  let last = performance.eventLoopUtilization();
  const timer = setInterval(() => {
    const now = performance.eventLoopUtilization();
    const { utilization } = performance.eventLoopUtilization(now, last);
    last = now;
    const heap = v8.getHeapStatistics().total_heap_size;
    if (!shouldSettle(utilization, heap, settled)) return;
    const ms = settleHeap();
    settled = v8.getHeapStatistics().total_heap_size;
    log.info(
      `quiet again: memory collected in ${ms} ms, heap ${Math.round(heap / MB)} -> ${Math.round(settled / MB)} MB`,
    );
  }, CHECK_EVERY_MS);
  timer.unref();
}
