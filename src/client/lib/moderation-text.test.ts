import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as shared from '#shared/moderation.ts';
import * as text from './moderation-text.ts';

describe('the Zod-free moderation words', () => {
  it('are the contract’s, value for value', () => {
    expect(text.REPORT_REASONS).toEqual(shared.REPORT_REASONS);
    expect(text.REPORT_REASON_LABELS).toEqual(shared.REPORT_REASON_LABELS);
    expect(text.REPORT_ACK_TEXT).toBe(shared.REPORT_ACK_TEXT);
  });

  // The pages that import them stay out of the Zod chunk (docs/decisions/015, 019).
  it('come from a module that imports nothing', () => {
    const source = fs.readFileSync(new URL('../../shared/moderation-text.ts', import.meta.url), 'utf8');
    expect(source).not.toMatch(/^\s*import\s/m);
  });
});
