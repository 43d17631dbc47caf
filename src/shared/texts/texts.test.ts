import { describe, expect, it } from 'vitest';
import type { Locale } from '../i18n.ts';
import de from './de.ts';
import es from './es.ts';
import fr from './fr.ts';
import { loadTexts, type TextTable, translateText } from './index.ts';
import ja from './ja.ts';
import { scanMessages } from './scan.ts';

const TABLES: Record<Exclude<Locale, 'en'>, TextTable> = { es, fr, de, ja };
// A placeholder's name does not matter for matching: "{max}" and "{USERNAME_MAX}" are one slot.
const shape = (s: string) => s.replace(/\{\w+\}/g, '{}');
const placeholders = (s: string) => new Set(s.match(/\{\w+\}/g) ?? []);

const { messages, labels } = scanMessages(process.cwd());
// 4xx messages the scan cannot see: returned by helpers before they become an HttpError.
const BUILT_ELSEWHERE = [
  'Password must not be the same as your username or email', // passwordProblem()
  'This password is one of the most common ones. Please choose another.',
  'This account is suspended. Contact {supportEmail} if you think this is a mistake.', // suspendedMessage()
].map((text) => ({ text, file: 'BUILT_ELSEWHERE', line: 0 }));
// Labels of the shared fields that read as words ("Full name"); camelCase query names stay as they are.
const wordLabels = labels.filter((l) => /^[A-Z]/.test(l.text));

describe('API message tables', () => {
  it('finds the messages of src/server and src/shared', () => {
    const texts = new Set(messages.map((m) => m.text));
    expect(texts.size).toBeGreaterThan(200);
    for (const known of [
      'You need to sign in first', // unauthorized()'s default
      'Listing not found', // notFound()
      'Malformed JSON in request body', // the errors plugin
      'Cross-site request refused', // reply.send({ message })
      'Passwords do not match', // a zod refine's { message }
      'Username must be at most {USERNAME_MAX} characters', // a template literal
      '{label} is required', // the shared text() field
    ])
      expect(texts, known).toContain(known);
  });

  for (const [locale, table] of Object.entries(TABLES)) {
    it(`${locale} translates every message and label`, () => {
      const have = new Set(Object.keys(table).map(shape));
      const missing = [...messages, ...wordLabels, ...BUILT_ELSEWHERE]
        .filter((m) => !have.has(shape(m.text)))
        .map((m) => `${m.file}:${m.line}  ${m.text}`);
      expect([...new Set(missing)]).toEqual([]);
    });

    it(`${locale} uses only the placeholders of the English text`, () => {
      for (const [english, translated] of Object.entries(table)) {
        for (const p of placeholders(translated)) expect(placeholders(english), english).toContain(p);
        expect(translated.trim(), english).not.toBe('');
      }
    });
  }

  it('translates exact texts, patterns with values, and labels inside patterns', async () => {
    await Promise.all((['es', 'fr', 'de', 'ja'] as const).map(loadTexts));
    expect(translateText('de', 'Listing not found')).toBe('Inserat nicht gefunden');
    expect(translateText('es', 'Username must be at most 40 characters')).toBe(
      'El nombre de usuario puede tener como máximo 40 caracteres',
    );
    expect(translateText('fr', 'Full name is required')).toBe('Le nom complet est obligatoire');
    // text('Start date')'s "{label} is required": the label is translated too.
    expect(translateText('ja', 'Start date is required')).toBe('開始日を入力してください');
    expect(translateText('de', 'Note contains characters that are not allowed')).toBe(
      'Das Feld „Notiz“ enthält unzulässige Zeichen',
    );
    expect(translateText('en', 'Listing not found')).toBe('Listing not found');
    expect(translateText('de', 'Something nobody wrote')).toBe('Something nobody wrote');
  });
});
