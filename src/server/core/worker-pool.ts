import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';

// Work on a member's data that can take long runs on a pool of worker threads, within a budget
// (ADR 055): each thread with a small heap of its own, at most `threads` tasks at once (one by
// default, so the other core keeps answering requests), each task stopped (its thread ended) when
// it runs past its time. A thread left idle for a minute ends, so a server that runs no such work
// holds none. Used by the calendar feeds' pool and the CPU pool.

export type BudgetPoolOptions = {
  // The worker's module (a file path).
  filename: string;
  threads?: number;
  heapMb: number;
  // A task is stopped this long after it starts, its thread's start included (unless run says).
  hardMs: number;
  // At most this many tasks wait for a thread; one more is refused (over budget: queue).
  maxWaiting?: number;
};

// Why a task was refused: past its time, past its heap, or no room to wait.
export class OverBudgetError extends Error {
  readonly reason: 'time' | 'memory' | 'queue';
  constructor(reason: 'time' | 'memory' | 'queue') {
    super(`over budget: ${reason}`);
    this.name = 'OverBudgetError';
    this.reason = reason;
  }
}

// A worker's file: the first of `names` (relative to `base`, the caller's import.meta.url) that
// exists. In the sources it is the .ts module beside the caller (run by Node's type stripping, or
// Vitest); in the built server, the .js entry beside main.js (scripts/build-server.mjs).
export function workerFile(base: string, names: string[], what: string): string {
  for (const name of names) {
    const file = fileURLToPath(new URL(name, base));
    if (fs.existsSync(file)) return file;
  }
  throw new Error(`${what} (${names.map((n) => n.replace('./', '')).join(' or ')}) was not found`);
}

export class BudgetPool {
  private readonly pool: Piscina;
  private readonly threads: number;
  private readonly hardMs: number;
  private readonly maxWaiting: number;
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(options: BudgetPoolOptions) {
    this.threads = options.threads ?? 1;
    this.hardMs = options.hardMs;
    this.maxWaiting = options.maxWaiting ?? Number.POSITIVE_INFINITY;
    this.pool = new Piscina({
      filename: options.filename,
      minThreads: 0,
      maxThreads: this.threads,
      idleTimeout: 60_000,
      resourceLimits: {
        maxOldGenerationSizeMb: options.heapMb,
        maxYoungGenerationSizeMb: 16,
        stackSizeMb: 4,
      },
    });
  }

  // One task, given a thread of its own: it waits here for a free one, so its time starts when it
  // does. Stopped for time or memory, it is refused; the pool starts a new thread for the next.
  async run<T>(task: unknown, hardMs: number = this.hardMs): Promise<T> {
    if (this.running >= this.threads) {
      if (this.waiting.length >= this.maxWaiting) throw new OverBudgetError('queue');
      await new Promise<void>((r) => this.waiting.push(r));
    } else this.running++;
    try {
      return await this.pool.run(task, { signal: AbortSignal.timeout(hardMs) });
    } catch (err) {
      const e = err as { name?: string; code?: string };
      if (e?.name === 'AbortError') throw new OverBudgetError('time');
      if (e?.code === 'ERR_WORKER_OUT_OF_MEMORY') throw new OverBudgetError('memory');
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
