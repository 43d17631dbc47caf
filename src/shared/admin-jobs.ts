import { z } from 'zod';

// The operator console's view of the background jobs (issue 62, ADR 054). Admins only, like every
// /api/admin path:
//   GET  /api/admin/jobs                   -> adminJobsSchema
//   POST /api/admin/jobs/:kind/:id/retry   -> adminActionResultSchema (the audit entry)
//        404 unknown kind or job; 400 bad params; 409 when the job is no longer failed or dead (it
//        was retried already), or when a run of its kind waits already and would collide with it.
// A run that failed for good is kept twice by the queue: as a failed job of its kind, and as a copy
// in the kind's dead letters, waiting for an operator. The list shows it once: as 'dead' while the
// copy waits, as 'failed' when nothing came of it since (the copy is gone and it was not retried).

// At most this many failed and dead jobs, newest first.
export const ADMIN_JOBS_LIMIT = 100;
// A failure's message is cut to this many characters.
export const ADMIN_JOB_ERROR_MAX = 300;
// How far back "failed" reaches (the queue keeps finished jobs a week).
export const ADMIN_JOBS_FAILED_DAYS = 7;

export const JOB_FAILURE_STATES = ['failed', 'dead'] as const;
export type JobFailureState = (typeof JOB_FAILURE_STATES)[number];

export const adminJobKindSchema = z.object({
  name: z.string(),
  // Ready to run now (not waiting for a later start).
  waiting: z.number().int(),
  active: z.number().int(),
  // Failed for good in the last ADMIN_JOBS_FAILED_DAYS days.
  failed: z.number().int(),
  // In the kind's dead letters.
  dead: z.number().int(),
  // How long the oldest job ready to run has waited, in seconds; null when none waits.
  oldestWaitingSeconds: z.number().int().nullable(),
});
export type AdminJobKind = z.infer<typeof adminJobKindSchema>;

export const adminJobSchema = z.object({
  id: z.string(),
  kind: z.string(),
  state: z.enum(JOB_FAILURE_STATES),
  // The failure's message (cut to ADMIN_JOB_ERROR_MAX), null when the queue kept none.
  error: z.string().nullable(),
  // Retries made before it failed for good.
  tries: z.number().int(),
  failedAt: z.string(),
});
export type AdminJob = z.infer<typeof adminJobSchema>;

export const adminJobsSchema = z.object({
  kinds: z.array(adminJobKindSchema),
  jobs: z.array(adminJobSchema),
});
export type AdminJobs = z.infer<typeof adminJobsSchema>;

export const adminJobParamsSchema = z.object({
  kind: z
    .string()
    .min(1, 'A job kind is required')
    .max(100, 'The job kind is too long')
    .regex(/^[a-z][a-z0-9._-]*$/, 'This is not a job kind'),
  id: z.uuid({ error: 'The job id must be a UUID' }),
});
