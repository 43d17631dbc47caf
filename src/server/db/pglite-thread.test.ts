import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../app.ts';
import { BY_STATE, INSERT_HOST, INSERT_LISTING, TRIGRAM_SEARCH } from '../testing/pglite-hang.ts';
import { testConfig } from '../testing/test-app.ts';
import { testDbRoot } from '../testing/test-db-root.ts';
import { pgliteHandle } from './client.ts';
import { DatabaseUnavailableError, PGliteThread } from './pglite-thread.ts';

// The embedded database on its own thread (ADR 030). PGlite only: run once, in the PGlite project.
const onPostgres = process.env.TEST_DB === 'postgres';
// In memory where the machine has it (testing/test-db-root.ts): 30 copies of a database on a busy
// disk took over a minute to delete.
const work = fs.mkdtempSync(path.join(testDbRoot(), 'yardshare-thread-'));
const base = path.join(work, 'base');
afterAll(() => fs.promises.rm(work, { recursive: true, force: true }));

let copies = 0;
const copy = () => {
  const dir = path.join(work, `copy-${copies++}`);
  fs.cpSync(base, dir, { recursive: true });
  return dir;
};
const removeCopy = (dir: string) => fs.promises.rm(dir, { recursive: true, force: true });

describe.skipIf(onPostgres)('PGlite on its own thread', () => {
  beforeAll(async () => {
    // A migrated database with listings, so the trigram vocabulary has words.
    fs.cpSync(inject('pgliteBase'), base, { recursive: true });
    const db = await PGliteThread.create({ dir: base, statementTimeoutMs: 0 });
    const { rows } = await db.query<{ id: number }>(INSERT_HOST);
    for (let i = 0; i < 30; i++) await db.query(INSERT_LISTING, [rows[0].id, `Sunny garden beds ${i}`]);
    await db.close();
  }, 60_000);

  // The reproduction (ADR 030): in a fresh PGlite, the first trigram scan can stop half-way and the
  // next statement then loops forever inside PostgreSQL; a few processes in a hundred did. PGlite
  // in the calling thread, as before, hangs this test (and the whole server) on such a start. On
  // its own thread the warm-up meets it before any caller does, and the thread is replaced.
  it('fresh databases answer a misspelt search, then a location search and a write, every time', async () => {
    // A hang would be a statement past the timeout: its DatabaseUnavailableError fails the test.
    let restarts = 0;
    for (let i = 0; i < 24; i++) {
      const dir = copy();
      const thread = await PGliteThread.create({ dir, statementTimeoutMs: 20_000 });
      await thread.query(TRIGRAM_SEARCH, ['tomatos']);
      await thread.query(BY_STATE);
      await thread.query(INSERT_LISTING, [1, `More beds ${i}`]);
      restarts += thread.restarts;
      await thread.close();
      await removeCopy(dir);
    }
    console.log(`24 fresh database threads, ${restarts} replaced during their warm-up`);
  }, 240_000);

  it('a statement past the timeout is refused with a 503 error, and the next one runs on a new thread', async () => {
    const stalls: string[] = [];
    // The timeout only has to be shorter than pg_sleep(30); the new thread's statements get no limit,
    // so a loaded machine cannot make them stall too.
    const thread = await PGliteThread.create({
      dir: copy(),
      statementTimeoutMs: 2000,
      onStall: (s) => stalls.push(s.sql),
    });
    const states: boolean[] = [];
    thread.onListenState((up) => states.push(up));
    await expect(thread.query('select pg_sleep(30)')).rejects.toBeInstanceOf(DatabaseUnavailableError);
    expect(stalls).toEqual(['select pg_sleep(30)']);
    thread.statementTimeoutMs = 0;
    const { rows } = await thread.query<{ n: number }>('select count(*)::int as n from listings');
    expect(rows[0].n).toBe(30);
    expect(thread.restarts).toBe(1);
    // The public cache is told: its LISTEN may have missed a change while the thread was replaced.
    expect(states).toEqual([false, true]);
    await thread.close();
  }, 60_000);

  it('every commit before a stall is kept; the stalled transaction is rolled back', async () => {
    const dir = copy();
    const thread = await PGliteThread.create({ dir, statementTimeoutMs: 0 });
    await thread.exec('create table ledger (n int primary key)');
    for (let n = 1; n <= 50; n++)
      await thread.transaction(async (tx) => void (await tx.query('insert into ledger values ($1)', [n])));
    thread.statementTimeoutMs = 800; // the commits above had no limit: only pg_sleep(30) can stall
    await expect(
      thread.transaction(async (tx) => {
        await tx.query('insert into ledger values (51)');
        await tx.query('select pg_sleep(30)');
      }),
    ).rejects.toBeInstanceOf(DatabaseUnavailableError);
    thread.statementTimeoutMs = 0;
    const after = await thread.query<{ n: number; top: number }>(
      'select count(*)::int as n, max(n) as top from ledger',
    );
    expect(after.rows[0]).toEqual({ n: 50, top: 50 });
    await thread.close();
    // And from a new process's point of view: open the files again.
    const again = await PGliteThread.create({ dir, statementTimeoutMs: 0 });
    expect((await again.query<{ n: number }>('select count(*)::int as n from ledger')).rows[0].n).toBe(50);
    await again.close();
  }, 60_000);

  it('the watchdog gives up when the database keeps stalling, and then every call is refused', async () => {
    const fatal: string[] = [];
    const thread = await PGliteThread.create({
      dir: copy(),
      statementTimeoutMs: 300,
      maxStallsPerMinute: 1,
      onFatal: (reason) => fatal.push(reason),
    });
    await expect(thread.query('select pg_sleep(30)')).rejects.toBeInstanceOf(DatabaseUnavailableError);
    expect(fatal).toEqual([]);
    await expect(thread.query('select pg_sleep(30)')).rejects.toBeInstanceOf(DatabaseUnavailableError);
    expect(fatal).toHaveLength(1);
    expect(fatal[0]).toMatch(/2 times within a minute/);
    await expect(thread.query('select 1')).rejects.toBeInstanceOf(DatabaseUnavailableError);
    expect(thread.healthy).toBe(false);
    await thread.close();
  }, 60_000);

  it('errors keep their PostgreSQL fields; notifications cross the thread', async () => {
    const thread = await PGliteThread.create({ dir: copy(), statementTimeoutMs: 4000 });
    await thread.exec('create table u (k text primary key)');
    await thread.query("insert into u values ('a')");
    const err = await thread.query("insert into u values ('a')").catch((e: unknown) => e);
    expect(err).toMatchObject({ code: '23505', constraint: 'u_pkey' });
    let heard!: (payload: string) => void;
    const got = new Promise<string>((r) => {
      heard = r;
    });
    await thread.listen('ys_test', (p) => heard(p));
    await thread.query("select pg_notify('ys_test', 'hello')");
    expect(await got).toBe('hello');
    await thread.close();
  }, 60_000);

  it('the API answers 503 with a message while the database is stuck, and /api/health says so', async () => {
    // No stall allowed: the first one is fatal, so every later call is refused at once. The app
    // starts with no limit (a loaded machine must not stall its start); then pg_sleep(30) is stuck.
    const fatal: string[] = [];
    const thread = await PGliteThread.create({
      dir: copy(),
      statementTimeoutMs: 0,
      maxStallsPerMinute: 0,
      onFatal: (r) => fatal.push(r),
    });
    const handle = pgliteHandle(thread);
    const config = testConfig();
    const app = await buildApp({ config, db: handle, logger: false, serveClient: false });
    await app.ready();
    try {
      expect((await app.inject('/api/health')).json()).toEqual({ ok: true, database: 'ok' });
      thread.statementTimeoutMs = 3000;
      const stuck = thread.query('select pg_sleep(30)').catch((e: unknown) => e);
      // Both answer long before pg_sleep(30) would end: the health probe gives up after 2 s, the
      // search is refused once the stuck statement is timed out.
      const [health, search] = await Promise.all([
        app.inject('/api/health'),
        app.inject('/api/listings?q=tomatos&location=Salem%20OR'),
      ]);
      expect(health.statusCode).toBe(503);
      expect(health.json()).toMatchObject({ ok: false, database: 'unhealthy' });
      expect(search.statusCode).toBe(503);
      expect(search.json()).toEqual({
        message: 'The database is not answering. Please try again in a moment.',
        code: 'DATABASE_UNAVAILABLE',
      });
      expect(await stuck).toBeInstanceOf(DatabaseUnavailableError);
      expect(fatal).toHaveLength(1);
    } finally {
      await app.close();
      await thread.close();
      fs.rmSync(config.dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
