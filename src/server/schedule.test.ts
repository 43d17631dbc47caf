import { describe, expect, it } from 'vitest';
import { cronOf } from './jobs/queue.ts';
import { buildTestApp } from './testing/test-app.ts';

// Every job is registered once, by the composition root (schedule.ts), under the name its queue,
// the metrics and the two-instance suite know it by, and in the order a tick runs them (a job that
// feeds another first: payments.release before payouts.send).
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
    const intervals = async (env: Record<string, string>) => {
      const { app } = await buildTestApp(env);
      return Object.fromEntries(app.jobs.names().map((n) => [n, app.jobs.intervalOf(n)! / 1000]));
    };
    const own = await intervals({});
    expect(own).toMatchObject({ 'mail.outbox': 30, 'payouts.send': 60, 'payouts.reconcile': 3600 });
    const short = await intervals({ JOBS_MAX_INTERVAL_S: '2' });
    expect(Object.keys(short).sort()).toEqual(Object.keys(own).sort());
    expect(new Set(Object.values(short))).toEqual(new Set([2]));
  });

  // pg-boss's schedules step by minutes: an interval becomes the cron of the longest step
  // that divides the hour (or the day) and is no longer than it.
  it('turns intervals into cron schedules', () => {
    expect(cronOf(60_000)).toBe('* * * * *');
    expect(cronOf(5 * 60_000)).toBe('*/5 * * * *');
    expect(cronOf(7 * 60_000)).toBe('*/6 * * * *');
    expect(cronOf(3_600_000)).toBe('0 * * * *');
    expect(cronOf(5 * 3_600_000)).toBe('0 */4 * * *');
    expect(cronOf(6 * 3_600_000)).toBe('0 */6 * * *');
    expect(cronOf(86_400_000)).toBe('0 0 * * *');
  });
});
