import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DbHandle } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { registerUser } from './factories.ts';

type Who = { cookie: string } | null;

// Trust and safety tests (ADR 029): an admin made the way the command line does it, and calls.
export async function moderationKit(app: FastifyInstance, db: DbHandle) {
  const call = (who: Who, method: string, url: string, payload?: unknown) =>
    app.inject({
      method: method as 'GET',
      url,
      headers: who ? { cookie: who.cookie } : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const admin = await registerUser(app, { name: 'Ada Admin' });
  await db.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.user.id));
  const report = (who: Who, subjectType: string, subjectId: number, reason = 'scam', text?: string) =>
    call(who, 'POST', '/api/reports', { subjectType, subjectId, reason, ...(text ? { text } : {}) });
  const block = (who: Who, userId: number) => call(who, 'POST', '/api/blocks', { userId });
  const unblock = (who: Who, userId: number) => call(who, 'DELETE', `/api/blocks/${userId}`);
  const act = (who: Who, path: string, payload: Record<string, unknown> = { reason: 'Breaks the rules' }) =>
    call(who, 'POST', `/api/admin/${path}`, payload);
  return { call, admin, report, block, unblock, act };
}
