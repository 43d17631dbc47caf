import { z } from 'zod';
import { text } from './fields.ts';

// Calendars that sync (ADR 048): the contract of a listing's feeds and the grower's feed.

// A listing reads at most this many external feeds.
export const CALENDAR_IMPORTS_MAX = 10;
export const CALENDAR_URL_MAX = 2000;

// Why the last read of an external feed failed; the host's screen says each in their language.
export const CALENDAR_IMPORT_ERRORS = [
  'BAD_URL',
  'NOT_HTTPS',
  'PRIVATE_ADDRESS',
  'UNREACHABLE',
  'TIMEOUT',
  'TOO_BIG',
  // Too many events or occurrences, or too long or too much memory to read (ADR 055).
  'OVER_BUDGET',
  'HTTP_STATUS',
  'NOT_CALENDAR',
] as const;
export type CalendarImportError = (typeof CALENDAR_IMPORT_ERRORS)[number];

export const addCalendarImportSchema = z.object({
  url: text('Feed address')
    .trim()
    .min(1, 'Feed address is required')
    .max(CALENDAR_URL_MAX, `Feed address must be at most ${CALENDAR_URL_MAX} characters`)
    .refine(
      (s) => URL.canParse(s) && /^https?:$/.test(new URL(s).protocol),
      'Enter the address of a calendar feed',
    ),
});
export type AddCalendarImport = z.infer<typeof addCalendarImportSchema>;

export const calendarImportSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  // When the feed was last read successfully (null: not yet).
  lastReadAt: z.string().nullable(),
  // The last read's failure, in English; errorCode is the same as a code the screens translate.
  error: z.string().nullable(),
  errorCode: z.enum(CALENDAR_IMPORT_ERRORS).nullable(),
  // Blocked ranges the feed gives the listing now.
  blockedRanges: z.number().int(),
});
export type CalendarImport = z.infer<typeof calendarImportSchema>;

export const listingCalendarSchema = z.object({
  exportUrl: z.string(),
  imports: z.array(calendarImportSchema),
});
export type ListingCalendar = z.infer<typeof listingCalendarSchema>;

export const userCalendarSchema = z.object({ url: z.string() });
export type UserCalendar = z.infer<typeof userCalendarSchema>;

// The English text of each failure (the API's `error`).
export const CALENDAR_ERROR_TEXT: Record<CalendarImportError, string> = {
  BAD_URL: 'This is not a feed address.',
  NOT_HTTPS: 'The feed address must start with https://.',
  PRIVATE_ADDRESS: 'The feed address points to a private network.',
  UNREACHABLE: 'The feed could not be reached.',
  TIMEOUT: 'The feed took too long to answer.',
  TOO_BIG: 'The feed is too large.',
  OVER_BUDGET: 'The feed has too many events or repeats to read.',
  HTTP_STATUS: 'The feed address answered with an error.',
  NOT_CALENDAR: 'The feed is not an iCalendar file.',
};
