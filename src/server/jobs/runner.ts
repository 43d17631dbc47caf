import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { scheduledJobs } from '../db/schema.ts';

// leaseMs: how long a run may take before another instance may start it again (default 5 minutes).
export type Job = { name: string; everyMs: number; leaseMs?: number; run: (now: Date) => Promise<unknown> };

// Work that happens later (expiring bookings, starting and ending them, releasing payouts) runs
// from here, never from a timer's memory (ADR 016). Each job is a row in scheduled_jobs: an
// instance runs a due job only after leasing its row in one guarded UPDATE, so when several
// instances share one database each due run happens on one of them. The jobs themselves work from
// the data (rows that are due at `now`) with guarded updates, so a run cut short by a crash or a
// restart is simply done again by the next one.
export class JobRunner {
  private db: Db;
  private log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  private leaseMs: number;
  private jobs = new Map<string, Job>();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;
  private stopping = false;
  // JOBS_MAX_INTERVAL_S: no job waits longer than this between runs (0: each its own interval).
  private maxIntervalMs: number;
  // Told of every run this instance made: for the metrics.
  onRun: ((run: { name: string; seconds: number; ok: boolean }) => void) | null = null;

  constructor(
    db: Db,
    log: Pick<FastifyBaseLogger, 'warn' | 'error'>,
    { leaseMs = 5 * 60_000, maxIntervalMs = 0 }: { leaseMs?: number; maxIntervalMs?: number } = {},
  ) {
    this.db = db;
    this.log = log;
    this.leaseMs = leaseMs;
    this.maxIntervalMs = maxIntervalMs;
  }

  // How long a job waits after a run: its own interval, a minute at most after a failure, and never
  // more than JOBS_MAX_INTERVAL_S when that is set.
  private intervalOf(job: Job, failed: boolean): number {
    const own = failed ? Math.min(job.everyMs, 60_000) : job.everyMs;
    return this.maxIntervalMs > 0 ? Math.min(own, this.maxIntervalMs) : own;
  }

  register(job: Job) {
    this.jobs.set(job.name, job);
  }

  // The registered jobs' names, in the order a tick runs them.
  names(): string[] {
    return [...this.jobs.keys()];
  }

  // Runs every job due at `now` that this instance can lease; returns the names it ran.
  async tick(now = new Date()): Promise<string[]> {
    const ran: string[] = [];
    for (const job of this.jobs.values()) {
      // Stopping: the job under way finishes, the next ones wait for another instance or start.
      if (this.stopping) break;
      await this.db.insert(scheduledJobs).values({ name: job.name, nextRunAt: now }).onConflictDoNothing();
      const [leased] = await this.db
        .update(scheduledJobs)
        .set({ lockedUntil: new Date(now.getTime() + (job.leaseMs ?? this.leaseMs)) })
        .where(
          and(
            eq(scheduledJobs.name, job.name),
            lte(scheduledJobs.nextRunAt, now),
            or(isNull(scheduledJobs.lockedUntil), lte(scheduledJobs.lockedUntil, now)),
          ),
        )
        .returning({ name: scheduledJobs.name });
      if (!leased) continue;
      let error: string | null = null;
      const started = performance.now();
      try {
        await job.run(now);
        ran.push(job.name);
      } catch (err) {
        error = err instanceof Error ? err.message.slice(0, 500) : 'failed';
        this.log.error({ err, job: job.name }, 'scheduled job failed');
      }
      this.onRun?.({ name: job.name, seconds: (performance.now() - started) / 1000, ok: error === null });
      const next = new Date(now.getTime() + this.intervalOf(job, error !== null));
      await this.db
        .update(scheduledJobs)
        .set({
          lockedUntil: null,
          lastRunAt: now,
          nextRunAt: next,
          lastError: error,
          runs: sql`${scheduledJobs.runs} + 1`,
        })
        .where(eq(scheduledJobs.name, job.name));
    }
    return ran;
  }

  // Ticks on a timer (the timer only wakes the runner; what is due lives in the database): every
  // 30 s, or every JOBS_MAX_INTERVAL_S when that is shorter.
  start(everyMs = this.maxIntervalMs > 0 ? Math.min(30_000, this.maxIntervalMs) : 30_000) {
    if (this.timer) return;
    const beat = () => {
      if (this.running) return;
      this.running = this.tick()
        .catch((err) => this.log.warn({ err }, 'job runner tick failed'))
        .finally(() => {
          this.running = null;
        });
    };
    this.timer = setInterval(beat, everyMs);
    this.timer.unref();
    beat();
  }

  async stop() {
    this.stopping = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }
}

// The marketplace figures' rows of the jobs (k, l, v: kind, label, value; ops/marketplace.ts): how
// long each due job has waited (0: not due).
export const jobLagFigures = sql`select 'job_lag' as k, name as l, greatest(0, extract(epoch from (now() - next_run_at)))::float8 as v from scheduled_jobs`;

// Makes the named job due now, in the caller's transaction: the runner's next tick runs it. A job
// already due is left as it is.
export async function runSoon(tx: Pick<Db, 'update'>, name: string, now = new Date()): Promise<void> {
  await tx
    .update(scheduledJobs)
    .set({ nextRunAt: now })
    .where(
      and(eq(scheduledJobs.name, name), sql`${scheduledJobs.nextRunAt} > ${now.toISOString()}::timestamptz`),
    );
}
