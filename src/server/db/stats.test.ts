import { describe, expect, it } from 'vitest';
import { DbStats, timePgClient } from './stats.ts';

type Cb = (err: unknown, res?: unknown) => void;

// A client with pg's query signature: (config, values?, callback?) or (config, callback); the
// promise form when no callback is given.
function client(fail?: { code: string }) {
  const calls: unknown[][] = [];
  const c = {
    query(config: unknown, values?: unknown, callback?: unknown) {
      calls.push([config, values, callback]);
      const cb = (typeof values === 'function' ? values : callback) as Cb | undefined;
      if (cb) {
        queueMicrotask(() => (fail ? cb(fail) : cb(null, { rows: [[1]] })));
        return undefined;
      }
      return fail ? Promise.reject(fail) : Promise.resolve({ rows: [[1]] });
    },
  };
  return { c, calls };
}

describe('timePgClient', () => {
  it('times each form of a query once and hands its answer through unchanged', async () => {
    const stats = new DbStats();
    const times: number[] = [];
    stats.onQuery = (s) => times.push(s);
    const { c, calls } = client();
    timePgClient(c, stats);

    const viaCallback = await new Promise((r) => c.query('select 1', (_e: unknown, res: unknown) => r(res)));
    const viaValues = await new Promise((r) =>
      c.query({ text: 'select $1' }, [1], (_e: unknown, res: unknown) => r(res)),
    );
    const viaPromise = await c.query({ text: 'select 2' }, [2]);

    expect([viaCallback, viaValues, viaPromise]).toEqual([{ rows: [[1]] }, { rows: [[1]] }, { rows: [[1]] }]);
    expect(calls.map(([config, values]) => [config, values])).toEqual([
      ['select 1', expect.any(Function)],
      [{ text: 'select $1' }, [1]],
      [{ text: 'select 2' }, [2]],
    ]);
    await Promise.resolve();
    expect(times).toHaveLength(3);
    expect(times.every((s) => s >= 0)).toBe(true);
  });

  it("counts PostgreSQL's statement timeouts (57014) and passes the error on", async () => {
    const stats = new DbStats();
    const { c } = client({ code: '57014' });
    timePgClient(c, stats);
    const err = await new Promise((r) => c.query('select pg_sleep(10)', undefined, (e: unknown) => r(e)));
    await expect(c.query('select pg_sleep(10)')).rejects.toEqual({ code: '57014' });
    await Promise.resolve();
    expect(err).toEqual({ code: '57014' });
    expect(stats.timeouts).toBe(2);
  });
});
