import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AdminJob, AdminJobs } from '#shared/admin-jobs.ts';
import { registerUser } from '../../testing/factories.ts';
import { moderationKit } from '../../testing/moderation.ts';
import { buildTestApp } from '../../testing/test-app.ts';

// The console's Jobs screen (issue 62): each job kind's figures, the runs that failed for good (a
// failed job and its copy in the dead letters, shown once) and an operator's retry, audited, once.
const { app, db } = await buildTestApp();
const { call, admin } = await moderationKit(app, db);
const member = await registerUser(app);

const KIND = 'test.fails';
let failing = true;
let runs = 0;
app.jobs.register({
  name: KIND,
  everyMs: 60_000,
  retryLimit: 0,
  run: async () => {
    runs++;
    if (failing) throw new Error('boom: the garden hose burst');
  },
});

let minute = 0;
// Each tick at a new minute, so the scheduled job is a new run each time.
const tick = () => app.jobs.tick(new Date(Date.UTC(2030, 0, 1, 12, minute++)));

const overview = async () => {
  const res = await call(admin, 'GET', '/api/admin/jobs');
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AdminJobs;
};
const ours = (o: AdminJobs) => o.jobs.filter((j) => j.kind === KIND);
const figures = (o: AdminJobs) => o.kinds.find((k) => k.name === KIND);
const retry = (job: Pick<AdminJob, 'kind' | 'id'>, who: { cookie: string } | null = admin) =>
  call(who, 'POST', `/api/admin/jobs/${job.kind}/${job.id}/retry`);
const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;
const lastFailed = async () =>
  rowsOf<{ id: string }>(
    await db.db.execute(sql`select id::text as id from pgboss.job
      where name = ${KIND} and state = 'failed' order by completed_on desc limit 1`),
  )[0].id;

const stateOf = async (id: string) =>
  rowsOf<{ state: string }>(
    await db.db.execute(
      sql`select state::text as state from pgboss.job where name = ${KIND} and id = ${id}::uuid`,
    ),
  )[0]?.state;

