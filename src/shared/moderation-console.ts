import { z } from 'zod';
import { auditEntrySchema, adminUserRefSchema as userRefSchema } from './moderation-admin.ts';
import { reportSchema } from './moderation-members.ts';
import { PAYMENT_STATUSES, PAYOUT_STATES } from './payments.ts';

// What the operator console shows (ADR 029).

// ---------- Admin: what the console shows ----------

// Why a listing is hidden by Yardshare: an admin hid it, or its host is suspended.
export const LISTING_HIDDEN_REASONS = ['admin', 'suspension'] as const;
export type ListingHiddenReason = (typeof LISTING_HIDDEN_REASONS)[number];

export const adminListingSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  type: z.enum(['rental', 'exchange', 'community']),
  price: z.number().int().nullable(),
  city: z.string(),
  state: z.string(),
  images: z.array(z.string()),
  // active: the host's own published/unpublished switch.
  active: z.boolean(),
  hidden: z.enum(LISTING_HIDDEN_REASONS).nullable(),
  hiddenAt: z.string().nullable(),
  createdAt: z.string(),
  host: userRefSchema,
  openReports: z.number().int(),
});
export type AdminListing = z.infer<typeof adminListingSchema>;

export const adminMessageSchema = z.object({
  id: z.number().int(),
  fromUserId: z.number().int(),
  toUserId: z.number().int(),
  // The original text, also for a removed message (admins see what was removed).
  content: z.string(),
  createdAt: z.string(),
  removed: z.boolean(),
  paymentWarning: z.boolean(),
});
export type AdminMessage = z.infer<typeof adminMessageSchema>;

export const adminUserSummarySchema = userRefSchema.extend({
  email: z.string(),
  createdAt: z.string(),
  suspendedAt: z.string().nullable(),
  listings: z.number().int(),
  // Open reports about the user (and their listings and messages).
  openReports: z.number().int(),
});
export type AdminUserSummary = z.infer<typeof adminUserSummarySchema>;

// The report as its reporter sees it, and what only the console shows.
export const adminReportSchema = reportSchema.extend({
  resolvedAt: z.string().nullable(),
  resolvedBy: z.object({ id: z.number().int(), username: z.string() }).nullable(),
  resolution: z.string().nullable(),
  // null: raised by Yardshare itself (ADR 037).
  reporter: userRefSchema.nullable(),
  // The reported content in context; the part matching subjectType is set (null if it is gone).
  // For a listing and a message, `user` is its owner / sender.
  subject: z.object({
    listing: adminListingSchema.nullable(),
    user: userRefSchema.nullable(),
    message: z
      .object({
        message: adminMessageSchema,
        // Up to 5 messages of the same conversation before and after it, in order (message included).
        thread: z.array(adminMessageSchema),
        from: userRefSchema,
        to: userRefSchema,
      })
      .nullable(),
  }),
  // Open reports on the same subject, this one included.
  openReportsOnSubject: z.number().int(),
});
export type AdminReport = z.infer<typeof adminReportSchema>;

const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });

export const adminReportsPageSchema = pageOf(adminReportSchema).extend({
  openCount: z.number().int(),
  flaggedMessages: z.number().int(),
});
export type AdminReportsPage = z.infer<typeof adminReportsPageSchema>;

export const adminUsersPageSchema = pageOf(adminUserSummarySchema);
export type AdminUsersPage = z.infer<typeof adminUsersPageSchema>;

export const adminListingsPageSchema = pageOf(adminListingSchema);
export type AdminListingsPage = z.infer<typeof adminListingsPageSchema>;

export const adminPaymentSchema = z.object({
  id: z.number().int(),
  provider: z.string(),
  listingId: z.number().int(),
  listingTitle: z.string(),
  bookingId: z.number().int().nullable(),
  renter: userRefSchema,
  host: userRefSchema,
  amount: z.number().int(),
  platformFee: z.number().int(),
  total: z.number().int(),
  currency: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  payout: z.enum(PAYOUT_STATES),
  flagged: z.boolean(),
  // Why it is flagged (underpaid, mismatched, refund not sent...), null when not.
  flaggedReason: z.string().nullable(),
  refundedAmount: z.number().int(),
  canRefund: z.boolean(),
  createdAt: z.string(),
  confirmedAt: z.string().nullable(),
  refundedAt: z.string().nullable(),
});
export type AdminPayment = z.infer<typeof adminPaymentSchema>;

export const adminPaymentsPageSchema = pageOf(adminPaymentSchema).extend({ flaggedCount: z.number().int() });
export type AdminPaymentsPage = z.infer<typeof adminPaymentsPageSchema>;

export const adminAuditPageSchema = pageOf(auditEntrySchema);
export type AdminAuditPage = z.infer<typeof adminAuditPageSchema>;

export const adminBookingSchema = z.object({
  id: z.number().int(),
  listingId: z.number().int(),
  listingTitle: z.string(),
  status: z.string(),
  // The user's part in it.
  role: z.enum(['grower', 'host']),
  counterpart: userRefSchema,
  start: z.string(),
  end: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminBooking = z.infer<typeof adminBookingSchema>;

// A report as the user page of the console lists it: what its reporter got back.
export const adminReportBriefSchema = reportSchema;
export type AdminReportBrief = z.infer<typeof adminReportBriefSchema>;

export const adminUserDetailSchema = z.object({
  user: adminUserSummarySchema.extend({
    bio: z.string().nullable(),
    emailVerified: z.boolean(),
    warnings: z.number().int(),
    flaggedMessages: z.number().int(),
  }),
  listings: z.array(adminListingSchema),
  bookings: z.array(adminBookingSchema),
  payments: z.array(adminPaymentSchema),
  // Reports about the user, their listings or their messages; and reports the user made.
  reportsAbout: z.array(adminReportBriefSchema),
  reportsBy: z.array(adminReportBriefSchema),
  // Admin actions on this user (newest first).
  audit: z.array(auditEntrySchema),
});
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;

export const adminStatsSchema = z.object({
  openReports: z.number().int(),
  // Messages flagged by the off-platform payment signal: all time, and in the last 7 days.
  flaggedMessages: z.number().int(),
  flaggedMessagesWeek: z.number().int(),
  flaggedPayments: z.number().int(),
  suspendedUsers: z.number().int(),
  hiddenListings: z.number().int(),
});
export type AdminStats = z.infer<typeof adminStatsSchema>;
