import { describe, expect, it } from 'vitest';
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
});
