import type { FastifyInstance } from 'fastify';
import { appOrigin, type Config } from './config.ts';
import type { DbHandle } from './db/client.ts';
import { AccountService, accountRoutes } from './features/account/index.ts';
import { AdminActions, AdminJobs, AdminService, adminRoutes } from './features/admin/index.ts';
import { AuthService, authRoutes } from './features/auth/index.ts';
import { BlocksService, blocksRoutes } from './features/blocks/index.ts';
import {
  AgreementService,
  BookingsService,
  bookingsRoutes,
  EndEarly,
  HoursService,
} from './features/bookings/index.ts';
import { CalendarsService, calendarsRoutes } from './features/calendars/index.ts';
import { ListingsService, listingsRoutes } from './features/listings/index.ts';
import { mapRoutes } from './features/map/index.ts';
import { MessageHub, MessagesService, messagesRoutes } from './features/messages/index.ts';
import {
  Notices,
  NotificationsService,
  notificationsRoutes,
  Unsubscribe,
} from './features/notifications/index.ts';
import { pageFormRoutes } from './features/page-forms/index.ts';
import {
  bookingPayments,
  createPaymentProvider,
  PaymentsService,
  type PayoutDeps,
  PayoutMethods,
  Payouts,
  paymentsRoutes,
} from './features/payments/index.ts';
import { ReportsService, reportsRoutes } from './features/reports/index.ts';
import { BookingReviewsService, ReviewsService, reviewsRoutes } from './features/reviews/index.ts';
import { SavedService, savedRoutes } from './features/saved/index.ts';
import { type UploadStore, UploadsService, uploadsRoutes } from './features/uploads/index.ts';
import { UsersService, usersRoutes } from './features/users/index.ts';
import { WaitlistsService, waitlistsRoutes, watchBookings } from './features/waitlists/index.ts';
import { jobsConsole } from './jobs/console.ts';
import type { JobQueue } from './jobs/queue.ts';

declare module 'fastify' {
  interface FastifyInstance {
    // Every service, built once (ADR 035). Tests reach a service here.
    services: Services;
    // Shorter names for the services tests use most.
    notices: Notices;
    notifications: NotificationsService;
    bookings: BookingsService;
    messageHub: MessageHub;
  }
}

export type Services = ReturnType<typeof buildServices>;

// The composition root (ADR 035): every service of every feature, built once, in dependency order,
// each with its collaborators as constructor arguments. Route plugins receive the services they
// serve (app.ts) and never build one; a test can build any service alone with fakes the same way.
// `app` is only the payment sandbox's in-process transport and the hub's log.
export function buildServices({
  app,
  handle,
  config,
  uploadStore,
  jobs,
}: {
  app: FastifyInstance;
  handle: DbHandle;
  config: Config;
  uploadStore: UploadStore;
  // The job queue, for the console's Jobs screen (read and retried through jobs/console.ts).
  jobs: JobQueue;
}) {
  const db = handle.db;

  // Below every feature that tells people what happened (ADR 021).
  const notifications = new NotificationsService(db, config);
  const notices = new Notices(notifications);
  const unsubscribe = new Unsubscribe(db, notifications);

  const auth = new AuthService(db, config);
  const uploads = new UploadsService(db, uploadStore, config.uploadQuota);
  const account = new AccountService(db, config, uploadStore, uploads);
  const admin = new AdminService(db);
  const adminActions = new AdminActions(db, notices, config.mail.supportEmail);
  const adminJobs = new AdminJobs(db, jobsConsole(jobs, db));
  const blocks = new BlocksService(db);
  const calendars = new CalendarsService(db, config.calendars, appOrigin(config));
  const reports = new ReportsService(db);
  const reviews = new ReviewsService(db, notices);
  const bookingReviews = new BookingReviewsService(db, notices);

  const messages = new MessagesService(db, notices);
  const messageHub = new MessageHub(handle, messages, app.log, notifications);

  // A new listing is matched against the saved searches; the saved listings are read through the
  // listings. The closure is called only once both exist.
  const listings = new ListingsService(
    db,
    (listing) => saved.listingCreated(listing),
    app.readFeed,
    config.cacheBudgets.countsBytes,
  );
  const saved = new SavedService(db, listings, notices, app.log);
  const users = new UsersService(db, listings);

  // Bookings call payments through a port that needs no PaymentsService (payments.port.ts); the
  // payments move the booking they pay for. The return pages are same-origin for the sandbox,
  // under PUBLIC_URL for a real provider.
  const { provider, sandbox } = createPaymentProvider(config, app, db);
  const origin = config.publicUrl ?? '';
  const returnUrls = { success: `${origin}/payment/success`, cancel: `${origin}/payment/cancel` };
  // Booking moves that free a plot make the waiting lists' offers due (ADR 049).
  const bookings = new BookingsService(
    db,
    watchBookings(notices),
    bookingPayments({ db, provider, log: app.log, notifier: notices }, returnUrls),
    { holdMs: config.payments.payoutHoldMs, invoiceDaysBefore: config.payments.rent.invoiceDaysBefore },
  );
  const hours = new HoursService(db, notices);
  const agreements = new AgreementService(db, notices);
  const ending = new EndEarly(db, bookings);
  const waitlists = new WaitlistsService(db, notices, bookings, { offerMs: config.waitlists.offerMs });
  const payments = new PaymentsService(db, provider, app.log, {
    holdMs: config.payments.payoutHoldMs,
    bookings,
    notifier: notices,
    payoutMaxAttempts: config.payments.payoutMaxAttempts,
  });
  const payoutMethods = new PayoutMethods(db, config);
  // What the payout sender needs: its routes' retry and its jobs (schedule.ts) share it.
  const payoutDeps: PayoutDeps = {
    db,
    provider,
    notifier: notices,
    log: app.log,
    maxAttempts: config.payments.payoutMaxAttempts,
    providerWaitMs: config.payments.payoutProviderWaitMs,
  };
  const payouts = new Payouts(payoutDeps, config.payments.explorerTxUrl);

  return {
    notifications,
    notices,
    unsubscribe,
    auth,
    uploads,
    account,
    admin,
    adminActions,
    adminJobs,
    blocks,
    calendars,
    reports,
    reviews,
    bookingReviews,
    messages,
    messageHub,
    listings,
    saved,
    users,
    bookings,
    hours,
    agreements,
    ending,
    waitlists,
    payments,
    provider,
    sandbox,
    payoutMethods,
    payoutDeps,
    payouts,
  };
}

