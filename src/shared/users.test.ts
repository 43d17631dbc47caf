import { describe, expect, it } from 'vitest';
import { responseTimeLabel } from './users.ts';

describe('responseTimeLabel', () => {
  it('puts a median reply time (minutes) in words, bounds included', () => {
    expect(responseTimeLabel(0)).toBe('within an hour');
    expect(responseTimeLabel(60)).toBe('within an hour');
    expect(responseTimeLabel(61)).toBe('within a few hours');
    expect(responseTimeLabel(12 * 60)).toBe('within a few hours');
    expect(responseTimeLabel(12 * 60 + 1)).toBe('within a day');
    expect(responseTimeLabel(24 * 60)).toBe('within a day');
    expect(responseTimeLabel(24 * 60 + 1)).toBe('a few days or more');
  });
});
