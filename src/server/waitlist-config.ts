import { z } from 'zod';

// Waiting lists (ADR 049): WAITLIST_OFFER_HOURS, how long a plot offered to the next in line is
// held for them (48 hours unless set; 1 hour to 14 days).
export type WaitlistConfig = { offerMs: number };

const schema = z.object({
  WAITLIST_OFFER_HOURS: z.coerce
    .number({ error: 'must be a number of hours' })
    .min(1, 'must be 1 hour or more')
    .max(336, 'must be 336 hours (14 days) or less')
    .default(48),
});

export function loadWaitlistConfig(env: NodeJS.ProcessEnv): WaitlistConfig {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment settings:\n${lines.join('\n')}`);
  }
  return { offerMs: Math.round(parsed.data.WAITLIST_OFFER_HOURS * 3_600_000) };
}
