import { BudgetPool, OverBudgetError, workerFile } from '../../core/worker-pool.ts';
import type { FeedResult, FeedTask } from './feed-worker.ts';
import { FeedError } from './fetch-feed.ts';
import type { DayRange } from './parse-feed.ts';

// Feeds are read off the request thread (ADR 055): on a pool of worker threads (core's
// BudgetPool), each with a small heap of its own, at most `threads` at once, and each read stopped
// (its thread ended) when it runs past its time. parseFeed keeps its own budget; these limits hold
// whatever it misses. A thread left idle for a minute ends, so a server that reads no feed holds none.

export type FeedPoolOptions = {
  // The worker's module; the feed worker unless a test gives another.
  filename?: string;
  threads?: number;
  heapMb?: number;
  // A task is stopped this long after it starts, its thread's start included (unless run says).
  hardMs: number;
};

// The most one worker's heap may hold: a 2 MB feed of 10,000 events needs about 40 MB.
export const FEED_HEAP_MB = 64;
// The time a thread needs to start and load ical.js, on top of a feed's own time.
const START_GRACE_MS = 2000;

// The worker's file: beside this module in the sources (run by Node's type stripping, or Vitest),
// beside main.js in the built server (an entry of scripts/build-server.mjs).
export function feedWorkerFile(): string {
  return workerFile(
    import.meta.url,
    ['./feed-worker.ts', './calendar-feed-worker.js'],
    'the calendar feed worker',
  );
}

export class FeedPool {
  private readonly pool: BudgetPool;

  constructor(options: FeedPoolOptions) {
    this.pool = new BudgetPool({
      filename: options.filename ?? feedWorkerFile(),
      threads: options.threads ?? 1,
      heapMb: options.heapMb ?? FEED_HEAP_MB,
      hardMs: options.hardMs,
    });
  }

  // One task, given a thread of its own: it waits for a free one, so its time starts when it does.
  // Stopped for time or memory, it is refused as over budget; the pool starts a new thread.
  async run<T>(task: unknown, hardMs?: number): Promise<T> {
    try {
      return await this.pool.run<T>(task, hardMs);
    } catch (err) {
      if (err instanceof OverBudgetError)
        throw new FeedError(
          'OVER_BUDGET',
          err.reason === 'time' ? 'over budget: stopped after its time' : 'over budget: memory',
        );
      throw err;
    }
  }

  // Ends every thread, a task in progress included.
  close(): Promise<void> {
    return this.pool.close();
  }
}

let shared: FeedPool | null = null;

// A feed's blocked days, read on the shared pool (made on first use) within `parseMs`.
export async function parseFeedOffThread(body: string, now: Date, parseMs: number): Promise<DayRange[]> {
  shared ??= new FeedPool({ hardMs: parseMs + START_GRACE_MS });
  const task: FeedTask = { body, now: now.getTime(), timeMs: parseMs };
  const result = await shared.run<FeedResult>(task, parseMs + START_GRACE_MS);
  if ('code' in result) throw new FeedError(result.code, result.message);
  return result.ranges;
}

// Ends the shared pool's threads (the app's close); a later read makes a new pool.
export async function closeFeedPool(): Promise<void> {
  const pool = shared;
  shared = null;
  await pool?.close();
}
