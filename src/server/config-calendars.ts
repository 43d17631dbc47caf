import { z } from 'zod';

// The settings of reading hosts' external calendars (ADR 048), checked at start with the rest.
export type CalendarConfig = {
  // CALENDAR_IMPORT_ALLOW_PRIVATE=true: http and private, loopback and link-local addresses are
  // allowed too. Off unless set; only test harnesses (which run the built server locally) set it.
  allowPrivate: boolean;
  // One read may take this long in all, and bring at most this many bytes.
  timeoutMs: number;
  maxBytes: number;
  // A good feed is read again after this; a failing one waits twice as long after each failure,
  // up to a day.
  everyMs: number;
  // Reading one feed's events may take this long on the feed pool's thread; past it the feed is
  // refused as over budget (ADR 055).
  parseMs: number;
};

const int = (def: number, min: number) => z.coerce.number().int().min(min).default(def);
const schema = z.object({
  CALENDAR_IMPORT_ALLOW_PRIVATE: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.enum(['true', 'false', '1', '0', '']))
    .optional(),
  CALENDAR_IMPORT_TIMEOUT_S: int(20, 1),
  CALENDAR_IMPORT_MAX_KB: int(2048, 1),
  CALENDAR_IMPORT_EVERY_MINUTES: int(30, 1),
  CALENDAR_IMPORT_PARSE_MS: int(2000, 100),
});

export function loadCalendarConfig(env: NodeJS.ProcessEnv): CalendarConfig {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment settings:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const allowPrivate = e.CALENDAR_IMPORT_ALLOW_PRIVATE === 'true' || e.CALENDAR_IMPORT_ALLOW_PRIVATE === '1';
  return {
    allowPrivate,
    timeoutMs: e.CALENDAR_IMPORT_TIMEOUT_S * 1000,
    maxBytes: e.CALENDAR_IMPORT_MAX_KB * 1024,
    everyMs: e.CALENDAR_IMPORT_EVERY_MINUTES * 60_000,
    parseMs: e.CALENDAR_IMPORT_PARSE_MS,
  };
}
