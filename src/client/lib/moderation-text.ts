// The trust and safety words the listing, profile and message pages show, with no Zod in them:
// those pages are kept Zod-free (docs/decisions/015, 019), so they come from the Zod-free half of
// the contract, src/shared/moderation-text.ts, never from src/shared/moderation.ts (docs/decisions/029, 035).
export {
  BLOCKED_CODE,
  PAYMENT_WARNING_TEXT,
  REPORT_ACK_TEXT,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  REPORT_TEXT_MAX,
  type ReportReason,
  type ReportSubjectType,
  SUSPENDED_CODE,
} from '#shared/moderation-text.ts';
