// The API's English messages in the other languages (ADR 031): the 4xx `message`s the server
// answers with and the zod messages of the shared schemas, which the client shows too. One plain
// table per language (<lang>/api.ts, see types.ts), keyed by the exact English text; a key with `{name}` placeholders matches a
// message with values ("Username must be at most {USERNAME_MAX} characters") and puts them into
// the translation, each value itself translated when it is a known text (a field's label).
// Tables load lazily, one module per language; lookups are synchronous once loaded and fall back
// to English. texts.test.ts fails when a message of src/server or src/shared has no translation.
import { DEFAULT_LOCALE, type Locale } from '../i18n.ts';
import type { TextTable } from './types.ts';

export type { TextTable };

type Pattern = { re: RegExp; names: string[]; translation: string; literal: number };
type Compiled = { exact: ReadonlyMap<string, string>; patterns: Pattern[] };

const loaders: Record<Exclude<Locale, 'en'>, () => Promise<{ default: TextTable }>> = {
  es: () => import('./es/api.ts'),
  fr: () => import('./fr/api.ts'),
  de: () => import('./de/api.ts'),
  ja: () => import('./ja/api.ts'),
};

const tables = new Map<Locale, Compiled>();
const pending = new Map<Locale, Promise<void>>();

const PLACEHOLDER = /\{(\w+)\}/g;
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function compile(table: TextTable): Compiled {
  const patterns: Pattern[] = [];
  for (const [english, translation] of Object.entries(table)) {
    if (!PLACEHOLDER.test(english)) continue;
    PLACEHOLDER.lastIndex = 0;
    const names: string[] = [];
    let source = '';
    let last = 0;
    for (const m of english.matchAll(PLACEHOLDER)) {
      source += `${escapeRegExp(english.slice(last, m.index))}(.+?)`;
      names.push(m[1]);
      last = m.index + m[0].length;
    }
    source += escapeRegExp(english.slice(last));
    patterns.push({
      re: new RegExp(`^${source}$`, 's'),
      names,
      translation,
      literal: english.replace(PLACEHOLDER, '').length,
    });
  }
  // The most specific first: "{label} must be a whole number" before "{name} must be {what}".
  patterns.sort((a, b) => b.literal - a.literal);
  return { exact: new Map(Object.entries(table)), patterns };
}

// Registers a language's table (the server loads them all at start; tests may too).
export function useTexts(locale: Locale, table: TextTable): void {
  tables.set(locale, compile(table));
}

// Loads a language's table once; English has none.
export function loadTexts(locale: Locale): Promise<void> {
  if (locale === 'en' || tables.has(locale)) return Promise.resolve();
  const waiting = pending.get(locale);
  if (waiting) return waiting;
  const p = loaders[locale]()
    .then((m) => useTexts(locale, m.default))
    .finally(() => pending.delete(locale));
  pending.set(locale, p);
  return p;
}

export const textsLoaded = (locale: Locale) => locale === DEFAULT_LOCALE || tables.has(locale);

// `english` in `locale`, or `english` itself when the language is English, its table is not loaded
// yet, or it has no translation.
export function translateText(locale: Locale, english: string): string {
  const t = tables.get(locale);
  if (!t) return english;
  const exact = t.exact.get(english);
  if (exact !== undefined) return exact;
  for (const p of t.patterns) {
    const m = p.re.exec(english);
    if (!m) continue;
    const values = new Map(p.names.map((name, i) => [name, m[i + 1]]));
    return p.translation.replace(PLACEHOLDER, (whole, name: string) => {
      const v = values.get(name);
      return v === undefined ? whole : (t.exact.get(v) ?? v);
    });
  }
  return english;
}
