import type { FastifyInstance } from 'fastify';
import { todayUtc } from '#shared/bookings.ts';
import type { DbHandle } from '../db/client.ts';
import type { listings } from '../db/schema.ts';
import { insertListing, registerUser } from './factories.ts';

export type Who = { cookie: string } | null;
const DAY = 86_400_000;
export const inDays = (n: number) => todayUtc(new Date(Date.now() + n * DAY));

// A host, a grower and a stranger, and short ways to list, book and act, for booking tests.
export async function bookingsKit(app: FastifyInstance, db: DbHandle) {
  const call = (who: Who, method: 'GET' | 'POST', url: string, payload?: unknown) =>
    app.inject({ method, url, headers: who ? { cookie: who.cookie } : {}, ...(payload ? { payload } : {}) });
  const host = await registerUser(app);
  const grower = await registerUser(app);
  const stranger = await registerUser(app);
  return {
    call,
    host,
    grower,
    stranger,
    listing: (over: Partial<typeof listings.$inferInsert> = {}) =>
      insertListing(db, host.user.id, { images: [], ...over }),
    book: (who: Who, listingId: number, over: Record<string, unknown> = {}) =>
      call(who, 'POST', '/api/bookings', { listingId, start: inDays(10), months: 2, ...over }),
    act: (who: Who, id: number, action: string) => call(who, 'POST', `/api/bookings/${id}/${action}`),
  };
}