describe('the jobs screen', () => {
  it('lists a run that failed for good once, as a dead letter, with its message', async () => {
    await tick();
    expect(runs).toBe(1);
    const o = await overview();
    expect(o.kinds.map((k) => k.name)).toEqual(app.jobs.names());
    expect(figures(o)).toEqual({
      name: KIND,
      waiting: 0,
      active: 0,
      failed: 1,
      dead: 1,
      oldestWaitingSeconds: null,
    });
    const [job, ...more] = ours(o);
    expect(more).toEqual([]);
    expect(job).toMatchObject({ kind: KIND, state: 'dead', error: 'boom: the garden hose burst', tries: 0 });
    expect(Date.now() - Date.parse(job.failedAt)).toBeLessThan(60_000);
  });

  it('is for operators only: anyone else gets the 404 of a path that does not exist', async () => {
    const [job] = ours(await overview());
    for (const who of [member, null]) {
      expect((await call(who, 'GET', '/api/admin/jobs')).statusCode).toBe(404);
      const res = await retry(job, who);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
    }
    // Nothing moved.
    expect(ours(await overview())).toEqual([job]);
  });

  it('answers 400 for bad params and 404 for an unknown job or kind', async () => {
    const bad = await call(admin, 'POST', `/api/admin/jobs/${KIND}/not-a-uuid/retry`);
    expect(bad.statusCode, bad.body).toBe(400);
    expect(
      (await call(admin, 'POST', `/api/admin/jobs/NOT%20A%20KIND/${randomUUID()}/retry`)).statusCode,
    ).toBe(400);
    const unknown = await retry({ kind: KIND, id: randomUUID() });
    expect(unknown.statusCode, unknown.body).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Job not found', code: 'JOB_NOT_FOUND' });
    const [job] = ours(await overview());
    expect((await retry({ kind: 'mail.outbox', id: job.id })).statusCode).toBe(404);
    expect((await retry({ kind: 'no.such-kind', id: job.id })).statusCode).toBe(404);
  });

  it('refuses a dead letter while a run of its kind waits, and keeps it', async () => {
    const [job] = ours(await overview());
    await app.jobs.send(KIND);
    const res = await retry(job);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().code).toBe('JOB_WAITING');
    const o = await overview();
    expect(figures(o)).toMatchObject({ waiting: 1, dead: 1 });
    expect(ours(o)).toEqual([job]);
    // The waiting run runs (and fails: a second failure, a second dead letter).
    await tick();
    expect(runs).toBe(2);
    expect(figures(await overview())).toMatchObject({ waiting: 0, failed: 2, dead: 2 });
  });

  it('sends a dead letter back to its queue once, of two retries at the same time, and audits it', async () => {
    const [job] = ours(await overview()).slice(-1);
    const answers = await Promise.all([retry(job), retry(job)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const ok = answers.find((r) => r.statusCode === 200)?.json();
    expect(ok.audit).toMatchObject({
      action: 'job_retry',
      subjectType: 'job',
      actor: { id: admin.user.id },
      details: { kind: KIND, jobId: job.id, from: 'dead' },
    });
    const refused = answers.find((r) => r.statusCode === 409)?.json();
    expect(refused.code).toBe('JOB_NOT_FAILED');
    // Asked again later: still a 409, not a 404 (the dead letter is gone, the audit log remembers).
    expect((await retry(job)).statusCode).toBe(409);
    const o = await overview();
    expect(figures(o)).toMatchObject({ waiting: 1, dead: 1 });
    expect(ours(o).map((j) => j.id)).not.toContain(job.id);
    // It runs again, once, and this time it works.
    failing = false;
    await tick();
    expect(runs).toBe(3);
    expect(figures(await overview())).toMatchObject({ waiting: 0, active: 0 });
    const audit = await call(admin, 'GET', '/api/admin/audit?subjectType=job');
    expect(audit.statusCode, audit.body).toBe(200);
    expect(
      audit.json().items.filter((e: { details: { jobId?: string } }) => e.details.jobId === job.id),
    ).toHaveLength(1);
  });

  it('puts a failed job back in its queue once, of two retries, and takes its dead letter out', async () => {
    const before = figures(await overview())?.dead ?? 0;
    failing = true;
    await tick();
    expect(runs).toBe(4);
    // The failed job itself (the list shows its dead letter instead).
    const id = await lastFailed();
    expect(ours(await overview()).map((j) => j.id)).not.toContain(id);
    expect(figures(await overview())?.dead).toBe(before + 1);
    const answers = await Promise.all([retry({ kind: KIND, id }), retry({ kind: KIND, id })]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((r) => r.statusCode === 200)?.json().audit.details).toEqual({
      kind: KIND,
      jobId: id,
      from: 'failed',
    });
    // Its copy in the dead letters is gone: it cannot run twice.
    expect(figures(await overview())).toMatchObject({ waiting: 1, dead: before });
    failing = false;
    await tick();
    expect(runs).toBe(5);
    // The retried job was the run (the oldest waiting); the tick's own run waits for the next one.
    expect(await stateOf(id)).toBe('completed');
    expect(figures(await overview())).toMatchObject({ dead: before });
  });

  it("lists a failed job as 'failed' when its dead letter is gone", async () => {
    failing = true;
    await tick();
    const id = await lastFailed();
    const boss = await app.jobs.queueClient();
    const [dead] = ours(await overview());
    expect(dead.state).toBe('dead');
    await boss.deleteJob(`${KIND}.dead`, dead.id);
    const [job] = ours(await overview());
    expect(job).toMatchObject({ id, kind: KIND, state: 'failed', error: 'boom: the garden hose burst' });
    const res = await retry(job);
    expect(res.statusCode, res.body).toBe(200);
    expect(ours(await overview()).map((j) => j.id)).not.toContain(id);
    failing = false;
    const ran = runs;
    await tick();
    expect(runs).toBe(ran + 1);
  });
});
