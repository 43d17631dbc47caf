// Test-only (node): the one completeness check of the texts the server writes (ADR 035), run by
// `node scripts/check-texts.mjs` and by texts.test.ts. Every language's folder has the same
// tables as English; mail.ts and heads.ts have English's every key with the same kind of value (a
// text, a text with values, a list); api.ts translates every message the API can answer with
// (scan.ts) and uses only its English text's placeholders. Returns the problems, one a line.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { LOCALES } from '../i18n.ts';
import { TEXTS } from './all.ts';
import { scanMessages } from './scan.ts';

// 4xx messages the scan cannot see: returned by helpers before they become an HttpError.
export const BUILT_ELSEWHERE = [
  'Password must not be the same as your username or email', // passwordProblem()
  'This password is one of the most common ones. Please choose another.',
  'This account is suspended. Contact {supportEmail} if you think this is a mistake.', // suspendedMessage()
];

// A placeholder's name does not matter for matching: "{max}" and "{USERNAME_MAX}" are one slot.
const shape = (s: string) => s.replace(/\{\w+\}/g, '{}');
const placeholders = (s: string) => new Set(s.match(/\{\w+\}/g) ?? []);

const kind = (v: unknown) =>
  typeof v === 'function'
    ? 'a text with values'
    : Array.isArray(v)
      ? 'a list'
      : v === null
        ? 'null'
        : typeof v;

// Where `table` differs from English's `reference`: a key missing or extra, another kind of value,
// an empty text.
function sameShape(reference: unknown, table: unknown, where: string, problems: string[]): void {
  if (kind(reference) !== kind(table)) {
    problems.push(
      `${where}: is ${table === undefined ? 'missing' : kind(table)}, English has ${kind(reference)}`,
    );
    return;
  }
  if (typeof table === 'string' && table.trim() === '') problems.push(`${where}: is empty`);
  if (kind(table) !== 'object' || !table || !reference) return;
  const ref = reference as Record<string, unknown>;
  const own = table as Record<string, unknown>;
  for (const key of Object.keys(ref)) sameShape(ref[key], own[key], `${where}.${key}`, problems);
  for (const key of Object.keys(own)) if (!(key in ref)) problems.push(`${where}.${key}: is not in English`);
}

export function textProblems(root: string): string[] {
  const problems: string[] = [];
  const folder = join(root, 'src/shared/texts');
  for (const l of LOCALES)
    for (const file of ['index.ts', 'mail.ts', 'heads.ts', ...(l === 'en' ? [] : ['api.ts'])])
      if (!existsSync(join(folder, l, file))) problems.push(`src/shared/texts/${l}/${file}: missing`);

  const { messages, labels } = scanMessages(root);
  // Labels of the shared fields that read as words ("Full name"); camelCase query names stay as they are.
  const wanted = [
    ...messages,
    ...labels.filter((l) => /^[A-Z]/.test(l.text)),
    ...BUILT_ELSEWHERE.map((text) => ({ text, file: 'BUILT_ELSEWHERE', line: 0 })),
  ];
  const en = TEXTS.en;
  for (const l of LOCALES) {
    if (l === 'en') continue;
    const t = TEXTS[l];
    sameShape(en.mail, t.mail, `${l}/mail.ts`, problems);
    sameShape(en.heads, t.heads, `${l}/heads.ts`, problems);
    const have = new Set(Object.keys(t.api).map(shape));
    const missing = new Set(
      wanted
        .filter((m) => !have.has(shape(m.text)))
        .map((m) => `${l}/api.ts: no translation of "${m.text}" (${m.file}:${m.line})`),
    );
    problems.push(...missing);
    for (const [english, translated] of Object.entries(t.api)) {
      const allowed = placeholders(english);
      for (const p of placeholders(translated))
        if (!allowed.has(p)) problems.push(`${l}/api.ts: "${english}" has no ${p} but its translation has`);
      if (translated.trim() === '') problems.push(`${l}/api.ts: "${english}" is empty`);
    }
  }
  return problems;
}
