// The trust and safety words the listing, profile and message pages show, with no Zod in them:
// those pages are kept Zod-free (docs/decisions/015, 019), and src/shared/moderation.ts builds its
// schemas at load. moderation-text.test.ts checks every value against that contract, so the two
// cannot drift (docs/decisions/029, Client).
import type { ReportReason, ReportSubjectType } from '#shared/moderation.ts';

export const REPORT_REASONS = [
  'scam',
  'unsafe',
  'harassment',
  'spam',
  'other',
] as const satisfies readonly ReportReason[];

export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  scam: 'Scam or payment outside Yardshare',
  unsafe: 'Unsafe or misleading listing',
  harassment: 'Harassment',
  spam: 'Spam',
  other: 'Something else',
};

export const REPORT_TEXT_MAX = 2000;

export const REPORT_ACK_TEXT =
  'Thanks for telling us. Our team will review your report; we do not share who reported it.';

export const PAYMENT_WARNING_TEXT =
  'Be careful: this message may ask you to pay outside Yardshare. Payments made outside Yardshare are not protected, and we cannot refund them.';

// The error codes the server answers with (ApiError.code).
export const BLOCKED_CODE = 'blocked';
export const SUSPENDED_CODE = 'suspended';

export type { ReportReason, ReportSubjectType };
