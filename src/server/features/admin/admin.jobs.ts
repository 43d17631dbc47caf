import { and, eq, sql } from 'drizzle-orm';
import { ADMIN_JOBS_LIMIT, type AdminJobs as AdminJobsView } from '#shared/admin-jobs.ts';
import type { AdminActionResult } from '#shared/moderation.ts';
import type { Db } from '../../db/client.ts';
import { auditLog } from '../../db/schema.ts';
import { conflict, notFound } from '../../errors.ts';
import type { JobsConsole } from '../../jobs/console.ts';
import { type Actor, writeAudit } from './queries.ts';

// The console's Jobs screen (issue 62, ADR 054): each job kind's figures, the runs that failed for
// good, and an operator's retry of one, audited. The queue is read and moved through the port
// services.ts gives (jobs/console.ts); this feature never sees pg-boss.
export class AdminJobs {
  private db: Db;
  private jobs: JobsConsole;
  // Retries of one job on this instance, one after the other: the second sees what the first did
  // (and its audit entry), so it is told 409, never 404 for a dead letter the first one moved.
  private inFlight = new Map<string, Promise<unknown>>();

  constructor(db: Db, jobs: JobsConsole) {
    this.db = db;
    this.jobs = jobs;
  }

  async overview(): Promise<AdminJobsView> {
    const [kinds, jobs] = await Promise.all([this.jobs.kinds(), this.jobs.failures(ADMIN_JOBS_LIMIT)]);
    return { kinds, jobs };
  }

  retry(actor: Actor, kind: string, id: string): Promise<AdminActionResult> {
    const before = this.inFlight.get(id) ?? Promise.resolve();
    const run = before.catch(() => {}).then(() => this.retryNow(actor, kind, id));
    const tail = run.catch(() => {});
    this.inFlight.set(id, tail);
    void tail.then(() => {
      if (this.inFlight.get(id) === tail) this.inFlight.delete(id);
    });
    return run;
  }

  private async retryNow(actor: Actor, kind: string, id: string): Promise<AdminActionResult> {
    const outcome = await this.jobs.retry(kind, id);
    if (!outcome.ok) {
      if (outcome.why === 'busy')
        throw conflict('A run of this job is already waiting. Retry once it has run.', 'JOB_WAITING');
      // A dead letter that was sent back is no longer in the queue's table: the audit log remembers.
      if (outcome.why === 'missing' && !(await this.retried(id)))
        throw notFound('Job not found', 'JOB_NOT_FOUND');
      throw conflict('This job is no longer failed or dead: it was retried already.', 'JOB_NOT_FAILED');
    }
    const audit = await writeAudit(
      this.db,
      actor,
      'job_retry',
      'job',
      0,
      `Retried ${kind} from the console`,
      {
        kind,
        jobId: id,
        from: outcome.from,
      },
    );
    return { message: 'The job is back in its queue', audit };
  }

  private async retried(id: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'job_retry'), sql`${auditLog.details} ->> 'jobId' = ${id}`))
      .limit(1);
    return row !== undefined;
  }
}
