import fs from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { postgresHandle } from '../../db/client.ts';
import { listings } from '../../db/schema.ts';
import { insertListing, registerUser } from '../../testing/factories.ts';
import { createTestDb, testConfig } from '../../testing/test-app.ts';

// The counts kept per search (ADR 041): a repeated first page does not count again, and any change
// to listings (through the app, or written straight to the database) is in the very next count, on
// this instance and on another sharing the database. The public cache is off: this is the path
// behind it.
const { handle, url, drop } = await createTestDb();
const second = url ? postgresHandle(url, 5) : handle;
const configs = [testConfig(), testConfig()];
const a = await buildApp({ config: configs[0], db: handle, logger: false, serveClient: false });
const b = await buildApp({ config: configs[1], db: second, logger: false, serveClient: false });
await a.ready();
await b.ready();
afterAll(async () => {
  await a.close();
  await b.close();
  if (second !== handle) await second.close();
  await drop();
  for (const c of configs) fs.rmSync(c.dataDir, { recursive: true, force: true });
});

type App = typeof a;
const search = '/api/listings?city=Tulsa&state=OK&q=beds';
const total = async (app: App) =>
  Number((await app.inject({ method: 'GET', url: search })).headers['x-total-count']);
const stats = (app: App) => app.services.listings.countStats as { hits: number; misses: number };

describe('counts kept per search', () => {
  it('are counted once, and follow every change to listings on both instances', async () => {
    const host = await registerUser(a);
    await insertListing(handle, host.user.id, { title: 'Raised beds', city: 'Tulsa', state: 'OK' });
    // Its notification may still be on its way (PostgreSQL): once it is in, a count stays kept.
    for (const app of [a, b]) await app.readFeed.barrier();
    for (const app of [a, b]) {
      expect(await total(app)).toBe(1);
      const hits = stats(app).hits;
      expect(await total(app)).toBe(1);
      expect(stats(app).hits).toBe(hits + 1);
    }
    // Straight to the database.
    const row = await insertListing(handle, host.user.id, { title: 'More beds', city: 'Tulsa', state: 'OK' });
    expect(await total(b)).toBe(2);
    expect(await total(a)).toBe(2);
    await handle.db.update(listings).set({ active: false }).where(eq(listings.id, row.id));
    expect(await total(a)).toBe(1);
    expect(await total(b)).toBe(1);
    // Through the app.
    const created = await a.inject({
      method: 'POST',
      url: '/api/listings',
      headers: { cookie: host.cookie },
      payload: {
        type: 'rental',
        price: 40,
        title: 'Beds by the river',
        description: 'Raised beds.',
        location: '1 Main St',
        city: 'Tulsa',
        state: 'OK',
      },
    });
    expect(created.statusCode).toBe(201);
    expect(await total(b)).toBe(2);
    expect(await total(a)).toBe(2);
  });
});
