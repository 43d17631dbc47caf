import { describe, expect, it } from 'vitest';
import './zod-config.ts';
import { config } from 'zod/v4/core';

describe('zod config', () => {
  it('is the object Zod reads its settings from', () => {
    expect(config().jitless).toBe(true);
  });
});
