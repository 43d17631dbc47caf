import { z } from 'zod';
import { idSchema, text } from './fields.ts';
import { REPORT_REASONS, REPORT_STATUSES, REPORT_SUBJECT_TYPES, REPORT_TEXT_MAX } from './moderation-text.ts';

// What members send and get back about reports and blocks (ADR 029).

// ---------- Reports ----------

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
