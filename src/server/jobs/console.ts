import { type SQL, sql } from 'drizzle-orm';
import {
  ADMIN_JOB_ERROR_MAX,
  ADMIN_JOBS_FAILED_DAYS,
  type AdminJob,
  type AdminJobKind,
  type JobFailureState,
} from '#shared/admin-jobs.ts';
import type { Db } from '../db/client.ts';
import { deadLetters, type JobQueue, SCHEMA } from './queue.ts';

// The operator console's view of the job queues (issue 62, ADR 054): what pg-boss keeps in its
// table, read here beside queue.ts so that the knowledge of its rows stays in one module. The admin
// feature is given a JobsConsole (services.ts) and never sees the queue or its table.
//
// A run that failed for good is two rows: the failed job of its kind, and a copy in the kind's dead
// letters (source_id: the failed job; source_root_id: the first job of its chain of retries). The
// list shows the dead letter while it waits, and the failed job only when nothing came of it since
// (no later job of its chain: no dead letter, no redriven run).

export type RetryOutcome =
  // Back in its queue: the failed job itself (boss.retry), or a new job from the dead letter.
  | { ok: true; from: JobFailureState }
  // No such job of that kind.
  | { ok: false; why: 'missing' }
  // It exists but is no longer failed or dead (retried already, or running).
  | { ok: false; why: 'gone' }
  // A run of its kind waits already; the queue keeps one waiting, so this one cannot join it.
  | { ok: false; why: 'busy' };

export type JobsConsole = {
  kinds(): Promise<AdminJobKind[]>;
  failures(limit: number): Promise<AdminJob[]>;
  retry(kind: string, id: string): Promise<RetryOutcome>;
};

const job = sql.raw(`${SCHEMA}.job`);
const WAITING = sql.raw(`('created', 'retry')`);
const list = (names: string[]): SQL =>
  sql`(${sql.join(
    names.map((n) => sql`${n}`),
    sql`, `,
  )})`;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const int = (v: unknown) => Math.round(Number(v ?? 0));
// Our runs fail with { message } (queue.ts); pg-boss's own failures (a time-out) with { value: { message } }.
const messageOf = (output: string) =>
  sql.raw(`coalesce(${output} ->> 'message', ${output} -> 'value' ->> 'message')`);

