import { describe, expect, it } from 'vitest';
import { ApiError } from '#client/lib/api.ts';
import { adminUrl, isConsoleHidden } from './admin.ts';

describe('the console API', () => {
  it('spells addresses with only the parameters given', () => {
    expect(adminUrl('stats')).toBe('/api/admin/stats');
    expect(adminUrl('users', { q: '', page: 1 })).toBe('/api/admin/users?page=1');
    expect(adminUrl('users', { q: 'maya green', page: 2 })).toBe('/api/admin/users?q=maya+green&page=2');
    expect(adminUrl('audit', { page: 1, subjectType: undefined, subjectId: null })).toBe(
      '/api/admin/audit?page=1',
    );
  });

  it('tells the guard’s 404 (not an admin) from a missing record', () => {
    const hidden = new ApiError(
      404,
      JSON.stringify({ message: 'Not found: GET /api/admin/stats', code: 'NOT_FOUND' }),
    );
    const gone = new ApiError(404, JSON.stringify({ message: 'User not found', code: 'USER_NOT_FOUND' }));
    expect(isConsoleHidden(hidden)).toBe(true);
    expect(isConsoleHidden(gone)).toBe(false);
    expect(isConsoleHidden(new Error('404'))).toBe(false);
  });
});
