import { describe, expect, it } from 'vitest';
import { scheduledJobs } from './db/schema.ts';
import { buildTestApp } from './testing/test-app.ts';

// Every job is registered once, by the composition root (schedule.ts), under the name the
// scheduled_jobs rows, the metrics and the two-instance suite know it by, and in the order a tick
// runs them (a job that feeds another first: payments.release before payouts.send).
const COMMON = [
  'bookings.start',
  'bookings.complete',
  'maintenance.purge',
  'uploads.variants',
  'mail.outbox',
  'notifications.message-mail',
];
const PAYMENTS = [
  'payments.release',
  'payments.refunds',
  'rent.invoices',
  'rent.reminders',
  'rent.lapse',
  'payouts.send',
  'payouts.poll',
  'payouts.reconcile',
  'reviews.reveal',
  'bookings.expire',
  'waitlists.offers',
  'calendars.imports',
];

describe('the schedule', () => {
  it('registers every job with the sandbox and its automated payout processor', async () => {
    const { app } = await buildTestApp({ SANDBOX_PAYOUT_PROCESSOR: 'automated' });
    expect(app.jobs.names()).toEqual([...COMMON, 'sandbox.purge', 'sandbox.payouts', ...PAYMENTS]);
  });

  it('leaves the sandbox payout processor out when SANDBOX_PAYOUT_PROCESSOR=none', async () => {
    const { app } = await buildTestApp({ SANDBOX_PAYOUT_PROCESSOR: 'none' });
    expect(app.jobs.names()).toEqual([...COMMON, 'sandbox.purge', ...PAYMENTS]);
  });

  // Test servers and demos shorten every job's wait with JOBS_MAX_INTERVAL_S; unset, each keeps its own.
  it('runs a job again after its own interval, or after JOBS_MAX_INTERVAL_S when that is shorter', async () => {
    const now = new Date('2026-03-01T12:00:00Z');
    const nextRuns = async (env: Record<string, string>) => {
      const { app, db } = await buildTestApp(env);
      await app.jobs.tick(now);
      const rows = await db.db.select().from(scheduledJobs);
      return Object.fromEntries(rows.map((r) => [r.name, (r.nextRunAt.getTime() - now.getTime()) / 1000]));
    };
    const own = await nextRuns({});
    expect(own).toMatchObject({ 'mail.outbox': 30, 'payouts.send': 60, 'payouts.reconcile': 3600 });
    const short = await nextRuns({ JOBS_MAX_INTERVAL_S: '2' });
    expect(Object.keys(short).sort()).toEqual(Object.keys(own).sort());
    expect(new Set(Object.values(short))).toEqual(new Set([2]));
  });
});
