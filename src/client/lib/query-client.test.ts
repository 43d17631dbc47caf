import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api.ts';
import { createQueryClient } from './query-client.ts';
import { userQuery } from './session.ts';
import { getToasts } from './toast-store.ts';

const someone = {
  id: 7,
  username: 'maya.green',
  email: 'maya@example.com',
  name: 'Maya Green',
  bio: null,
  avatar: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  emailVerified: true,
};

const refused = (status: number, code: string) =>
  new ApiError(status, JSON.stringify({ message: 'No', code }), 'Unauthorized');

describe('a session that ends on the server', () => {
  it('signs the client out at the first 401 UNAUTHENTICATED and forgets the rest of the cache', async () => {
    vi.useFakeTimers();
    const qc = createQueryClient();
    qc.setQueryData(userQuery.queryKey, someone);
    qc.setQueryData(['/api/bookings'], [{ id: 1 }]);
    await expect(
      qc.fetchQuery({
        queryKey: ['/api/messages/conversations'],
        queryFn: () => Promise.reject(refused(401, 'UNAUTHENTICATED')),
      }),
    ).rejects.toThrow('401');
    expect(qc.getQueryData(userQuery.queryKey)).toBeNull();
    expect(getToasts()[0]).toMatchObject({ title: 'You have been signed out' });
    vi.runAllTimers();
    expect(qc.getQueryData(['/api/bookings'])).toBeUndefined();
    expect(qc.getQueryData(userQuery.queryKey)).toBeNull();
    vi.useRealTimers();
  });

  it('leaves the user alone for other refusals (a wrong password, a 403, a 404)', async () => {
    const qc = createQueryClient();
    qc.setQueryData(userQuery.queryKey, someone);
    for (const err of [
      refused(401, 'INVALID_CREDENTIALS'),
      refused(403, 'blocked'),
      refused(404, 'NOT_FOUND'),
    ]) {
      await expect(
        qc
          .getMutationCache()
          .build(qc, { mutationFn: () => Promise.reject(err) })
          .execute(undefined),
      ).rejects.toBe(err);
      await expect(
        qc.fetchQuery({ queryKey: ['/x', err.status], queryFn: () => Promise.reject(err) }),
      ).rejects.toBe(err);
    }
    expect(qc.getQueryData(userQuery.queryKey)).toEqual(someone);
  });
});
