import { describe, expect, it } from 'vitest';
import { createTestDb } from '../testing/test-app.ts';
import { postgresHandle } from './client.ts';

const onPostgres = process.env.TEST_DB === 'postgres';

describe('LISTEN/NOTIFY', () => {
  it('delivers notifications on PGlite and PostgreSQL', async () => {
    const { handle, drop } = await createTestDb();
    const got: string[] = [];
    const stop = await handle.listen('ys_test', (p) => got.push(p));
    await handle.notify('ys_test', 'hello');
    await expect.poll(() => got).toEqual(['hello']);
    await stop();
    await drop();
  });

  it.runIf(onPostgres)('comes back after the LISTEN connection is killed', async () => {
    const { handle: admin, url, drop } = await createTestDb();
    const handle = postgresHandle(url!, 2);
    const got: string[] = [];
    await handle.listen('ys_test', (p) => got.push(p));
    await handle.notify('ys_test', 'before');
    await expect.poll(() => got).toEqual(['before']);
    // Kill every other backend listening on this database, as a failover or restart would.
    const killed = (await admin.db.execute(
      "select pg_terminate_backend(pid) as ok from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and query ilike 'LISTEN%'" as never,
    )) as unknown as { rows: { ok: boolean }[] };
    expect(killed.rows.length).toBeGreaterThan(0);
    await expect
      .poll(
        async () => {
          await handle.notify('ys_test', 'after');
          return got.includes('after');
        },
        { timeout: 15_000, interval: 300 },
      )
      .toBe(true);
    await handle.close();
    await drop();
  });
});
