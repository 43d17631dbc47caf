import { describe, expect, it } from 'vitest';
import { fullTitle, seoDescription } from './head-apply.ts';

describe('page head rules', () => {
  it('adds the product suffix only when missing', () => {
    expect(fullTitle('Browse listings')).toBe('Browse listings | Yardshare');
    expect(fullTitle('Home | Yardshare')).toBe('Home | Yardshare');
  });
  it('cuts descriptions over 150 characters to 147 plus ...', () => {
    const long = 'a'.repeat(151);
    expect(seoDescription(long)).toBe(`${'a'.repeat(147)}...`);
    expect(seoDescription('a'.repeat(150))).toBe('a'.repeat(150));
  });
});
