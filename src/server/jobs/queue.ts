import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { PgBoss, type Job as QueuedJob } from 'pg-boss';
import type { DbHandle, Tx } from '../db/client.ts';
import { QUEUE_SCHEMA, queueOptions } from '../db/queue-schema.ts';

// Background work (ADR 054): every kind of job is a queue of its own in pg-boss, with its own
// concurrency, time limit, retries with backoff and a dead-letter queue, so a slow or failing kind
// never holds up another. Scheduled kinds are pg-boss schedules; work sent for one piece of data
// (one calendar feed) is a job of its own. A job's function works from the rows due at `now` with
// guarded updates, so a run cut short is simply done again by the next one.

export type Job = {
  name: string;
  // How often it runs. Omitted: it runs only when sent (send()), once per job.
  everyMs?: number;
  // The most one run may take: its signal aborts then, and the run counts as failed (default 5 min).
  timeoutMs?: number;
  // Runs of this kind at once on one instance (default 1; a scheduled kind never runs twice at once).
  concurrency?: number;
  // Tries after the first failure, with growing delays, before the job goes to the dead letters.
  retryLimit?: number;
  run: (now: Date, data: Record<string, unknown>, signal: AbortSignal) => Promise<unknown>;
};

export const SCHEMA = QUEUE_SCHEMA;
export const deadLetters = (name: string) => `${name}.dead`;
// The channel a transaction nudges a job on (runSoon): delivered at commit, to every instance.
const NUDGES = 'ys_jobs';
const DEFAULT_TIMEOUT_MS = 5 * 60_000;

