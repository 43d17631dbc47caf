import { HttpError } from '../errors.ts';
import type { CpuAnswer, CpuTaskName, CpuTasks } from './cpu-worker.ts';
import { BudgetPool, OverBudgetError, workerFile } from './worker-pool.ts';

// Work on members' data that only needs the CPU (an export's text, a sitemap file) runs here, off
// the request thread, within a budget (ADR 055): the request thread reads the rows (async I/O),
// and one thread of this pool turns them into the answer. One task at a time, in a queue of its
// own, so the other core keeps answering; each task stopped at its time (the thread's start
// included) or its heap, and then refused as a 503 OVER_BUDGET; a full queue is refused the same.

export const cpuLimits = {
  // A task's own time, and the time a new thread takes to start and load its modules.
  taskMs: 5_000,
  startMs: 2_000,
  // Old-generation heap of the thread. A block of 5,000 listings' sitemap (25 MB of bytes, held
  // outside the heap) is made a piece at a time within 24 MB.
  heapMb: 64,
  // Tasks waiting for the thread; one more is refused at once.
  waiting: 32,
};

// What the pool ran (by task) and on which thread last (tests, benchmarks).
export const cpuStats: {
  ran: Partial<Record<CpuTaskName, number>>;
  threadId: number | null;
  refused: number;
} = { ran: {}, threadId: null, refused: 0 };

// The worker's file: beside this module in the sources, beside main.js in the built server (an entry
// of scripts/build-server.mjs).
export function cpuWorkerFile(): string {
  return workerFile(import.meta.url, ['./cpu-worker.ts', './cpu-worker.js'], 'the CPU worker');
}

let shared: BudgetPool | null = null;

// The task `name` on the pool (made on first use), with `args` copied to its thread.
export async function runOffThread<K extends CpuTaskName>(
  name: K,
  ...args: Parameters<CpuTasks[K]>
): Promise<ReturnType<CpuTasks[K]>> {
  shared ??= new BudgetPool({
    filename: cpuWorkerFile(),
    heapMb: cpuLimits.heapMb,
    hardMs: cpuLimits.taskMs + cpuLimits.startMs,
    maxWaiting: cpuLimits.waiting,
  });
  try {
    const answer = await shared.run<CpuAnswer>({ name, args }, cpuLimits.taskMs + cpuLimits.startMs);
    cpuStats.ran[name] = (cpuStats.ran[name] ?? 0) + 1;
    cpuStats.threadId = answer.threadId;
    return answer.value as ReturnType<CpuTasks[K]>;
  } catch (err) {
    if (!(err instanceof OverBudgetError)) throw err;
    cpuStats.refused++;
    throw new HttpError(
      503,
      'This is taking too long right now. Please try again in a moment.',
      'OVER_BUDGET',
    );
  }
}

// A task's time and a thread's start (tests); returns the times it replaces.
export function setCpuTimes(next: { taskMs: number; startMs: number }): { taskMs: number; startMs: number } {
  const before = { taskMs: cpuLimits.taskMs, startMs: cpuLimits.startMs };
  cpuLimits.taskMs = next.taskMs;
  cpuLimits.startMs = next.startMs;
  return before;
}

// Ends the pool's thread (the app's close); a later task makes a new pool.
export async function closeCpuPool(): Promise<void> {
  const pool = shared;
  shared = null;
  await pool?.close();
}
