import { z } from 'zod';
import { idSchema, text } from './fields.ts';
import { USER_ROLES } from './moderation-text.ts';

// The operator console's inputs, actions and audit log (ADR 029).

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
  // A background job (issue 62): its id is a UUID, kept in the entry's details (subjectId 0).
  'job',
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
  // A host's changes to their listing's waiting list (ADR 049).
  'waitlist_reorder',
  'waitlist_close',
  'waitlist_reopen',
  // A failed or dead background job sent back to its queue by an operator (issue 62).
  'job_retry',
  // From the command line (npm run admin): never through the API.
  'grant_admin',
  'revoke_admin',
] as const;
export type AdminAction = (typeof ADMIN_ACTIONS)[number];

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
