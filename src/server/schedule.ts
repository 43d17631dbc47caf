import type { FastifyBaseLogger } from 'fastify';
import type { PublicCache } from './cache/public-cache.ts';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import { RateCounter } from './features/auth/index.ts';
import { completeDue, expireDue, startDue } from './features/bookings/index.ts';
import { readDueImports } from './features/calendars/index.ts';
import { mailUnreadMessages } from './features/notifications/index.ts';
import { pollInProgress, reconcile, sendDue } from './features/payments/index.ts';
import { makePendingVariants, purgeUnattachedUploads, type UploadStore } from './features/uploads/index.ts';
import { OFFERS_JOB, offerDue } from './features/waitlists/index.ts';
import type { JobQueue } from './jobs/queue.ts';
import type { MailDelivery } from './mail/delivery.ts';
import type { Services } from './services.ts';

// The composition root's second half (ADR 035): every job of the app (ADR 016, 054), with the
// services it runs, in one list. Each is a queue of its own (its own concurrency, time limit,
// retries and dead letters), so a slow one holds up no other; each works from the rows due at
// `now`. Within a tick (tests) the jobs run in this order, so a job that feeds another comes first
// (payments.release creates the payouts payouts.send sends). Names are the queues' names: keep
// them. The backup job is the ops plugin's (ops/backup/schedule.ts).
export function scheduleJobs(
  jobs: JobQueue,
  s: Services,
  deps: {
    db: Db;
    config: Config;
    log: FastifyBaseLogger;
    publicCache: PublicCache;
    sessions: { purgeExpired: () => Promise<unknown> };
    uploadStore: UploadStore;
    mail: MailDelivery;
  },
): void {
  const { db, config, log, publicCache, uploadStore } = deps;
  // A booking that starts or ends changes the "verified stay" mark on public reviews (ADR 025).
  const dropIfMoved = async (moved: number) => {
    if (moved) await publicCache.changed();
    return moved;
  };
  jobs.register({
    name: 'bookings.start',
    everyMs: 300_000,
    run: async (now) => dropIfMoved(await startDue(db, now)),
  });
  jobs.register({
    name: 'bookings.complete',
    everyMs: 300_000,
    run: async (now) => dropIfMoved(await completeDue(db, now)),
  });
  jobs.register({
    name: 'maintenance.purge',
    everyMs: 3_600_000,
    run: async (now) => {
      await deps.sessions.purgeExpired();
      await new RateCounter(db).purgeOlderThan(86_400_000);
      await purgeUnattachedUploads(db, uploadStore, now);
    },
  });
  // Copies for photos stored before copies were made at upload (ADR 039).
  jobs.register({
    name: 'uploads.variants',
    everyMs: 60_000,
    run: () => makePendingVariants(db, uploadStore),
  });
  jobs.register({ name: 'mail.outbox', everyMs: 30_000, run: (now) => deps.mail.deliverDue(now) });

  // Messages still unread MESSAGE_MAIL_DELAY_MS after they were sent, mailed per conversation.
  jobs.register({
    name: 'notifications.message-mail',
    everyMs: 60_000,
    run: (now) => mailUnreadMessages(db, config, now),
  });

  // The sandbox playing BTCPay Server (ADR 026, 032): its test records go a day after they were
  // made (by the clock, not the runner's `now`); its automated payout processor pays approved
  // payouts, unless SANDBOX_PAYOUT_PROCESSOR=none.
  if (s.sandbox) {
    const { store, payouts } = s.sandbox;
    jobs.register({ name: 'sandbox.purge', everyMs: 3_600_000, run: () => store.purge() });
    if (config.payments.sandboxPayoutProcessor !== 'none')
      jobs.register({ name: 'sandbox.payouts', everyMs: 30_000, run: (now) => payouts.processDue(now) });
  }

  // Payouts are created when the hold ends (PAYOUT_HOLD_HOURS after the rental start); refunds
  // recorded but not sent are sent.
  const { payments } = s;
  jobs.register({ name: 'payments.release', everyMs: 60_000, run: (now) => payments.releaseDue(now) });
  jobs.register({ name: 'payments.refunds', everyMs: 60_000, run: () => payments.sendDueRefunds() });
  // Month-by-month rent (ADR 040): later months' invoices, their reminders, unpaid months ending stays.
  const rent = payments.rentJobs(config.payments.rent);
  jobs.register({ name: 'rent.invoices', everyMs: 60_000, run: (now) => rent.invoices(now) });
  jobs.register({ name: 'rent.reminders', everyMs: 60_000, run: (now) => rent.reminders(now) });
  jobs.register({ name: 'rent.lapse', everyMs: 60_000, run: (now) => rent.lapse(now) });
  // Payouts (ADR 032): sent, polled while in progress, reconciled with the ledger.
  const payoutDeps = s.payoutDeps;
  jobs.register({ name: 'payouts.send', everyMs: 60_000, run: (now) => sendDue(payoutDeps, now) });
  jobs.register({ name: 'payouts.poll', everyMs: 5 * 60_000, run: (now) => pollInProgress(payoutDeps, now) });
  jobs.register({ name: 'payouts.reconcile', everyMs: 60 * 60_000, run: () => reconcile(db, log) });

  // Reveals the blind reviews of bookings whose review window has ended (ADR 018). Revealed
  // reviews join the listing's public reviews: the public cache is dropped (ADR 025).
  jobs.register({
    name: 'reviews.reveal',
    everyMs: 300_000,
    run: async (now) => {
      const revealed = await s.bookingReviews.revealDue(now);
      if (revealed) await publicCache.changed();
      return revealed;
    },
  });
  // Requests nobody answered in time expire; both parties are told (ADR 016, 021), and the waiting
  // list's offers made due (the bookings' watched notifier, ADR 049).
  jobs.register({
    name: 'bookings.expire',
    everyMs: 60_000,
    run: (now) => expireDue(db, now, s.bookings.notifier),
  });
  // Waiting lists (ADR 049): lapsed offers pass on, free plots are offered to the next in line.
  // After the bookings' jobs, so a plot they free is offered in the same tick; made due at once by
  // any booking move that frees a plot.
  jobs.register({
    name: OFFERS_JOB,
    everyMs: 60_000,
    run: (now) => offerDue(db, now, { offerMs: config.waitlists.offerMs }, s.notices),
  });
  // Hosts' external calendars due a read (ADR 048); a slow feed waits out its own timeout.
  jobs.register({
    name: 'calendars.imports',
    everyMs: 60_000,
    timeoutMs: 15 * 60_000,
    run: (now) => readDueImports({ db, config: config.calendars, log }, now),
  });
}
