// The reports feature's data face: the queries of its tables other modules use (ADR 053).

import { and, asc, count, desc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import { onePage, type Page } from '../../core/console-lists.ts';
import type { Db, Tx } from '../../db/client.ts';
import { reports } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';

// Reports raised by Yardshare itself (no reporter) on these listings of the user, reason 'other':
// one open report a listing at most (the partial unique index keeps it to one, however often this
// runs).
export async function raiseYardshareListingReports(
  tx: Tx,
  userId: number,
  listingIds: number[],
  text: string,
): Promise<void> {
  if (!listingIds.length) return;
  await tx
    .insert(reports)
    .values(
      listingIds.map((id) => ({
        reporterId: null,
        subjectType: 'listing' as const,
        subjectId: id,
        subjectUserId: userId,
        reason: 'other' as const,
        text,
      })),
    )
    .onConflictDoNothing();
}

// The reports the user made, in id order (the account's export, ADR 022).
export function reportsByPerson(db: Pick<Db, 'select'>, userId: number) {
  return db
    .select({
      id: reports.id,
      subjectType: reports.subjectType,
      subjectId: reports.subjectId,
      reason: reports.reason,
      text: reports.text,
      status: reports.status,
      createdAt: reports.createdAt,
    })
    .from(reports)
    .where(eq(reports.reporterId, userId))
    .orderBy(reports.id);
}

// ---- The operator console (ADR 029) -------------------------------------------------------------
export type ReportRow = typeof reports.$inferSelect;
export type ReportsFilter = 'open' | 'closed' | 'all';
type ReportSubjectType = ReportRow['subjectType'];

// Closes the report an action answers (if still open), and with `subject` every other open
// report on that subject. Returns how many were closed.
export async function closeReports(
  tx: Tx,
  resolver: { id: number } | null,
  status: 'dismissed' | 'actioned',
  resolution: string,
  reportId: number | null | undefined,
  subject?: { type: ReportSubjectType; id: number },
): Promise<number> {
  if (reportId != null) {
    const [r] = await tx.select({ id: reports.id }).from(reports).where(eq(reports.id, reportId));
    if (!r) throw notFound('Report not found', 'REPORT_NOT_FOUND');
  }
  const which = [
    ...(reportId != null ? [eq(reports.id, reportId)] : []),
    ...(subject ? [and(eq(reports.subjectType, subject.type), eq(reports.subjectId, subject.id))!] : []),
  ];
  if (!which.length) return 0;
  const closed = await tx
    .update(reports)
    .set({ status, resolvedAt: new Date(), resolvedBy: resolver?.id ?? null, resolution })
    .where(and(eq(reports.status, 'open'), or(...which)))
    .returning({ id: reports.id });
  return closed.length;
}

// The report's row locked for the transaction (FOR UPDATE); undefined: none.
export async function lockReport(tx: Tx, id: number): Promise<ReportRow | undefined> {
  const [row] = await tx.select().from(reports).where(eq(reports.id, id)).for('update');
  return row;
}

export async function reportById(db: Pick<Db, 'select'>, id: number): Promise<ReportRow | undefined> {
  const [row] = await db.select().from(reports).where(eq(reports.id, id));
  return row;
}

export async function openReportCount(db: Pick<Db, 'select'>): Promise<number> {
  const [row] = await db.select({ n: count() }).from(reports).where(eq(reports.status, 'open'));
  return Number(row?.n ?? 0);
}

// Open reports per subject of one type.
export async function openReportCounts(
  db: Pick<Db, 'select'>,
  type: ReportSubjectType,
  ids: number[],
): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  if (!ids.length) return out;
  const rows = await db
    .select({ id: reports.subjectId, n: count() })
    .from(reports)
    .where(and(eq(reports.subjectType, type), inArray(reports.subjectId, ids), eq(reports.status, 'open')))
    .groupBy(reports.subjectId);
  for (const r of rows) out.set(r.id, Number(r.n));
  return out;
}

// Open reports per subject ("listing:12"), for the subjects of these reports.
export async function openReportsOnSubjects(
  db: Pick<Db, 'select'>,
  rows: Pick<ReportRow, 'subjectType' | 'subjectId'>[],
): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  if (!rows.length) return out;
  const counts = await db
    .select({ type: reports.subjectType, id: reports.subjectId, n: count() })
    .from(reports)
    .where(
      and(
        eq(reports.status, 'open'),
        or(
          ...rows.map((r) => and(eq(reports.subjectType, r.subjectType), eq(reports.subjectId, r.subjectId))),
        ),
      ),
    )
    .groupBy(reports.subjectType, reports.subjectId);
  for (const c of counts) out.set(`${c.type}:${c.id}`, Number(c.n));
  return out;
}

// The open reports about each of these users (on them, their listings or their messages).
export async function openReportsAbout(
  db: Pick<Db, 'select'>,
  userIds: number[],
): Promise<Map<number | null, number>> {
  const rows = await db
    .select({ id: reports.subjectUserId, n: count() })
    .from(reports)
    .where(and(inArray(reports.subjectUserId, userIds), eq(reports.status, 'open')))
    .groupBy(reports.subjectUserId);
  return new Map(rows.map((r) => [r.id, Number(r.n)]));
}

// One page of the queue: open first, oldest first; then the closed ones, most recent first.
export function reportsPage(db: Pick<Db, 'select'>, status: ReportsFilter, page: Page) {
  const where =
    status === 'open'
      ? eq(reports.status, 'open')
      : status === 'closed'
        ? ne(reports.status, 'open')
        : undefined;
  const order = [
    sql`(${reports.status} <> 'open')`,
    sql`case when ${reports.status} = 'open' then ${reports.createdAt} end asc`,
    desc(reports.createdAt),
    asc(reports.id),
  ];
  return onePage(db, reports, where, order, page);
}

// The newest reports about the user, and those they made, `limit` of each at the most.
export function latestReportsAbout(db: Pick<Db, 'select'>, userId: number, limit: number) {
  return db
    .select()
    .from(reports)
    .where(eq(reports.subjectUserId, userId))
    .orderBy(desc(reports.createdAt), desc(reports.id))
    .limit(limit);
}
export function latestReportsBy(db: Pick<Db, 'select'>, userId: number, limit: number) {
  return db
    .select()
    .from(reports)
    .where(eq(reports.reporterId, userId))
    .orderBy(desc(reports.createdAt), desc(reports.id))
    .limit(limit);
}
