import { AsyncLocalStorage } from 'node:async_hooks';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestDb } from '../testing/test-app.ts';
import { waitFor } from '../testing/wait.ts';
import { postgresHandle } from './client.ts';

const onPostgres = process.env.TEST_DB === 'postgres';

// What a listener received, and a wait for a payload to arrive (told by the listener itself).
function received() {
  const got: string[] = [];
  const waiting = new Map<string, () => void>();
  return {
    got,
    onPayload: (p: string) => {
      got.push(p);
      waiting.get(p)?.();
    },
    arrival: (p: string) =>
      waitFor(new Promise<void>((resolve) => (got.includes(p) ? resolve() : waiting.set(p, resolve))), {
        what: `the notification "${p}"`,
      }),
  };
}

describe('LISTEN/NOTIFY', () => {
  it('delivers notifications on PGlite and PostgreSQL', async () => {
    const { handle, drop } = await createTestDb();
    const { got, onPayload, arrival } = received();
    const stop = await handle.listen('ys_test', onPayload);
    await handle.notify('ys_test', 'hello');
    await arrival('hello');
    expect(got).toEqual(['hello']);
    await stop();
    await drop();
  });

  it.runIf(onPostgres)('comes back after the LISTEN connection is killed', async () => {
    const { handle: admin, url, drop } = await createTestDb();
    const handle = postgresHandle(url!, 2);
    const { got, onPayload, arrival } = received();
    await handle.listen('ys_test', onPayload);
    await handle.notify('ys_test', 'before');
    await arrival('before');
    expect(got).toEqual(['before']);
    // Told when the connection drops and when it listens again.
    const states: boolean[] = [];
    const back = new Promise<void>((resolve) =>
      handle.onListenState((up) => {
        states.push(up);
        if (up) resolve();
      }),
    );
    // Kill every other backend listening on this database, as a failover or restart would.
    const killed = (await admin.db.execute(
      "select pg_terminate_backend(pid) as ok from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and query ilike 'LISTEN%'" as never,
    )) as unknown as { rows: { ok: boolean }[] };
    expect(killed.rows.length).toBeGreaterThan(0);
    await waitFor(back, { what: 'the LISTEN connection to come back' });
    expect(states[0]).toBe(false);
    // Listening again: a notification sent now arrives.
    await handle.notify('ys_test', 'after');
    await arrival('after');
    expect(got).toEqual(['before', 'after']);
    await handle.close();
    await drop();
  });
});

describe('statement timing on PostgreSQL', () => {
  // One connection: the second statement waits for the first to give it back, and is still timed
  // (and traced) in its own request's context, not in the one that released the connection.
  it.runIf(onPostgres)('times a statement that waited for a connection in its own context', async () => {
    const { url, drop } = await createTestDb();
    const handle = postgresHandle(url!, 1);
    const requests = new AsyncLocalStorage<string>();
    const seen: [string, unknown][] = [];
    handle.stats.traceContext = () => requests.getStore();
    handle.stats.onStatement = (text, _started, _failed, ctx) => seen.push([text, ctx]);
    await Promise.all([
      requests.run('first', async () => {
        await handle.db.execute(sql`select pg_sleep(0.05), 'first'`);
      }),
      requests.run('second', async () => {
        await handle.db.execute(sql`select 'second'`);
      }),
    ]);
    expect(seen).toEqual([
      ["select pg_sleep(0.05), 'first'", 'first'],
      ["select 'second'", 'second'],
    ]);
    await handle.close();
    await drop();
  });
});
