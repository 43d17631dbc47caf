import { stateKey, usStateCode } from '#shared/us-states.ts';

// What the location box asks for. `city` matches as a prefix, case-insensitively; `state` is a
// stateKey (a US postal code, or other text compared as typed); `either` is one word or phrase
// that may be a city (prefix) or a state.
export type PlaceQuery = { city?: string; state?: string; either?: string };

// The longest state name is three words ("District of Columbia").
const MAX_STATE_WORDS = 3;

// "Portland, OR", "Portland OR", "portland oregon", "New York NY" -> city and state;
// "Oregon", "or", "West Virginia" -> that state alone; "Austin", "Salt Lake City", "Bavaria" ->
// a city or a state; "Munich, Bavaria" -> city and state as typed.
export function parseLocation(text: string): PlaceQuery {
  const clean = text.replace(/\s+/g, ' ').replace(/^[\s,]+|[\s,.]+$/g, '');
  if (!clean) return {};
  const comma = clean.lastIndexOf(',');
  // Leading and trailing commas are gone, so both sides of the last one hold text.
  if (comma >= 0)
    return { city: clean.slice(0, comma).replace(/[\s,]+$/, ''), state: stateKey(clean.slice(comma + 1)) };
  const whole = usStateCode(clean);
  if (whole) return { state: whole };
  // A trailing state name or code, longest first, so "Charleston West Virginia" is WV, not VA.
  const words = clean.split(' ');
  for (let n = Math.min(MAX_STATE_WORDS, words.length - 1); n >= 1; n--) {
    const code = usStateCode(words.slice(-n).join(' '));
    if (code) return { city: words.slice(0, -n).join(' '), state: code };
  }
  return { either: clean };
}

// The words of a keyword search that typo tolerance looks at: letters and digits, at least three
// characters (a trigram needs them), at most eight. None when the search uses the operators of
// the full-text syntax (quotes, a leading minus, OR): such a search is taken literally.
export function fuzzyWords(q: string): string[] {
  if (/["]|(^|\s)-\S|\sor\s/i.test(q)) return [];
  const words = q
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length >= 3);
  return [...new Set(words)].slice(0, 8);
}

// LIKE wildcards in a visitor's text match themselves.
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
