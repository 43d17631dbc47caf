import type { FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import type { DbHandle } from './db/client.ts';
import { AccountService } from './features/account/index.ts';
import { AdminActions, AdminService } from './features/admin/index.ts';
import { AuthService } from './features/auth/index.ts';
import { BlocksService } from './features/blocks/index.ts';
import { BookingsService, HoursService } from './features/bookings/index.ts';
import { ListingsService } from './features/listings/index.ts';
import { MessageHub, MessagesService } from './features/messages/index.ts';
import { Notices, NotificationsService, Unsubscribe } from './features/notifications/index.ts';
import {
  bookingPayments,
  createPaymentProvider,
  PaymentsService,
  PayoutMethods,
} from './features/payments/index.ts';
import { ReportsService } from './features/reports/index.ts';
import { BookingReviewsService, ReviewsService } from './features/reviews/index.ts';
import { SavedService } from './features/saved/index.ts';
import { type UploadStore, UploadsService } from './features/uploads/index.ts';
import { UsersService } from './features/users/index.ts';

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
}: {
  app: FastifyInstance;
  handle: DbHandle;
  config: Config;
  uploadStore: UploadStore;
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
  const blocks = new BlocksService(db);
  const reports = new ReportsService(db);
  const reviews = new ReviewsService(db, notices);
  const bookingReviews = new BookingReviewsService(db, notices);

  const messages = new MessagesService(db, notices);
  const messageHub = new MessageHub(handle, messages, app.log, notifications);

  // A new listing is matched against the saved searches; the saved listings are read through the
  // listings. The closure is called only once both exist.
  const listings = new ListingsService(db, (listing) => saved.listingCreated(listing));
  const saved = new SavedService(db, listings, notices, app.log);
  const users = new UsersService(db, listings);

  // Bookings call payments through a port that needs no PaymentsService (payments.port.ts); the
  // payments move the booking they pay for. The return pages are same-origin for the sandbox,
  // under PUBLIC_URL for a real provider.
  const { provider, sandbox } = createPaymentProvider(config, app);
  const origin = config.publicUrl ?? '';
  const returnUrls = { success: `${origin}/payment/success`, cancel: `${origin}/payment/cancel` };
  const bookings = new BookingsService(
    db,
    notices,
    bookingPayments({ db, provider, log: app.log, notifier: notices }, returnUrls),
  );
  const hours = new HoursService(db, notices);
  const payments = new PaymentsService(db, provider, app.log, {
    holdMs: config.payments.payoutHoldMs,
    bookings,
    notifier: notices,
    payoutMaxAttempts: config.payments.payoutMaxAttempts,
  });
  const payoutMethods = new PayoutMethods(db, config);

  return {
    notifications,
    notices,
    unsubscribe,
    auth,
    uploads,
    account,
    admin,
    adminActions,
    blocks,
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
    payments,
    provider,
    sandbox,
    payoutMethods,
  };
}
