import { z } from 'zod';
import { idSchema, text } from './fields.ts';
import { PAYMENT_STATUSES, PAYOUT_STATES } from './payments.ts';

// Trust and safety (issue 22, ADR 029): reports, blocks, roles, the operator console, and the
// off-platform payment signal on messages. One contract for the server and the client.
//
// API (every body and answer below; errors are { message, code? } as everywhere):
//
// Members (signed in; 401 otherwise):
//   POST   /api/reports                 createReportSchema -> 201 reportSchema
//                                       409 { message } when the same reporter already has an OPEN
//                                       report on the same subject; 404 unknown subject; 400 for
//                                       reporting yourself or your own listing / message.
//   GET    /api/blocks                  -> 200 blockedUsersSchema (newest first)
//   POST   /api/blocks                  blockUserSchema -> 201 blockedUserSchema (200 if already
//                                       blocked); 400 yourself; 404 unknown user.
//   DELETE /api/blocks/:userId          -> 200 { message } (also when there was no block)
//   Blocks are symmetric: neither user can message, book or review the other, and neither sees the
//   other's listings (search, detail, map, profile). Refusals answer 403 { message, code: 'blocked' }.
//   GET /api/auth/me (and login/register) now carry `role` (USER_ROLES).
//   Message payloads (GET /api/messages/:userId, SSE) carry `paymentWarning: true` on messages the
//   reader RECEIVED that look like an off-platform payment request, and `removed: true` (content =
//   REMOVED_MESSAGE_TEXT) on messages an admin removed.
//   Login of a suspended account: 403 { message: suspendedMessage(supportEmail), code: 'suspended' }.
//
// Admins only. Anyone else (anonymous, member, suspended) gets 404 { message: 'Not found' } on EVERY
// /api/admin/... path, whatever the method:
//   GET  /api/admin/stats                       -> adminStatsSchema
//   GET  /api/admin/reports?status=&page=       adminReportsQuerySchema -> adminReportsPageSchema
//   GET  /api/admin/reports/:id                 -> adminReportSchema
//   POST /api/admin/reports/:id/dismiss         adminActionSchema -> adminActionResultSchema
//   POST /api/admin/listings/:id/hide           adminActionSchema -> adminActionResultSchema
//   POST /api/admin/listings/:id/unhide         adminActionSchema -> adminActionResultSchema
//   POST /api/admin/messages/:id/remove         adminActionSchema -> adminActionResultSchema
//   POST /api/admin/users/:id/warn              adminWarnSchema   -> adminActionResultSchema
//   POST /api/admin/users/:id/suspend           adminActionSchema -> adminActionResultSchema
//   POST /api/admin/users/:id/reinstate         adminActionSchema -> adminActionResultSchema
//   POST /api/admin/payments/:id/refund         adminRefundSchema -> adminActionResultSchema
//   GET  /api/admin/users?q=&page=              adminSearchQuerySchema -> adminUsersPageSchema
//   GET  /api/admin/users/:id                   -> adminUserDetailSchema
//   GET  /api/admin/listings?q=&page=           adminSearchQuerySchema -> adminListingsPageSchema
//   GET  /api/admin/payments?filter=&page=      adminPaymentsQuerySchema -> adminPaymentsPageSchema
//   GET  /api/admin/audit?page=&subjectType=&subjectId=  adminAuditQuerySchema -> adminAuditPageSchema
// An action given `reportId` closes that report as 'actioned'; hide_listing, remove_message and
// suspend also close every other open report on the same subject. Every action writes one audit
// entry (who, what, subject, reason, when); the audit log has no update or delete route at all.
//
// Roles are granted from the command line only: `npm run admin -- grant <username>` / `revoke`.

// ---------- Roles ----------

export const USER_ROLES = ['member', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];

// ---------- Reports ----------

export const REPORT_SUBJECT_TYPES = ['listing', 'user', 'message'] as const;
export type ReportSubjectType = (typeof REPORT_SUBJECT_TYPES)[number];

export const REPORT_REASONS = ['scam', 'unsafe', 'harassment', 'spam', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  scam: 'Scam or payment outside Yardshare',
  unsafe: 'Unsafe or misleading listing',
  harassment: 'Harassment',
  spam: 'Spam',
  other: 'Something else',
};

