import { sql } from 'drizzle-orm';
import { Gauge, type Registry } from 'prom-client';
import { BOOKING_STATUSES } from '#shared/booking-rules.ts';
import { PAYMENT_STATUSES } from '#shared/payments.ts';
import { PAYOUT_STATES } from '#shared/payouts.ts';
import type { Db } from '../db/client.ts';
import { bookingFigures } from '../features/bookings/queries.ts';
import { paymentFigures } from '../features/payments/queries.ts';
import { jobFigures } from '../jobs/queue.ts';
import { outboxFigures } from '../mail/outbox.ts';

// Marketplace figures read from the database when /metrics is scraped (ADR 033). They are the same
// on every instance: aggregate them with max(), not sum(). One statement, so one round trip: each
// owner of the tables gives its rows (k, l, v).
const FIGURES = sql.join([bookingFigures, paymentFigures, outboxFigures, jobFigures], sql` union all `);

type Row = { k: string; l: string; v: number };

export function marketplaceGauges(register: Registry, db: Db, jobNames: () => string[] = () => []) {
  const g = (name: string, help: string, labelNames: string[] = []) =>
    new Gauge({ name, help, labelNames, registers: [register] });
  const bookings = g('yardshare_bookings', 'Bookings by state', ['state']);
  const payments = g('yardshare_payments', 'Payments by state', ['state']);
  const payouts = g('yardshare_payouts', 'Host payouts by state', ['state']);
  const waiting = g(
    'yardshare_payouts_waiting_at_provider',
    'Payouts the provider has held (awaiting approval or payment) past PAYOUT_PROVIDER_WAIT_HOURS',
  );
  const held = g(
    'yardshare_money_held_cents',
    'Money held with the payment provider, in cents (ledger cash)',
  );
  const owed = g('yardshare_money_owed_to_hosts_cents', 'Money owed to hosts and not yet paid out, in cents');
  const fees = g('yardshare_platform_fees_cents', 'Platform fees earned, in cents');
  const outbox = g('yardshare_mail_outbox_messages', 'E-mails waiting (pending) or given up on (failed)', [
    'status',
  ]);
  const retrying = g('yardshare_mail_outbox_retrying', 'Pending e-mails whose last attempt failed');
  // The job queues (ADR 054): a job with nothing waiting has no series but its zero.
  const lag = g('yardshare_job_lag_seconds', 'How long the oldest run of a job ready to start has waited', [
    'job_name',
  ]);
  const jobsWaiting = g('yardshare_jobs_waiting', 'Runs of a job ready to start and not started', [
    'job_name',
  ]);
  const jobsFailed = g('yardshare_jobs_failed', 'Runs of a job that failed after every retry (last 7 days)', [
    'job_name',
  ]);
  const jobsDead = g('yardshare_jobs_dead', "Jobs in a job kind's dead letters, waiting for an operator", [
    'job_name',
  ]);
  const up = g('yardshare_metrics_database_up', '1 when the marketplace figures could be read');
  const all = [
    bookings,
    payments,
    payouts,
    waiting,
    held,
    owed,
    fees,
    outbox,
    retrying,
    lag,
    jobsWaiting,
    jobsFailed,
    jobsDead,
  ];

  // Reads every figure, bounded by timeoutMs; on failure the figures are left out, not stale.
  return async function refresh(timeoutMs: number): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    try {
      const result = await Promise.race([
        db.execute(FIGURES),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error('timeout')), timeoutMs);
        }),
      ]);
      const rows = (result as unknown as { rows: Row[] }).rows;
      for (const m of all) m.reset();
      for (const s of BOOKING_STATUSES) bookings.set({ state: s }, 0);
      for (const s of PAYMENT_STATUSES) payments.set({ state: s }, 0);
      for (const s of PAYOUT_STATES) payouts.set({ state: s }, 0);
      for (const s of ['pending', 'failed']) outbox.set({ status: s }, 0);
      for (const job_name of jobNames())
        for (const m of [lag, jobsWaiting, jobsFailed, jobsDead]) m.set({ job_name }, 0);
      const ledger = new Map<string, number>();
      for (const { k, l, v } of rows) {
        const n = Number(v);
        if (k === 'booking') bookings.set({ state: l }, n);
        else if (k === 'payment') payments.set({ state: l }, n);
        else if (k === 'payout') payouts.set({ state: l }, n);
        else if (k === 'payout_waiting') waiting.set(n);
        else if (k === 'ledger') ledger.set(l, n);
        else if (k === 'mail') outbox.set({ status: l }, n);
        else if (k === 'mail_retrying') retrying.set(n);
        else if (k === 'job_lag') lag.set({ job_name: l }, n);
        else if (k === 'job_waiting') jobsWaiting.set({ job_name: l }, n);
        else if (k === 'job_failed') jobsFailed.set({ job_name: l }, n);
        else if (k === 'job_dead') jobsDead.set({ job_name: l }, n);
      }
      // The ledger's signs: cash is positive, what is owed or earned is negative.
      held.set(ledger.get('cash') ?? 0);
      owed.set(0 - (ledger.get('host_payable') ?? 0));
      fees.set(0 - (ledger.get('platform_fees') ?? 0));
      up.set(1);
    } catch {
      for (const m of all) m.reset();
      up.set(0);
    } finally {
      clearTimeout(timer);
    }
  };
}
