// Auth's data face: the queries of its tables (sessions, rate events, one-time links) other modules
// use (ADR 053).
import { and, desc, eq, gt, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.ts';
import { accountTokens, rateEvents, sessions } from '../../db/schema.ts';
import { hashToken, type TokenPurpose } from './token-hash.ts';

// ---- Sessions (the cookie's, ADR 041) ----------------------------------------------------------
export async function insertSession(
  db: Pick<Db, 'insert'>,
  session: { id: string; userId: number; expiresAt: Date },
): Promise<void> {
  await db.insert(sessions).values(session);
}

// The session with this id while it is neither expired nor idle since idleSince, as a subquery to
// join (`.innerJoin(s, eq(s.userId, ...))`): the database flattens it.
export const liveSession = (id: string, now: Date, idleSince: Date, name = 'session') =>
  new QueryBuilder()
    .select()
    .from(sessions)
    .where(and(eq(sessions.id, id), gt(sessions.expiresAt, now), gt(sessions.lastSeenAt, idleSince)))
    .as(name);

export async function touchSession(db: Pick<Db, 'update'>, id: string, at: Date): Promise<void> {
  await db.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.id, id));
}

export async function deleteSession(db: Pick<Db, 'delete'>, id: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, id));
}

// Sessions expired, or idle since idleSince.
export async function purgeExpiredSessions(
  db: Pick<Db, 'delete'>,
  now: Date,
  idleSince: Date,
): Promise<void> {
  await db.delete(sessions).where(or(lt(sessions.expiresAt, now), lt(sessions.lastSeenAt, idleSince)));
}

// Ends every session of the user, or every one but `keep`. Returns how many it ended.
export async function endSessionsOf(
  tx: Pick<Db, 'delete'>,
  userId: number,
  keep: string | null = null,
): Promise<number> {
  const ended = await tx
    .delete(sessions)
    .where(keep ? and(eq(sessions.userId, userId), ne(sessions.id, keep)) : eq(sessions.userId, userId))
    .returning({ id: sessions.id });
  return ended.length;
}

// ---- One-time links ------------------------------------------------------------------------------
// The address of the user's newest unused e-mail verification link when it is not `current` (an
// e-mail change waiting for confirmation), or null.
export async function pendingEmailChange(
  db: Pick<Db, 'select'>,
  userId: number,
  current: string,
): Promise<string | null> {
  const [row] = await db
    .select({ email: accountTokens.email })
    .from(accountTokens)
    .where(
      and(
        eq(accountTokens.userId, userId),
        eq(accountTokens.purpose, 'verify_email'),
        isNull(accountTokens.usedAt),
        sql`lower(${accountTokens.email}) <> lower(${current})`,
      ),
    )
    .orderBy(desc(accountTokens.createdAt))
    .limit(1);
  return row?.email ?? null;
}

// The id of the user a link of that purpose, unused and unexpired, belongs to: a scalar subquery
// (null when the link is not usable).
export const userOfUsableToken = (token: string, purpose: TokenPurpose) =>
  sql<number | null>`(select t.user_id from ${accountTokens} t
    where t.id = ${hashToken(token)} and t.purpose = ${purpose} and t.used_at is null and t.expires_at > now())`;

// ---- A deleted account (ADR 022) ---------------------------------------------------------------
export async function forgetPersonTokens(tx: Tx, userId: number): Promise<void> {
  await tx.delete(accountTokens).where(eq(accountTokens.userId, userId));
}

export async function forgetRateEvents(tx: Tx, keys: string[]): Promise<void> {
  await tx.delete(rateEvents).where(inArray(rateEvents.key, keys));
}
