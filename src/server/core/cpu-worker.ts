import { threadId } from 'node:worker_threads';
import { move, transferableSymbol, valueSymbol } from 'piscina';
import { earningsCsv } from '#shared/payouts-csv.ts';
import { sitemapUrlsetBytes } from '#shared/seo/sitemap.ts';

// The CPU pool's thread (ADR 055): named pure tasks, each a function of what the request thread
// read (rows, never a database: a worker opens none). A task's code lives in #shared, which this
// module may import, where a feature's would not be (ADR 035). The answer carries the thread's id,
// and bytes travel back moved, not copied.

export const CPU_TASKS = { earningsCsv, sitemapUrlsetBytes };
export type CpuTasks = typeof CPU_TASKS;
export type CpuTaskName = keyof CpuTasks;
export type CpuTask = { [K in CpuTaskName]: { name: K; args: Parameters<CpuTasks[K]> } }[CpuTaskName];
export type CpuAnswer = { value: unknown; threadId: number };

export default function runCpuTask(task: CpuTask) {
  const run = CPU_TASKS[task.name] as (...args: unknown[]) => unknown;
  if (typeof run !== 'function') throw new Error(`no CPU task named ${String(task.name)}`);
  const answer: CpuAnswer = { value: run(...task.args), threadId };
  if (!(answer.value instanceof Uint8Array)) return answer;
  const buffer = answer.value.buffer;
  return move({ [transferableSymbol]: [buffer], [valueSymbol]: answer });
}