export const REPORT_SUBJECT_LABELS: Record<ReportSubjectType, string> = {
  listing: 'Listing',
  user: 'User',
  message: 'Message',
};

export const REPORT_TEXT_MAX = 2000;
// Reports one member may send in an hour (duplicates refused with 409 do not count).
export const REPORTS_PER_HOUR = 20;

// POST /api/reports
export const createReportSchema = z.object({
  subjectType: z.enum(REPORT_SUBJECT_TYPES, { error: 'Subject type must be listing, user or message' }),
  subjectId: idSchema('subjectId'),
  reason: z.enum(REPORT_REASONS, { error: 'Choose a reason: scam, unsafe, harassment, spam or other' }),
  text: text('Details')
    .trim()
    .max(REPORT_TEXT_MAX, `Details must be at most ${REPORT_TEXT_MAX} characters`)
    .nullish()
    .transform((s) => (s ? s : null)),
});
export type CreateReportInput = z.input<typeof createReportSchema>;

// open -> dismissed (nothing to do) | actioned (an admin acted on it).
export const REPORT_STATUSES = ['open', 'dismissed', 'actioned'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

// What the reporter gets back (and the acknowledgement the UI shows).
export const reportSchema = z.object({
  id: z.number().int(),
  subjectType: z.enum(REPORT_SUBJECT_TYPES),
  subjectId: z.number().int(),
  reason: z.enum(REPORT_REASONS),
  text: z.string().nullable(),
  status: z.enum(REPORT_STATUSES),
  createdAt: z.string(),
});
export type Report = z.infer<typeof reportSchema>;

export const REPORT_ACK_TEXT =
  'Thanks for telling us. Our team will review your report; we do not share who reported it.';

// ---------- Blocks ----------

export const blockUserSchema = z.object({ userId: idSchema('userId') });
export type BlockUserInput = z.infer<typeof blockUserSchema>;

export const blockedUserSchema = z.object({
  userId: z.number().int(),
  username: z.string(),
  name: z.string(),
  avatar: z.string().nullable(),
  blockedAt: z.string(),
});
export type BlockedUser = z.infer<typeof blockedUserSchema>;
export const blockedUsersSchema = z.array(blockedUserSchema);

// The message of a 403 when a block stands between two users (either direction).
export const BLOCKED_MESSAGE = 'You cannot interact with this user.';
export const BLOCKED_CODE = 'blocked';

// ---------- Messages: removal and the off-platform payment signal ----------

export const REMOVED_MESSAGE_TEXT = 'This message was removed by Yardshare for breaking our rules.';
export const PAYMENT_WARNING_TEXT =
  'Be careful: this message may ask you to pay outside Yardshare. Payments made outside Yardshare are not protected, and we cannot refund them.';

const EMAIL_RE = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/;
// A phone number: 10 to 15 digits, optionally with +, spaces, dots, dashes and brackets between.
const PHONE_RE = /(?:\+|\b)\d(?:[\s.\-()]{0,2}\d){9,14}\b/;
const PAYMENT_WORDS_RE = new RegExp(
  [
    'pay(?:s|ing|ment|ments|ed|able)?',
    'paid',
    'paypal',
    'venmo',
    'zelle',
    'cash\\s?app',
    'wire',
    'wired',
    'bank',
    'transfer',
    'e-?transfer',
    'interac',
    'western\\s+union',
    'moneygram',
    'revolut',
    'deposit',
    'invoice',
    'gift\\s?cards?',
    'bitcoin',
    'btc',
    'crypto',
    'usdt',
    'ethereum',
    'send\\s+(?:me\\s+)?(?:the\\s+)?money',
    'cash\\s+only',
  ]
    .map((w) => `\\b${w}\\b`)
    .join('|'),
  'i',
);
// A payment app with a handle: "venmo @jane", "cash app $jane", "zelle me at jane@...".
const PAYMENT_HANDLE_RE =
  /\b(?:venmo|cash\s?app|paypal(?:\.me)?|zelle)\b[^\n]{0,20}?(?:[@$]|paypal\.me\/)[A-Za-z0-9_-]{2,}/i;
// Crypto addresses: Bitcoin bech32 (bc1...), Bitcoin base58 (1... / 3...), Ethereum (0x + 40 hex).
const BTC_BECH32_RE = /\bbc1[ac-hj-np-z02-9]{11,71}\b/i;
const BTC_BASE58_RE = /\b[13][a-km-zA-HJ-NP-Z1-9]{25,34}\b/;
const ETH_RE = /\b0x[a-fA-F0-9]{40}\b/;

export type OffPlatformSignal = 'contact_with_payment_words' | 'payment_handle' | 'crypto_address';

function looksLikeBase58Address(s: string): boolean {
  const m = BTC_BASE58_RE.exec(s);
  if (!m) return false;
  // A real address mixes digits, upper and lower case letters; a long word or number does not.
  const a = m[0];
  return /\d/.test(a.slice(1)) && /[A-Z]/.test(a) && /[a-z]/.test(a);
}

// Every reason the text looks like a request to pay outside Yardshare (empty when none).
export function offPlatformPaymentSignals(text: string): OffPlatformSignal[] {
  const out: OffPlatformSignal[] = [];
  const contact = EMAIL_RE.test(text) || PHONE_RE.test(text);
  if (contact && PAYMENT_WORDS_RE.test(text)) out.push('contact_with_payment_words');
  if (PAYMENT_HANDLE_RE.test(text)) out.push('payment_handle');
  if (BTC_BECH32_RE.test(text) || ETH_RE.test(text) || looksLikeBase58Address(text))
    out.push('crypto_address');
  return out;
}

// An e-mail address or phone number together with payment words, a payment-app handle, or a crypto
// address. Never used to drop a message: it sets a flag the recipient sees as a gentle warning.
export function offPlatformPaymentSignal(text: string): boolean {
  return offPlatformPaymentSignals(text).length > 0;
}

// ---------- Suspension ----------

export const SUSPENDED_CODE = 'suspended';
export const suspendedMessage = (supportEmail: string) =>
  `This account is suspended. Contact ${supportEmail} if you think this is a mistake.`;

// ---------- Admin: inputs ----------

export const ADMIN_REASON_MAX = 1000;
export const ADMIN_PAGE_SIZE = 50;

const reasonSchema = text('Reason', 'A reason is required')
  .trim()
  .min(1, 'A reason is required')
  .max(ADMIN_REASON_MAX, `Reason must be at most ${ADMIN_REASON_MAX} characters`);

// Every admin action: a reason (kept in the audit log), optionally the report it answers.
export const adminActionSchema = z.object({
  reason: reasonSchema,
  reportId: idSchema('reportId').nullish(),
});
export type AdminActionInput = z.input<typeof adminActionSchema>;

// Warn: `message` is what the user is told (a notification); the reason when left out.
export const adminWarnSchema = adminActionSchema.extend({
  message: text('Message')
    .trim()
    .max(ADMIN_REASON_MAX, `Message must be at most ${ADMIN_REASON_MAX} characters`)
    .nullish()
    .transform((s) => (s ? s : null)),
});
export type AdminWarnInput = z.input<typeof adminWarnSchema>;

// Refund: the whole refundable remainder unless `amount` (cents) says less.
export const adminRefundSchema = adminActionSchema.extend({
  amount: z
    .number({ error: 'amount must be a number of cents' })
    .int('amount must be a whole number of cents')
    .positive('amount must be positive')
    .max(2_000_000_000, 'amount is too large')
    .nullish(),
});
export type AdminRefundInput = z.input<typeof adminRefundSchema>;

const pageParam = z.coerce
  .number({ error: 'page must be a number' })
  .int('page must be a whole number')
  .min(1, 'page must be at least 1')
  .max(100_000, 'page is too large')
  .default(1);

export const adminReportsQuerySchema = z.object({
  // open: only open ones (oldest first); all: open ones first (oldest first), then closed (newest).
  status: z.enum(['open', 'closed', 'all'], { error: 'status must be open, closed or all' }).default('open'),
  page: pageParam,
});

export const adminSearchQuerySchema = z.object({
  q: text('Search text')
    .max(200, 'Search text must be at most 200 characters')
    .transform((s) => s.trim())
    .optional(),
  page: pageParam,
});

export const adminPaymentsQuerySchema = z.object({
  // all: flagged first, then newest; flagged: only flagged ones.
  filter: z.enum(['all', 'flagged'], { error: 'filter must be all or flagged' }).default('all'),
  page: pageParam,
});

export const AUDIT_SUBJECT_TYPES = [
  'listing',
  'user',
  'message',
  'report',
  'payment',
  'payout',
  'booking',
] as const;
export type AuditSubjectType = (typeof AUDIT_SUBJECT_TYPES)[number];

export const adminAuditQuerySchema = z.object({
  subjectType: z.enum(AUDIT_SUBJECT_TYPES, { error: 'Unknown subject type' }).optional(),
  subjectId: z.coerce
    .number({ error: 'subjectId must be a number' })
    .int('subjectId must be a whole number')
    .positive('subjectId must be positive')
    .max(2_147_483_647, 'subjectId is out of range')
    .optional(),
  page: pageParam,
});

// ---------- Admin: actions and the audit log ----------

export const ADMIN_ACTIONS = [
  'dismiss',
  'hide_listing',
  'unhide_listing',
  'remove_message',
  'warn',
  'suspend',
  'reinstate',
  'refund',
  // Payouts (ADR 032): an operator's decisions, and a host's change of where they are paid.
  'payout_retry',
  'payout_cancel',
  'payout_paid_by_hand',
  'payout_method_added',
  'payout_method_changed',
  // A stay an operator ended at once, for safety (ADR 037).
  'end_stay',
  // From the command line (npm run admin): never through the API.
  'grant_admin',
  'revoke_admin',
] as const;
export type AdminAction = (typeof ADMIN_ACTIONS)[number];

export const ADMIN_ACTION_LABELS: Record<AdminAction, string> = {
  dismiss: 'Dismissed report',
  hide_listing: 'Hid listing',
  unhide_listing: 'Restored listing',
  remove_message: 'Removed message',
  warn: 'Warned user',
  suspend: 'Suspended user',
  reinstate: 'Reinstated user',
  refund: 'Refunded payment',
  payout_retry: 'Retried payout',
  payout_cancel: 'Cancelled payout',
  payout_paid_by_hand: 'Recorded payout paid by hand',
  payout_method_added: 'Payout method added (by the host)',
  payout_method_changed: 'Payout method changed (by the host)',
  end_stay: 'Ended a stay',
  grant_admin: 'Made admin (command line)',
  revoke_admin: 'Removed admin (command line)',
};

const userRefSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  avatar: z.string().nullable(),
  role: z.enum(USER_ROLES),
  suspended: z.boolean(),
  deleted: z.boolean(),
});
export type AdminUserRef = z.infer<typeof userRefSchema>;
export const adminUserRefSchema = userRefSchema;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  // null for the command line (and for an admin whose account is gone).
  actor: z.object({ id: z.number().int(), username: z.string(), name: z.string() }).nullable(),
  action: z.enum(ADMIN_ACTIONS),
  subjectType: z.enum(AUDIT_SUBJECT_TYPES),
  subjectId: z.number().int(),
  reason: z.string(),
  // Small facts about the action (e.g. { reportId: 3, amount: 5000, listingsHidden: 2 }).
  details: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const adminActionResultSchema = z.object({
  message: z.string(),
  audit: auditEntrySchema,
});
export type AdminActionResult = z.infer<typeof adminActionResultSchema>;

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

export const adminReportSchema = z.object({
  id: z.number().int(),
  subjectType: z.enum(REPORT_SUBJECT_TYPES),
  subjectId: z.number().int(),
  reason: z.enum(REPORT_REASONS),
  text: z.string().nullable(),
  status: z.enum(REPORT_STATUSES),
  createdAt: z.string(),
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

export const adminReportBriefSchema = z.object({
  id: z.number().int(),
  subjectType: z.enum(REPORT_SUBJECT_TYPES),
  subjectId: z.number().int(),
  reason: z.enum(REPORT_REASONS),
  text: z.string().nullable(),
  status: z.enum(REPORT_STATUSES),
  createdAt: z.string(),
});
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
