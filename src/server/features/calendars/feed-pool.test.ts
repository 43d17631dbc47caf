import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { closeFeedPool, FeedPool, feedWorkerFile, parseFeedOffThread } from './feed-pool.ts';
import { FeedError, fetchFeed } from './fetch-feed.ts';
import { readImport } from './imports.job.ts';
import { dailySince1900, plainEvents, toSize } from './testing/hostile-feeds.ts';

// Feeds read on worker threads with a heap and a time of their own (ADR 055): the limits stop a
// runaway task, and the pool goes on.
afterAll(() => closeFeedPool());

const runaway = fileURLToPath(new URL('./testing/runaway-worker.ts', import.meta.url));
const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'read',
    (err) => (err instanceof FeedError ? `${err.code}: ${err.message}` : `other: ${err}`),
  );

describe('the feed pool', () => {
  it('finds its worker beside it in the sources', () => {
    expect(feedWorkerFile()).toMatch(/calendars[/\\]feed-worker\.ts$/);
  });

  it('reads a feed on its thread, and refuses an over-budget one there', async () => {
    const now = new Date();
    expect(await parseFeedOffThread(plainEvents(3), now, 10_000)).toHaveLength(1);
    expect(await codeOf(parseFeedOffThread(toSize(plainEvents), now, 10_000))).toBe(
      'OVER_BUDGET: over budget: events',
    );
    expect(await codeOf(parseFeedOffThread(dailySince1900(2000), now, 10_000))).toBe(
      'OVER_BUDGET: over budget: occurrences',
    );
    // The feed's own time, counted on its thread.
    expect(await codeOf(parseFeedOffThread(dailySince1900(20), now, 100))).toBe(
      'OVER_BUDGET: over budget: time',
    );
  });

  it('stops a task past its time, and goes on', async () => {
    const pool = new FeedPool({ filename: runaway, hardMs: 1500 });
    try {
      expect(await codeOf(pool.run({ kind: 'spin' }))).toBe(
        'OVER_BUDGET: over budget: stopped after its time',
      );
      expect(await pool.run({ kind: 'echo', value: 'after the spin' })).toBe('after the spin');
    } finally {
      await pool.close();
    }
  });

  it('stops a task past its heap, and goes on', async () => {
    const pool = new FeedPool({ filename: runaway, hardMs: 30_000, heapMb: 32 });
    try {
      expect(await codeOf(pool.run({ kind: 'grow' }))).toBe('OVER_BUDGET: over budget: memory');
      expect(await pool.run({ kind: 'echo', value: 'after the growth' })).toBe('after the growth');
    } finally {
      await pool.close();
    }
  });

  it('runs one task per thread: the next waits for the thread, not against its own time', async () => {
    const pool = new FeedPool({ filename: runaway, hardMs: 1500, threads: 1 });
    try {
      const [spun, echoed] = await Promise.all([
        codeOf(pool.run({ kind: 'spin' })),
        pool.run({ kind: 'echo', value: 'waited' }),
      ]);
      expect(spun).toBe('OVER_BUDGET: over budget: stopped after its time');
      expect(echoed).toBe('waited');
    } finally {
      await pool.close();
    }
  });
});

describe('a redirect to no address', () => {
  it('is the feed failing, with a code, and one line in the log', async () => {
    const server = http.createServer((_req, res) => {
      res.writeHead(302, { location: 'http://[::1' });
      res.end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/feed.ics`;
    const config = { allowPrivate: true, timeoutMs: 5000, maxBytes: 1 << 20, everyMs: 60_000, parseMs: 2000 };
    try {
      const none = { etag: null, lastModified: null };
      expect(await codeOf(fetchFeed(url, none, config))).toBe('UNREACHABLE: redirected to no address');
      const warned: unknown[][] = [];
      const db = { update: () => ({ set: () => ({ where: async () => {} }) }) };
      await readImport(
        { db: db as never, config, log: { warn: (...args: unknown[]) => warned.push(args) } as never },
        { id: 7, url, etag: null, lastModified: null, failures: 0 },
      );
      expect(warned).toEqual([
        [{ importId: 7, code: 'UNREACHABLE', reason: 'redirected to no address' }, 'calendar import refused'],
      ]);
    } finally {
      server.close();
    }
  });
});
