import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../testing/test-app.ts';
import { signal, waitFor, waitUntil } from '../testing/wait.ts';
import { deadLetters, JobQueue, runSoon } from './queue.ts';

// The job queue started as a server starts it (workers, schedules, pulses), on this engine.
const { handle, drop } = await createTestDb();
const log = { warn() {}, error() {}, info() {} };
const queues: JobQueue[] = [];
const queue = (maxIntervalMs = 1000) => {
  const q = new JobQueue(handle, log, { maxIntervalMs });
  queues.push(q);
  return q;
};
afterAll(async () => {
  for (const q of queues) await q.stop();
  await drop();
});

const countRows = async (name: string, states: string[]) => {
  const result = await handle.db.execute(
    sql`select count(*)::int as n from pgboss.job where name = ${name} and state in (${sql.join(
      states.map((s) => sql`${s}`),
      sql`, `,
    )})`,
  );
  return Number((result as unknown as { rows: { n: number }[] }).rows[0].n);
};

describe('the job queue', () => {
  it('runs every kind in its own queue: a job that hangs holds up no other', async () => {
    const q = queue();
    const hanging = signal();
    let quick = 0;
    q.register({ name: 'test.hangs', everyMs: 1000, timeoutMs: 60_000, run: () => hanging });
    q.register({ name: 'test.quick', everyMs: 1000, run: async () => quick++ });
    await q.start();
    // The hanging job is running all along; the quick one runs again and again beside it.
    await waitUntil(() => quick >= 3, { what: 'the quick job to run three times beside the hanging one' });
    expect(await countRows('test.hangs', ['active'])).toBe(1);
    hanging.resolve();
    await q.stop();
  });

  it('stops a run at its time limit, tries it again, and puts it in the dead letters after its retries', async () => {
    const q = queue();
    let tries = 0;
    const aborted: boolean[] = [];
    q.register({
      name: 'test.slow',
      timeoutMs: 200,
      retryLimit: 1,
      run: (_now, _data, sig) =>
        new Promise((resolve) => {
          tries++;
          sig.addEventListener('abort', () => {
            aborted.push(true);
            resolve(undefined);
          });
        }),
    });
    const id = await q.send('test.slow', { feed: 1 });
    expect(id).toBeTruthy();
    // Driven by tick (no retry delay): the first run and its one retry both stop at the limit.
    await q.tick(new Date());
    await q.tick(new Date());
    expect(tries).toBe(2);
    expect(aborted).toEqual([true, true]);
    await waitUntil(async () => (await countRows(deadLetters('test.slow'), ['created'])) === 1, {
      what: 'the job to reach its dead letters',
    });
    expect(await countRows('test.slow', ['failed'])).toBe(1);
    await q.stop();
  });

  it('runs a job sent once on one instance of two, and a transaction nudges it at commit', async () => {
    const [one, two] = [queue(0), queue(0)];
    const ran: string[] = [];
    for (const [q, who] of [
      [one, 'one'],
      [two, 'two'],
    ] as const)
      q.register({
        name: 'test.nudged',
        everyMs: 3_600_000,
        run: async () => {
          ran.push(who);
        },
      });
    await one.start();
    await two.start();
    // Each start sends it once: the stately queue keeps one waiting, so it may run once or twice,
    // never at the same time. Wait until both instances have started and the queue is empty.
    await waitUntil(async () => (await countRows('test.nudged', ['created', 'active'])) === 0, {
      what: 'the runs sent at start to finish',
    });
    ran.length = 0;
    await handle.db.transaction(async (tx) => runSoon(tx, 'test.nudged'));
    await waitUntil(() => ran.length >= 1, { what: 'the nudged job to run' });
    // Both instances heard the nudge; one run was waiting at a time, so at most two runs, one each
    // moment. Once it has run, nothing more is waiting.
    await waitUntil(async () => (await countRows('test.nudged', ['created', 'active'])) === 0, {
      what: 'the nudged runs to finish',
    });
    expect(ran.length).toBeGreaterThanOrEqual(1);
    expect(ran.length).toBeLessThanOrEqual(2);
    await one.stop();
    await two.stop();
  });

  it('keeps one run of a scheduled job waiting however many times it is sent', async () => {
    const q = queue(0);
    const release = signal();
    const entered = signal();
    q.register({
      name: 'test.busy',
      everyMs: 3_600_000,
      run: async () => {
        entered.resolve();
        await release;
      },
    });
    await q.start();
    await waitFor(entered, { what: 'the job to start' });
    const sent = await Promise.all(Array.from({ length: 20 }, () => q.send('test.busy')));
    expect(sent.filter(Boolean)).toHaveLength(1);
    expect(await countRows('test.busy', ['created', 'retry'])).toBe(1);
    release.resolve();
    await q.stop();
  });
});
