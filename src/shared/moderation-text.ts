// The trust and safety constants and words (ADR 029), with no Zod in them: the client's Zod-free
// pages import them from here (ADR 015, 019), and the schemas of moderation.ts are built on them.

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

export const REPORT_TEXT_MAX = 2000;
// Reports one member may send in an hour (duplicates refused with 409 do not count).
export const REPORTS_PER_HOUR = 20;

// open -> dismissed (nothing to do) | actioned (an admin acted on it).
export const REPORT_STATUSES = ['open', 'dismissed', 'actioned'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

export const REPORT_ACK_TEXT =
  'Thanks for telling us. Our team will review your report; we do not share who reported it.';

// ---------- Blocks ----------

// The message of a 403 when a block stands between two users (either direction).
export const BLOCKED_MESSAGE = 'You cannot interact with this user.';
export const BLOCKED_CODE = 'blocked';

// ---------- Messages ----------

export const REMOVED_MESSAGE_TEXT = 'This message was removed by Yardshare for breaking our rules.';
export const PAYMENT_WARNING_TEXT =
  'Be careful: this message may ask you to pay outside Yardshare. Payments made outside Yardshare are not protected, and we cannot refund them.';

// ---------- Suspension ----------

export const SUSPENDED_CODE = 'suspended';
export const suspendedMessage = (supportEmail: string) =>
  `This account is suspended. Contact ${supportEmail} if you think this is a mistake.`;
