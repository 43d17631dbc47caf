import { describe, expect, it } from 'vitest';
import { textProblems } from './completeness.ts';
import { loadTexts, translateText } from './index.ts';
import { scanMessages } from './scan.ts';

describe('the texts the server writes', () => {
  it('finds the messages of src/server and src/shared', () => {
    const texts = new Set(scanMessages(process.cwd()).messages.map((m) => m.text));
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

  // The same check as `node scripts/check-texts.mjs`: every language has every table and key,
  // every API message and label is translated, with only its English text's placeholders.
  it('every language has every text', () => {
    expect(textProblems(process.cwd())).toEqual([]);
  });

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
