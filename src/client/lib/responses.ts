import { prettifyError, z } from 'zod';
import { messageResultSchema } from '#shared/account.ts';
import { adminJobsSchema } from '#shared/admin-jobs.ts';
import { agreementSchema, hostCancellationsSchema } from '#shared/agreement.ts';
import { userSchema } from '#shared/auth.ts';
import {
  availabilitySchema,
  bookingDetailSchema,
  bookingSchema,
  bookingsListSchema,
  hoursEntrySchema,
  hoursLedgerSchema,
} from '#shared/bookings.ts';
import { calendarImportSchema, listingCalendarSchema, userCalendarSchema } from '#shared/calendars.ts';
import { refundQuoteSchema } from '#shared/cancellation.ts';
import {
  listingDetailSchema,
  listingSchema,
  listingSummarySchema,
  mapPointSchema,
  ownListingSchema,
} from '#shared/listings.ts';
import { mapConfigSchema } from '#shared/map.ts';
import {
  conversationSchema,
  markReadSchema,
  messageSchema,
  publicUserSchema,
  type StreamEvents,
} from '#shared/messages.ts';
import {
  adminActionResultSchema,
  adminAuditPageSchema,
  adminListingsPageSchema,
  adminPaymentsPageSchema,
  adminReportSchema,
  adminReportsPageSchema,
  adminStatsSchema,
  adminUserDetailSchema,
  adminUsersPageSchema,
  blockedUserSchema,
  blockedUsersSchema,
  reportSchema,
} from '#shared/moderation.ts';
import {
  type NotificationStreamEvents,
  notificationPageSchema,
  notificationPrefsSchema,
  notificationSchema,
  notificationsReadResultSchema,
  unreadCountSchema,
} from '#shared/notifications.ts';
import {
  createPaymentResponseSchema,
  paymentsListSchema,
  paymentTermsSchema,
  paymentViewSchema,
} from '#shared/payments.ts';
import { adminPayoutsSchema, earningsSchema, payoutMethodSchema } from '#shared/payouts.ts';
import { placeSchema } from '#shared/places.ts';
import {
  bookingReviewSchema,
  bookingReviewsSchema,
  hostReviewSchema,
  reviewSchema,
} from '#shared/reviews.ts';
import { savedIdsSchema, savedSearchSchema, savedStateSchema } from '#shared/saved.ts';
import { stayQuoteSchema } from '#shared/stay-quote.ts';
import { userProfileSchema } from '#shared/users.ts';
import {
  acceptedOfferSchema,
  hostWaitlistSchema,
  myWaitlistSchema,
  myWaitlistsSchema,
} from '#shared/waitlists.ts';

// Every answer the client reads, by name, built from the contracts in src/shared. Only api.ts loads
// this module, and only where answers are checked (development and tests): pages never download it.
const unreadCount = z.number().int();
const responses = {
  user: userSchema,
  listing: listingSchema,
  listings: z.array(listingSchema),
  ownListings: z.array(ownListingSchema),
  listingDetail: listingDetailSchema,
  listingSummaries: z.array(listingSummarySchema),
  mapConfig: mapConfigSchema,
  mapPoints: z.array(mapPointSchema),
  places: z.array(placeSchema),
  savedIds: savedIdsSchema,
  savedState: savedStateSchema,
  savedSearch: savedSearchSchema,
  savedSearches: z.array(savedSearchSchema),
  uploadedImages: z.array(z.string()),
  review: reviewSchema,
  reviews: z.array(reviewSchema),
  hostReviews: z.array(hostReviewSchema),
  bookingReview: bookingReviewSchema,
  bookingReviews: bookingReviewsSchema,
  message: messageSchema,
  thread: z.array(messageSchema),
  conversations: z.array(conversationSchema),
  markRead: markReadSchema,
  publicUser: publicUserSchema,
  userProfile: userProfileSchema,
  payment: paymentViewSchema,
  payments: paymentsListSchema,
  paymentCreated: createPaymentResponseSchema,
  earnings: earningsSchema,
  payoutMethod: payoutMethodSchema,
  booking: bookingSchema,
  bookingDetail: bookingDetailSchema,
  bookings: bookingsListSchema,
  bookingCheckout: z.object({ hostedUrl: z.string() }),
  availability: availabilitySchema,
  hoursLedger: hoursLedgerSchema,
  agreement: agreementSchema,
  refundQuote: refundQuoteSchema,
  stayQuote: stayQuoteSchema,
  paymentTerms: paymentTermsSchema,
  hostCancellations: hostCancellationsSchema,
  // Calendars that sync (ADR 048).
  listingCalendar: listingCalendarSchema,
  calendarImport: calendarImportSchema,
  userCalendar: userCalendarSchema,
  // Waiting lists (ADR 049).
  myWaitlist: myWaitlistSchema,
  myWaitlists: myWaitlistsSchema,
  hostWaitlist: hostWaitlistSchema,
  acceptedOffer: acceptedOfferSchema,
  hoursEntry: hoursEntrySchema,
  notification: notificationSchema,
  notificationPage: notificationPageSchema,
  notificationsRead: notificationsReadResultSchema,
  unreadCount: unreadCountSchema,
  notificationPrefs: notificationPrefsSchema,
  // Trust and safety (ADR 029): reports and blocks, and the operator console's answers.
  report: reportSchema,
  blockedUser: blockedUserSchema,
  blockedUsers: blockedUsersSchema,
  adminStats: adminStatsSchema,
  adminReportsPage: adminReportsPageSchema,
  adminReport: adminReportSchema,
  adminActionResult: adminActionResultSchema,
  adminUsersPage: adminUsersPageSchema,
  adminUserDetail: adminUserDetailSchema,
  adminListingsPage: adminListingsPageSchema,
  adminPaymentsPage: adminPaymentsPageSchema,
  adminAuditPage: adminAuditPageSchema,
  adminPayouts: adminPayoutsSchema,
  // The background jobs (issue 62).
  adminJobs: adminJobsSchema,
  // { message } answers: the contact form, unsubscribe links, e-mail and password requests.
  messageResult: messageResultSchema,
  // Server-sent events on /api/messages/stream. notificationCount: the unread notifications.
  streamReady: z.object({ unreadCount, notificationCount: unreadCount }) satisfies z.ZodType<
    StreamEvents['ready']
  >,
  streamMessage: z.object({ message: messageSchema, unreadCount }) satisfies z.ZodType<
    StreamEvents['message']
  >,
  streamUnread: z.object({ unreadCount }) satisfies z.ZodType<StreamEvents['unread']>,
  streamNotification: z.object({ notification: notificationSchema, unreadCount }) satisfies z.ZodType<
    NotificationStreamEvents['notification']
  >,
  streamNotificationsUnread: z.object({ unreadCount }) satisfies z.ZodType<
    NotificationStreamEvents['notificationsUnread']
  >,
} satisfies Record<string, z.ZodType>;

export type ResponseName = keyof typeof responses;
export type ResponseOf<N extends ResponseName> = z.output<(typeof responses)[N]>;

// The answer as its schema reads it, or an error that names the call and every mismatch.
export function parseResponse<N extends ResponseName>(name: N, data: unknown, where: string): ResponseOf<N> {
  const schema: z.ZodType = responses[name];
  const result = schema.safeParse(data);
  if (!result.success)
    throw new Error(
      `${where}: the answer does not match the '${name}' response\n${prettifyError(result.error)}`,
    );
  return result.data as ResponseOf<N>;
}
