// The admin feature's data face: the queries of its tables other modules use (ADR 053): the audit
// log's writer, and its reader for the console.
import { type AnyColumn, and, count, desc, eq, or, type SQL, sql } from 'drizzle-orm';
import type { AdminAction, AuditEntry, AuditSubjectType } from '#shared/moderation.ts';
import type { Db, Tx } from '../../db/client.ts';
import { auditLog } from '../../db/schema.ts';

type Writer = Pick<Db, 'insert'> | Tx;
export type AuditDetails = Record<string, string | number | boolean | null>;
export type Actor = { id: number; username: string; name: string } | null;

type AuditRow = typeof auditLog.$inferSelect;

// The audit log (ADR 029): appended to in the transaction of each admin action, never updated or
// deleted (the database refuses both with a trigger; the app has no route for either).
export async function writeAudit(
  db: Writer,
  actor: Actor,
  action: AdminAction,
  subjectType: AuditSubjectType,
  subjectId: number,
  reason: string,
  details: AuditDetails = {},
): Promise<AuditEntry> {
  const [row] = await (db as Db)
    .insert(auditLog)
    .values({
      actorId: actor?.id ?? null,
      actorUsername: actor?.username ?? null,
      action,
      subjectType,
      subjectId,
      reason,
      details,
    })
    .returning();
  return toEntry(row, actor ? { id: actor.id, username: actor.username, name: actor.name } : null);
}

const toEntry = (r: AuditRow, actor: AuditEntry['actor']): AuditEntry => ({
  id: r.id,
  actor,
  action: r.action as AdminAction,
  subjectType: r.subjectType as AuditSubjectType,
  subjectId: r.subjectId,
  reason: r.reason,
  details: (r.details ?? {}) as AuditEntry['details'],
  createdAt: r.createdAt.toISOString(),
});

// An account's username and name as it is now, on a user id column: the users' scalar subqueries
// (null when no account has that id).
export type AccountNames = (userId: AnyColumn) => {
  username: SQL<string | null>;
  name: SQL<string | null>;
};

// aboutUserId: actions on that account and on what it owns (its listings: details.hostId; its
// messages: details.fromUserId), for a user's console page.
export type AuditFilter = { subjectType?: AuditSubjectType; subjectId?: number; aboutUserId?: number };

// Newest first. The actor is named as their account is now (or as they were, if it is gone).
export async function listAudit(
  db: Pick<Db, 'select'>,
  filter: AuditFilter,
  limit: number,
  offset: number,
  accountNames: AccountNames,
): Promise<{ items: AuditEntry[]; total: number }> {
  const where: SQL[] = [];
  if (filter.subjectType) where.push(eq(auditLog.subjectType, filter.subjectType));
  if (filter.subjectId !== undefined) where.push(eq(auditLog.subjectId, filter.subjectId));
  if (filter.aboutUserId !== undefined) {
    const id = filter.aboutUserId;
    where.push(
      or(
        and(eq(auditLog.subjectType, 'user'), eq(auditLog.subjectId, id)),
        sql`${auditLog.details}->>'hostId' = ${String(id)}`,
        sql`${auditLog.details}->>'fromUserId' = ${String(id)}`,
      ) as SQL,
    );
  }
  const cond = where.length ? and(...where) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({ a: auditLog, u: accountNames(auditLog.actorId) })
      .from(auditLog)
      .where(cond)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(auditLog).where(cond),
  ]);
  return {
    items: rows.map(({ a, u }) =>
      toEntry(
        a,
        a.actorId === null
          ? null
          : u.username !== null
            ? { id: a.actorId, username: u.username, name: u.name ?? '' }
            : {
                id: a.actorId,
                username: a.actorUsername ?? `user ${a.actorId}`,
                name: a.actorUsername ?? '',
              },
      ),
    ),
    total: Number(total?.n ?? 0),
  };
}

// The warnings the user was sent (the console's user page).
export async function warningCount(db: Pick<Db, 'select'>, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(auditLog)
    .where(
      and(eq(auditLog.subjectType, 'user'), eq(auditLog.subjectId, userId), eq(auditLog.action, 'warn')),
    );
  return Number(row?.n ?? 0);
}
