import { describe, expect, it } from 'vitest';
import { safeNextPath } from './return-path.ts';

describe('safeNextPath', () => {
  it('keeps a path on this site, with its query and hash', () => {
    expect(safeNextPath('/listings/abc')).toBe('/listings/abc');
    expect(safeNextPath('/listings?type=rental&location=Austin%2C%20TX')).toBe(
      '/listings?type=rental&location=Austin%2C%20TX',
    );
    expect(safeNextPath('/messages/4#end')).toBe('/messages/4#end');
  });

  it('drops the language prefix: the page adds its own', () => {
    expect(safeNextPath('/de/listings/7')).toBe('/listings/7');
    expect(safeNextPath('/ja')).toBe('/');
  });

  it('refuses anything that could leave the site', () => {
    for (const bad of [
      '//evil.com',
      '//evil.com/path',
      'https://evil.com',
      'http://evil.com/listings',
      'javascript:alert(1)',
      '/\\evil.com',
      '\\\\evil.com',
      ' /listings',
      '/listings\n/x',
      '/\t/evil.com',
      'listings/1',
      '',
      `/${'a'.repeat(1001)}`,
    ])
      expect(safeNextPath(bad), bad).toBeNull();
    expect(safeNextPath(undefined)).toBeNull();
    expect(safeNextPath(['/listings'])).toBeNull();
  });

  it('refuses the sign-in pages themselves', () => {
    expect(safeNextPath('/auth')).toBeNull();
    expect(safeNextPath('/auth?next=/profile')).toBeNull();
    expect(safeNextPath('/de/auth')).toBeNull();
    expect(safeNextPath('/reset-password?token=x')).toBeNull();
    expect(safeNextPath('/authors')).toBe('/authors');
  });
});