// A job id for "this job at this instant": two instances ticking at the same `now` make one job.
function idFor(name: string, now: Date): string {
  const h = createHash('sha256').update(`${name}@${now.toISOString()}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

// A schedule's interval as cron: the longest step that divides the hour (or the day) and is no
// longer than the interval (pg-boss's schedules step by minutes; shorter intervals are kept by the
// instances' pulse instead).
export function cronOf(everyMs: number): string {
  const longest = (n: number, of: number) => Math.max(...divisors(of).filter((d) => d <= n));
  const minutes = Math.max(1, Math.round(everyMs / 60_000));
  if (minutes < 60) {
    const step = longest(minutes, 60);
    return step === 1 ? '* * * * *' : `*/${step} * * * *`;
  }
  const hours = Math.round(minutes / 60);
  if (hours < 24) {
    const step = longest(hours, 24);
    return step === 1 ? '0 * * * *' : `0 */${step} * * *`;
  }
  return '0 0 * * *';
}
const divisors = (n: number) => Array.from({ length: n }, (_, i) => i + 1).filter((d) => n % d === 0);

export class JobQueue {
  private handle: DbHandle;
  private log: Pick<FastifyBaseLogger, 'warn' | 'error' | 'info'>;
  private maxIntervalMs: number;
  private jobs = new Map<string, Job>();
  private boss: PgBoss | null = null;
  private opening: Promise<PgBoss> | null = null;
  private live = false;
  private created = new Set<string>();
  private workers = new Map<string, string>();
  private pulses: NodeJS.Timeout[] = [];
  private unlisten: (() => Promise<void>) | null = null;
  private running = new Set<Promise<unknown>>();
  private stopping = false;
  // Told of every run this instance made: for the metrics.
  onRun: ((run: { name: string; seconds: number; ok: boolean }) => void) | null = null;

  constructor(
    handle: DbHandle,
    log: Pick<FastifyBaseLogger, 'warn' | 'error' | 'info'>,
    { maxIntervalMs = 0 }: { maxIntervalMs?: number } = {},
  ) {
    this.handle = handle;
    this.log = log;
    this.maxIntervalMs = maxIntervalMs;
  }

  register(job: Job) {
    this.jobs.set(job.name, job);
  }

  // The registered jobs' names, in the order a tick runs them.
  names(): string[] {
    return [...this.jobs.keys()];
  }

  // How often a scheduled job runs: its own interval, or JOBS_MAX_INTERVAL_S when that is shorter.
  intervalOf(name: string): number | null {
    const job = this.jobs.get(name);
    if (job?.everyMs === undefined) return null;
    return this.maxIntervalMs > 0 ? Math.min(job.everyMs, this.maxIntervalMs) : job.everyMs;
  }

  private open(live: boolean): Promise<PgBoss> {
    if (this.boss && this.live === live) return Promise.resolve(this.boss);
    this.opening ??= (async () => {
      if (this.boss) {
        await this.boss.stop({ graceful: true, close: true }).catch(() => {});
        this.boss = null;
        this.created.clear();
      }
      const boss = new PgBoss(queueOptions(this.handle.queue, live));
      boss.on('error', (err: unknown) => this.log.warn({ err }, 'job queue error'));
      await boss.start();
      this.boss = boss;
      this.live = live;
      return boss;
    })().finally(() => {
      this.opening = null;
    });
    return this.opening;
  }

  // The queue of a job and its dead letters, made once (and brought up to date) per instance.
  private async ensureQueue(boss: PgBoss, job: Job) {
    if (this.created.has(job.name)) return;
    const dead = deadLetters(job.name);
    const timeoutMs = job.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const settings = {
      // At most one run waiting and one running across every instance: of a scheduled job, and of
      // sent work per key (one calendar feed).
      policy: 'stately',
      retryLimit: job.retryLimit ?? 3,
      // Tests drive the queue by tick(): a failed run may be tried again at the next tick.
      retryDelay: this.live ? 15 : 0,
      ...(this.live ? { retryBackoff: true, retryDelayMax: 15 * 60 } : { retryBackoff: false }),
      // pg-boss fails a run still active this long after it started (a crashed instance's runs).
      expireInSeconds: Math.ceil(timeoutMs / 1000) + 30,
      deadLetter: dead,
      // Finished jobs are kept a week for the console, then deleted by pg-boss's maintenance.
      deleteAfterSeconds: 7 * 86_400,
    } as const;
    if (!(await boss.getQueue(dead))) await boss.createQueue(dead, { deleteAfterSeconds: 30 * 86_400 });
    if (await boss.getQueue(job.name)) {
      const { policy: _policy, ...changeable } = settings;
      await boss.updateQueue(job.name, changeable);
    } else await boss.createQueue(job.name, settings);
    this.created.add(job.name);
  }

  // Runs one fetched job with its time limit; rejects when it failed (pg-boss retries it).
  private async runOne(job: Job, queued: QueuedJob<Record<string, unknown>>, now?: Date): Promise<void> {
    const timeoutMs = job.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const limit = AbortSignal.timeout(timeoutMs);
    const signal = queued.signal ? AbortSignal.any([queued.signal, limit]) : limit;
    const at = now ?? (typeof queued.data?.now === 'string' ? new Date(queued.data.now) : new Date());
    const started = performance.now();
    let ok = false;
    const work = job.run(at, queued.data ?? {}, signal);
    const track = work.catch(() => {});
    this.running.add(track);
    try {
      await new Promise<unknown>((resolve, reject) => {
        const onAbort = () => reject(new Error(`${job.name} stopped after ${timeoutMs} ms`));
        if (signal.aborted) return onAbort();
        signal.addEventListener('abort', onAbort, { once: true });
        work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
      });
      ok = true;
    } catch (err) {
      this.log.error({ err, job: job.name }, 'job failed');
      throw err;
    } finally {
      this.running.delete(track);
      this.onRun?.({ name: job.name, seconds: (performance.now() - started) / 1000, ok });
    }
  }

  // Runs every scheduled job once for `now`, in registration order, then any work waiting in the
  // other queues; answers the names run. Two instances ticking at the same `now` run each job once:
  // the run is one job (its id made from the name and the instant), which one fetch gets. For tests
  // and the command line; a started server runs its jobs from pg-boss's schedules.
  async tick(now = new Date()): Promise<string[]> {
    const boss = await this.open(this.live);
    const ran: string[] = [];
    for (const job of this.jobs.values()) {
      if (this.stopping) break;
      await this.ensureQueue(boss, job);
      if (job.everyMs !== undefined)
        await boss.send(job.name, { now: now.toISOString() }, { id: idFor(job.name, now) });
      let any = false;
      for (;;) {
        const [queued] = await boss.fetch<Record<string, unknown>>(job.name);
        if (!queued) break;
        try {
          await this.runOne(job, queued, now);
          await boss.complete(job.name, queued.id);
          any = true;
        } catch (err) {
          await boss.fail(job.name, queued.id, { message: messageOf(err) });
        }
        // A scheduled job runs once a tick; sent work is drained.
        if (job.everyMs !== undefined) break;
      }
      if (any) ran.push(job.name);
    }
    return ran;
  }

  // Sends one job (sent work: data names what to do; singletonKey keeps one waiting per key).
  async send(
    name: string,
    data: Record<string, unknown> = {},
    singletonKey?: string,
  ): Promise<string | null> {
    const job = this.jobs.get(name);
    if (!job) throw new Error(`no job ${name}`);
    if (this.stopping) throw new Error(`the queue is stopping: ${name} not sent`);
    const boss = await this.open(this.live);
    await this.ensureQueue(boss, job);
    const id = await boss.send(name, data, singletonKey ? { singletonKey } : {});
    const worker = this.workers.get(name);
    if (worker) boss.notifyWorker(worker);
    return id;
  }

  // Starts this instance's workers and the schedules (main.ts): each job kind polls its own queue.
  async start(): Promise<void> {
    if (this.stopping) return;
    const boss = await this.open(true);
    for (const job of this.jobs.values()) {
      await this.ensureQueue(boss, job);
      const interval = this.intervalOf(job.name);
      const pollingIntervalSeconds = Math.min(10, Math.max(1, Math.floor((interval ?? 4000) / 4000)));
      const id = await boss.work<Record<string, unknown>>(
        job.name,
        { localConcurrency: job.concurrency ?? 1, pollingIntervalSeconds, batchSize: 1 },
        async ([queued]) => {
          if (queued) await this.runOne(job, queued);
        },
      );
      this.workers.set(job.name, id);
      if (interval === null) continue;
      // Once at start, then on its schedule: a restarted server catches up at once (instances
      // starting together make one run: one job per slot of its interval).
      await boss.send(job.name, null, { singletonSeconds: Math.max(1, Math.floor(interval / 1000)) });
      if (interval >= 60_000) await boss.schedule(job.name, cronOf(interval), null, { missed: 'once' });
      else {
        // Under a minute (pg-boss's schedules step by minutes): each instance sends it at its own
        // interval; the stately queue keeps one waiting, so the runs do not pile up.
        await boss.unschedule(job.name).catch(() => {});
        const pulse = setInterval(() => {
          boss.send(job.name, null).catch((err) => this.log.warn({ err, job: job.name }, 'job pulse failed'));
        }, interval);
        pulse.unref();
        this.pulses.push(pulse);
      }
    }
    // A transaction's runSoon arrives at commit: the job is sent now, instead of at its next run.
    this.unlisten = await this.handle.listen(NUDGES, (name) => {
      if (this.jobs.has(name) && !this.stopping)
        this.send(name).catch((err) => this.log.warn({ err, job: name }, 'job nudge failed'));
    });
  }

  // Runs under way finish (pg-boss waits for its workers); nothing new starts.
  async stop(): Promise<void> {
    this.stopping = true;
    for (const p of this.pulses) clearInterval(p);
    this.pulses = [];
    await this.unlisten?.().catch(() => {});
    await this.opening?.catch(() => {});
    const boss = this.boss;
    this.boss = null;
    if (boss) await boss.stop({ graceful: true, close: true, timeout: 30_000 }).catch(() => {});
    await Promise.all(this.running);
  }

  // The console's and the metrics' view (ADR 054): the started boss, or null before the first use.
  queueClient(): Promise<PgBoss> {
    return this.open(this.live);
  }

  has(name: string): boolean {
    return this.jobs.has(name);
  }
}

const messageOf = (err: unknown) => (err instanceof Error ? err.message.slice(0, 500) : 'failed');

// Makes the named job run soon, from the caller's transaction: the nudge is delivered when the
// transaction commits (PostgreSQL NOTIFY), and any instance's queue sends the job then. A nudge lost
// with a crashed instance is made up by the job's schedule.
export async function runSoon(tx: Pick<Tx, 'execute'>, name: string): Promise<void> {
  await tx.execute(sql`select pg_notify(${NUDGES}, ${name})`);
}

// The metrics' rows of the queues (k, l, v: kind, label, value; ops/marketplace.ts), per job: runs
// waiting that could start now, how long the oldest of them has waited, runs that failed for good
// (kept a week), and jobs in its dead letters.
export const jobFigures = sql.raw(`select 'job_waiting' as k, name as l, count(*)::float8 as v
    from ${SCHEMA}.job where state in ('created', 'retry') and start_after <= now() and name not like '%.dead' group by name
  union all select 'job_lag', name, extract(epoch from (now() - min(start_after)))::float8
    from ${SCHEMA}.job where state in ('created', 'retry') and start_after <= now() and name not like '%.dead' group by name
  union all select 'job_failed', name, count(*)::float8
    from ${SCHEMA}.job where state = 'failed' and name not like '%.dead' group by name
  union all select 'job_dead', left(name, -5), count(*)::float8
    from ${SCHEMA}.job where name like '%.dead' and state in ('created', 'retry') group by name`);