// Registers each feature's routes with the services it serves (their order is the app's, and the
// OpenAPI document's). The tests' shorter names are decorated here too.
export async function mountFeatures(
  app: FastifyInstance,
  services: Services,
  { config, uploadStore }: { config: Config; uploadStore: UploadStore },
) {
  app.decorate('services', services);
  app.decorate('notices', services.notices);
  app.decorate('notifications', services.notifications);
  app.decorate('bookings', services.bookings);
  app.decorate('messageHub', services.messageHub);
  await app.register(authRoutes, { auth: services.auth });
  await app.register(notificationsRoutes, {
    notifications: services.notifications,
    unsubscribe: services.unsubscribe,
  });
  await app.register(accountRoutes, { config, account: services.account });
  await app.register(adminRoutes, {
    config,
    admin: services.admin,
    actions: services.adminActions,
    jobs: services.adminJobs,
  });
  await app.register(reportsRoutes, { reports: services.reports });
  await app.register(blocksRoutes, { blocks: services.blocks });
  await app.register(calendarsRoutes, { calendars: services.calendars });
  await app.register(paymentsRoutes, {
    config,
    payments: services.payments,
    provider: services.provider,
    sandbox: services.sandbox,
    payoutMethods: services.payoutMethods,
    payouts: services.payouts,
  });
  await app.register(reviewsRoutes, { reviews: services.reviews, bookingReviews: services.bookingReviews });
  await app.register(messagesRoutes, { messages: services.messages, hub: services.messageHub });
  await app.register(usersRoutes, { users: services.users });
  await app.register(savedRoutes, { saved: services.saved });
  await app.register(listingsRoutes, { listings: services.listings });
  await app.register(mapRoutes, { config });
  await app.register(bookingsRoutes, {
    bookings: services.bookings,
    hours: services.hours,
    agreements: services.agreements,
    ending: services.ending,
  });
  await app.register(waitlistsRoutes, { waitlists: services.waitlists });
  // The listing page's and the conversation's plain HTML forms (ADR 058).
  await app.register(pageFormRoutes, {
    bookings: services.bookings,
    listings: services.listings,
    messages: services.messages,
    messageHub: services.messageHub,
    reviews: services.reviews,
    waitlists: services.waitlists,
  });
  await app.register(uploadsRoutes, { uploads: services.uploads, store: uploadStore });
}
