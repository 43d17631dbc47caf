import { z } from 'zod';

// The building blocks every contract uses for free text and ids, so that no request can carry a
// value the database cannot store or compare.

// PostgreSQL text cannot hold NUL, and a lone UTF-16 surrogate is no character at all.
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is exactly what this refuses
const FORBIDDEN_CHARS = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const hasForbiddenChars = (s: string) => FORBIDDEN_CHARS.test(s);

// Free text: a string without NUL or lone surrogates. `required` is the message for a missing or
// non-string value; chain .trim(), .min() and .max() as usual.
export const text = (label: string, required = `${label} is required`) =>
  z
    .string({ error: required })
    .refine((s) => !hasForbiddenChars(s), `${label} contains characters that are not allowed`);

// A calendar day, "YYYY-MM-DD" (compared as UTC), that exists and lies in the years we book in.
export const isoDateSchema = (label: string) =>
  text(label)
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date (YYYY-MM-DD)`)
    .refine((s) => {
      const d = new Date(`${s}T00:00:00Z`);
      return (
        !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s) && s >= '2000-01-01' && s <= '2999-12-31'
      );
    }, `${label} must be a real date`);

// The largest value of a PostgreSQL integer column, which every id is.
export const ID_MAX = 2_147_483_647;

// A numeric id in a JSON body.
export const idSchema = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .positive(`${label} must be a positive number`)
    .max(ID_MAX, `${label} is out of range`);

// A numeric id in a path ("/api/listings/12"): anything else is a 400 with a readable message.
export const idParam = (label: string) =>
  z
    .string()
    .regex(/^\d{1,10}$/, `${label} must be a number`)
    .transform(Number)
    .refine((n) => n <= ID_MAX, `${label} is out of range`);

// An opaque keyset cursor: base64url JSON, checked against the schema that made it.
export function encodeCursor(value: unknown): string {
  const json = JSON.stringify(value);
  const bytes = new TextEncoder().encode(json);
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function decodeCursor<T>(raw: string, schema: z.ZodType<T>): T | null {
  if (!/^[A-Za-z0-9_-]{1,400}$/.test(raw)) return null;
  try {
    const bin = atob(raw.replace(/-/g, '+').replace(/_/g, '/'));
    const json = new TextDecoder('utf-8', { fatal: true }).decode(
      Uint8Array.from(bin, (c) => c.charCodeAt(0)),
    );
    const parsed = schema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

// A timestamp as PostgreSQL writes timestamptz as text ("2026-11-22 20:19:18.123456+00"), within
// the years both PostgreSQL and JavaScript accept and with a real calendar date.
const PG_TIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(\.\d{1,6})?([+-])(\d{2})(?::(\d{2}))?$/;
export const isPgTimestamp = (s: string) => {
  const m = PG_TIME.exec(s);
  if (!m) return false;
  const [y, mo, d, h, mi, sec] = m.slice(1, 7).map(Number);
  if (y < 1 || y > 9999 || h > 23 || mi > 59 || sec > 59 || Number(m[9]) > 15 || Number(m[10] ?? 0) > 59)
    return false;
  const date = new Date(Date.UTC(2000, mo - 1, d));
  return date.getUTCMonth() === mo - 1 && date.getUTCDate() === d && (mo !== 2 || d < 29 || isLeap(y));
};
const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
export const pgTimestampSchema = z.string().refine(isPgTimestamp);
