import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import type { FeedResult, FeedTask } from './feed-worker.ts';
import { FeedError } from './fetch-feed.ts';
import type { DayRange } from './parse-feed.ts';

// Feeds are read off the request thread (ADR 055): on a pool of worker threads, each with a small
// heap of its own, at most `threads` at once, and each read stopped (its thread ended) when it
// runs past its time. parseFeed keeps its own budget; these limits hold whatever it misses. A
// thread left idle for a minute ends, so a server that reads no feed holds none.

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
  for (const name of ['./feed-worker.ts', './calendar-feed-worker.js']) {
    const file = fileURLToPath(new URL(name, import.meta.url));
    if (fs.existsSync(file)) return file;
  }
  throw new Error('the calendar feed worker (feed-worker.ts or calendar-feed-worker.js) was not found');
}

export class FeedPool {
  private readonly pool: Piscina;
  private readonly threads: number;
  private readonly hardMs: number;
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(options: FeedPoolOptions) {
    this.threads = options.threads ?? 1;
    this.hardMs = options.hardMs;
    this.pool = new Piscina({
      filename: options.filename ?? feedWorkerFile(),
      minThreads: 0,
      maxThreads: this.threads,
      idleTimeout: 60_000,
      resourceLimits: {
        maxOldGenerationSizeMb: options.heapMb ?? FEED_HEAP_MB,
        maxYoungGenerationSizeMb: 16,
        stackSizeMb: 4,
      },
    });
  }

  // One task, given a thread of its own: it waits here for a free one, so its time starts when it
  // does. Stopped for time or memory, it is refused as over budget; the pool starts a new thread.
  async run<T>(task: unknown, hardMs: number = this.hardMs): Promise<T> {
    if (this.running >= this.threads) await new Promise<void>((r) => this.waiting.push(r));
    else this.running++;
    try {
      return await this.pool.run(task, { signal: AbortSignal.timeout(hardMs) });
    } catch (err) {
      const e = err as { name?: string; code?: string };
      if (e?.name === 'AbortError') throw new FeedError('OVER_BUDGET', 'over budget: stopped after its time');
      if (e?.code === 'ERR_WORKER_OUT_OF_MEMORY') throw new FeedError('OVER_BUDGET', 'over budget: memory');
      throw err;
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }

  // Ends every thread, a task in progress included.
  close(): Promise<void> {
    return this.pool.destroy();
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
