import { threadId } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import { sitemapUrlset } from '#shared/seo/sitemap.ts';
import { closeCpuPool, cpuStats, setCpuTimes } from '../../core/cpu-pool.ts';
import { insertListing, registerUser } from '../../testing/factories.ts';
import { buildTestApp } from '../../testing/test-app.ts';

// A block of listings' sitemap file: its rows read on the request thread, its bytes made on the
// CPU pool (ADR 055), the same bytes as the text made in place.
const ORIGIN = 'https://yardshare.example';
const { app, db } = await buildTestApp({ PUBLIC_URL: ORIGIN });
const { user } = await registerUser(app);
afterAll(() => closeCpuPool());

const get = (url: string) => app.inject({ method: 'GET', url });

describe('a listings sitemap file on the CPU pool', () => {
  it('is made by the pool, byte for byte the text made in place', async () => {
    const made = [await insertListing(db, user.id), await insertListing(db, user.id)];
    const ran = cpuStats.ran.sitemapUrlsetBytes ?? 0;
    const res = await get('/sitemaps/listings-1.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    const expected = sitemapUrlset(
      ORIGIN,
      made.map((l) => ({
        path: `/listings/${l.id}`,
        lastmod: l.updatedAt.toISOString().slice(0, 10),
        changefreq: 'weekly',
        priority: 0.8,
      })),
    );
    expect(res.rawPayload.equals(Buffer.from(expected))).toBe(true);
    expect(res.headers['content-length']).toBe(String(Buffer.byteLength(expected)));
    // Made by the pool's thread, not this one.
    expect(cpuStats.ran.sitemapUrlsetBytes).toBe(ran + 1);
    expect(cpuStats.threadId).not.toBe(threadId);
  });

  it('past its time, the file is a clean 503 (a crawler comes back); the index and the pages file still answer', async () => {
    // A new thread cannot start within 1 ms: the task is stopped before it ends.
    await closeCpuPool();
    const before = setCpuTimes({ taskMs: 1, startMs: 0 });
    try {
      const res = await get('/sitemaps/listings-1.xml');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        message: 'This is taking too long right now. Please try again in a moment.',
        code: 'OVER_BUDGET',
      });
      expect((await get('/sitemap.xml')).statusCode).toBe(200);
      expect((await get('/sitemaps/pages.xml')).statusCode).toBe(200);
    } finally {
      setCpuTimes(before);
    }
    expect((await get('/sitemaps/listings-1.xml')).statusCode).toBe(200);
  });
});
