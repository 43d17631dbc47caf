import { threadId } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import { earningsCsv } from '#shared/payouts-csv.ts';
import { sitemapUrlset } from '#shared/seo/sitemap.ts';
import { HttpError } from '../errors.ts';
import { closeCpuPool, cpuLimits, cpuStats, cpuWorkerFile, runOffThread, setCpuTimes } from './cpu-pool.ts';

// The CPU pool (ADR 055): named pure tasks on a thread of their own, within a time, in a queue of
// their own.
afterAll(() => closeCpuPool());

const pages = Array.from({ length: 1200 }, (_, i) => ({ path: `/listings/${i + 1}`, lastmod: '2026-12-01' }));
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => 'made',
    (err) => (err instanceof HttpError ? `${err.statusCode} ${err.code}` : `other: ${err}`),
  );

describe('the CPU pool', () => {
  it('finds its worker beside it in the sources', () => {
    expect(cpuWorkerFile()).toMatch(/core[/\\]cpu-worker\.ts$/);
  });

  it('runs each task on its thread, with the answer the function gives in place', async () => {
    const bytes = await runOffThread('sitemapUrlsetBytes', 'https://y.example', pages);
    expect(bytes).toBeInstanceOf(Uint8Array);
    expect(new TextDecoder().decode(bytes)).toBe(sitemapUrlset('https://y.example', pages));
    expect(cpuStats.threadId).not.toBe(threadId);
    expect(await runOffThread('earningsCsv', [], '2026-01-01')).toBe(earningsCsv([], '2026-01-01'));
  });

  it('refuses a task past its time as a 503, and runs the next', async () => {
    await closeCpuPool();
    const before = setCpuTimes({ taskMs: 1, startMs: 0 });
    try {
      expect(await refusal(runOffThread('earningsCsv', []))).toBe('503 OVER_BUDGET');
    } finally {
      setCpuTimes(before);
    }
    expect(await refusal(runOffThread('earningsCsv', []))).toBe('made');
  });

  it('holds at most its queue waiting; one more is refused at once', async () => {
    await closeCpuPool();
    const waiting = cpuLimits.waiting;
    cpuLimits.waiting = 1;
    try {
      const all = await Promise.all([
        refusal(runOffThread('sitemapUrlsetBytes', 'https://y.example', pages)),
        refusal(runOffThread('sitemapUrlsetBytes', 'https://y.example', pages)),
        refusal(runOffThread('sitemapUrlsetBytes', 'https://y.example', pages)),
      ]);
      expect(all).toEqual(['made', 'made', '503 OVER_BUDGET']);
    } finally {
      cpuLimits.waiting = waiting;
      await closeCpuPool();
    }
  });
});
