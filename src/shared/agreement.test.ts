import { describe, expect, it } from 'vitest';
import { agreementTemplateSchema } from './agreement.ts';
import { DEFAULT_AGREEMENT } from './agreement-defaults.ts';

describe('DEFAULT_AGREEMENT', () => {
  // Written out apart from the schema so pages that show it need no Zod (issue 36).
  it('is what the schema gives a host who wrote nothing', () => {
    expect(DEFAULT_AGREEMENT).toEqual(agreementTemplateSchema.parse({}));
  });
});