export function jobsConsole(queue: Pick<JobQueue, 'names' | 'queueClient'>, db: Db): JobsConsole {
  const known = (kind: string) => queue.names().includes(kind);

  async function kinds(): Promise<AdminJobKind[]> {
    const names = queue.names();
    if (!names.length) return [];
    const rows = rowsOf<Record<string, unknown>>(
      await db.execute(sql`select
          case when name like '%.dead' then left(name, -5) else name end as kind,
          count(*) filter (where name not like '%.dead' and state in ${WAITING} and start_after <= now()) as waiting,
          count(*) filter (where name not like '%.dead' and state = 'active') as active,
          count(*) filter (where name not like '%.dead' and state = 'failed'
            and completed_on > now() - make_interval(days => ${ADMIN_JOBS_FAILED_DAYS})) as failed,
          count(*) filter (where name like '%.dead' and state in ${WAITING}) as dead,
          extract(epoch from now() - min(start_after) filter (
            where name not like '%.dead' and state in ${WAITING} and start_after <= now()))::float8 as lag
        from ${job}
        where name in ${list([...names, ...names.map(deadLetters)])}
        group by 1`),
    );
    const byKind = new Map(rows.map((r) => [String(r.kind), r]));
    return names.map((name) => {
      const r = byKind.get(name);
      return {
        name,
        waiting: int(r?.waiting),
        active: int(r?.active),
        failed: int(r?.failed),
        dead: int(r?.dead),
        oldestWaitingSeconds: r?.lag === null || r?.lag === undefined ? null : Math.max(0, int(r.lag)),
      };
    });
  }

  async function failures(limit: number): Promise<AdminJob[]> {
    const names = queue.names();
    if (!names.length) return [];
    const rows = rowsOf<{
      id: string;
      kind: string;
      state: JobFailureState;
      error: string | null;
      tries: unknown;
      at: unknown;
    }>(
      await db.execute(sql`select id, kind, state, left(error, ${ADMIN_JOB_ERROR_MAX}) as error, tries, at from (
          select d.id::text as id, left(d.name, -5) as kind, 'dead' as state,
            ${messageOf('coalesce(d.source_output, d.output)')} as error,
            coalesce(d.source_retry_count, d.retry_count) as tries,
            extract(epoch from d.created_on) * 1000 as at
          from ${job} d
          where d.name in ${list(names.map(deadLetters))} and d.state in ${WAITING}
          union all
          select f.id::text, f.name, 'failed', ${messageOf('f.output')}, f.retry_count,
            extract(epoch from f.completed_on) * 1000
          from ${job} f
          where f.name in ${list(names)} and f.state = 'failed'
            and f.completed_on > now() - make_interval(days => ${ADMIN_JOBS_FAILED_DAYS})
            and not exists (
              select 1 from ${job} k
              where k.name in (f.name, f.name || '.dead') and k.id <> f.id
                and k.source_root_id = coalesce(f.source_root_id, f.id)
                and k.created_on >= f.completed_on)
        ) x
        order by at desc, id
        limit ${limit}`),
    );
    return rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      state: r.state,
      error: r.error,
      tries: int(r.tries),
      failedAt: new Date(Number(r.at)).toISOString(),
    }));
  }

  // The job by its id, in its kind's queue or in its dead letters.
  async function find(kind: string, id: string) {
    const [row] = rowsOf<{ name: string; state: string; key: string }>(
      await db.execute(sql`select name, state::text as state, coalesce(singleton_key, '') as key
        from ${job} where name in ${list([kind, deadLetters(kind)])} and id = ${id}::uuid`),
    );
    return row ?? null;
  }

  // Whether a job of the kind with that key is already in `state`: the kind's stately queue keeps one
  // created and one retry job per key, and a second would not be let in.
  async function taken(kind: string, key: string, state: 'created' | 'retry') {
    const rows = rowsOf(
      await db.execute(sql`select 1 from ${job}
        where name = ${kind} and state = ${state} and coalesce(singleton_key, '') = ${key} limit 1`),
    );
    return rows.length > 0;
  }

  async function retry(kind: string, id: string): Promise<RetryOutcome> {
    if (!known(kind)) return { ok: false, why: 'missing' };
    const row = await find(kind, id);
    if (!row) return { ok: false, why: 'missing' };
    const boss = await queue.queueClient();
    const dead = deadLetters(kind);
    if (row.name === kind) {
      if (row.state !== 'failed') return { ok: false, why: 'gone' };
      if (await taken(kind, row.key, 'retry')) return { ok: false, why: 'busy' };
      // One statement guarded by state = 'failed': of two retries, one moves it.
      // pg-boss 12 types its answer as an empty CommandResponse; it carries { affected } (the count).
      const { affected } = await boss.retry(kind, id).then(
        (r) => r as { affected: number },
        (err: unknown) => {
          if ((err as { code?: string }).code === '23505') return { affected: -1 };
          throw err;
        },
      );
      if (affected < 0) return { ok: false, why: 'busy' };
      if (affected === 0) return { ok: false, why: 'gone' };
      // Its copy in the dead letters would run it a second time: it is taken out.
      const copies = rowsOf<{ id: string }>(
        await db.execute(sql`select id::text as id from ${job}
          where name = ${dead} and source_id = ${id}::uuid and state in ${WAITING}`),
      ).map((r) => r.id);
      if (copies.length) await boss.deleteJob(dead, copies);
      return { ok: true, from: 'failed' };
    }
    if (row.state !== 'created' && row.state !== 'retry') return { ok: false, why: 'gone' };
    if (await taken(kind, row.key, 'created')) return { ok: false, why: 'busy' };
    // pg-boss's redrive: in one statement, a new job of the kind with the dead letter's data, and the
    // dead letter deleted; the row is locked (skip locked), so of two retries one moves it.
    const moved = await boss.redrive(dead, { ids: [id], destination: kind, limit: 1 });
    return moved === 1 ? { ok: true, from: 'dead' } : { ok: false, why: 'gone' };
  }

  return { kinds, failures, retry };
}
