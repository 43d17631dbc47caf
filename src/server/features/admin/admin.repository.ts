import { and, asc, count, desc, eq, gt, ilike, inArray, isNotNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { ADMIN_PAGE_SIZE } from '#shared/moderation.ts';
import type { Db } from '../../db/client.ts';
import { listings, messages, payments, payouts, reports, users } from '../../db/schema.ts';
import { userRecords } from './admin.user-records.ts';

export type UserRow = typeof users.$inferSelect;
export type ListingRow = typeof listings.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;
export type ReportRow = typeof reports.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
export type ReportsFilter = 'open' | 'closed' | 'all';

const THREAD_CONTEXT = 5;
const total = (rows: { n: number }[]) => Number(rows[0]?.n ?? 0);
const pageOf = (page: number) => ({ limit: ADMIN_PAGE_SIZE, offset: (page - 1) * ADMIN_PAGE_SIZE });

// Text search on the admin screens: a number is an id; otherwise a case-insensitive substring.
const likeOf = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

// A console search box: the text anywhere in the columns (any case), or the id when it is a number.
function textOrId(q: string | undefined, id: PgColumn, columns: PgColumn[]): SQL | undefined {
  if (!q) return undefined;
  const like = likeOf(q);
  const byText = or(...columns.map((c) => ilike(c, like)));
  return /^\d{1,9}$/.test(q) ? or(eq(id, Number(q)), byText) : byText;
}

const reportsWhere = (status: ReportsFilter) =>
  status === 'open'
    ? eq(reports.status, 'open')
    : status === 'closed'
      ? ne(reports.status, 'open')
      : undefined;

// The operator console's reads (ADR 029): every query of admin.service.ts, none of its rules.
export class AdminRepository {
  private db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  usersByIds(ids: number[]): Promise<UserRow[]> {
    return this.db.select().from(users).where(inArray(users.id, ids));
  }

  user(id: number): Promise<UserRow | undefined> {
    return this.db
      .select()
      .from(users)
      .where(eq(users.id, id))
      .then((r) => r[0]);
  }

  listingsByIds(ids: number[]): Promise<ListingRow[]> {
    return ids.length
      ? this.db.select().from(listings).where(inArray(listings.id, ids))
      : Promise.resolve([]);
  }

  messagesByIds(ids: number[]): Promise<MessageRow[]> {
    return ids.length
      ? this.db.select().from(messages).where(inArray(messages.id, ids))
      : Promise.resolve([]);
  }

  listingTitles(ids: number[]): Promise<{ id: number; title: string }[]> {
    return ids.length
      ? this.db
          .select({ id: listings.id, title: listings.title })
          .from(listings)
          .where(inArray(listings.id, ids))
      : Promise.resolve([]);
  }

  // Open reports per subject of one type.
  async openReportCounts(type: 'listing' | 'user' | 'message', ids: number[]): Promise<Map<number, number>> {
    const out = new Map<number, number>();
    if (!ids.length) return out;
    const rows = await this.db
      .select({ id: reports.subjectId, n: count() })
      .from(reports)
      .where(and(eq(reports.subjectType, type), inArray(reports.subjectId, ids), eq(reports.status, 'open')))
      .groupBy(reports.subjectId);
    for (const r of rows) out.set(r.id, Number(r.n));
    return out;
  }

  // Open reports per subject ("listing:12"), for the subjects of these reports.
  async openReportsOnSubjects(rows: ReportRow[]): Promise<Map<string, number>> {
    const out = new Map<string, number>();
    if (!rows.length) return out;
    const counts = await this.db
      .select({ type: reports.subjectType, id: reports.subjectId, n: count() })
      .from(reports)
      .where(
        and(
          eq(reports.status, 'open'),
          or(
            ...rows.map((r) =>
              and(eq(reports.subjectType, r.subjectType), eq(reports.subjectId, r.subjectId)),
            ),
          ),
        ),
      )
      .groupBy(reports.subjectType, reports.subjectId);
    for (const c of counts) out.set(`${c.type}:${c.id}`, Number(c.n));
    return out;
  }

  // Per user: their listings, and the open reports about them.
  async userCounts(
    ids: number[],
  ): Promise<{ listings: Map<number, number>; openReports: Map<number | null, number> }> {
    const [listingCounts, reportCounts] = await Promise.all([
      this.db
        .select({ id: listings.userId, n: count() })
        .from(listings)
        .where(inArray(listings.userId, ids))
        .groupBy(listings.userId),
      this.db
        .select({ id: reports.subjectUserId, n: count() })
        .from(reports)
        .where(and(inArray(reports.subjectUserId, ids), eq(reports.status, 'open')))
        .groupBy(reports.subjectUserId),
    ]);
    return {
      listings: new Map(listingCounts.map((r) => [r.id, Number(r.n)])),
      openReports: new Map(reportCounts.map((r) => [r.id, Number(r.n)])),
    };
  }

  // The messages of the same two people just before and after this one.
  async thread(m: MessageRow): Promise<MessageRow[]> {
    const pair = or(
      and(eq(messages.fromUserId, m.fromUserId), eq(messages.toUserId, m.toUserId)),
      and(eq(messages.fromUserId, m.toUserId), eq(messages.toUserId, m.fromUserId)),
    );
    const [before, after] = await Promise.all([
      this.db
        .select()
        .from(messages)
        .where(and(pair, sql`${messages.id} < ${m.id}`))
        .orderBy(desc(messages.id))
        .limit(THREAD_CONTEXT),
      this.db
        .select()
        .from(messages)
        .where(and(pair, sql`${messages.id} > ${m.id}`))
        .orderBy(asc(messages.id))
        .limit(THREAD_CONTEXT),
    ]);
    return [...before.reverse(), m, ...after];
  }

  async flaggedMessages(since?: Date): Promise<number> {
    return total(
      await this.db
        .select({ n: count() })
        .from(messages)
        .where(and(eq(messages.paymentFlag, true), since ? gt(messages.createdAt, since) : undefined)),
    );
  }

  async openReports(): Promise<number> {
    return total(await this.db.select({ n: count() }).from(reports).where(eq(reports.status, 'open')));
  }

  async flaggedPayments(): Promise<number> {
    return total(
      await this.db.select({ n: count() }).from(payments).where(isNotNull(payments.flaggedReason)),
    );
  }

  async suspendedUsers(): Promise<number> {
    return total(await this.db.select({ n: count() }).from(users).where(isNotNull(users.suspendedAt)));
  }

  async hiddenListings(): Promise<number> {
    return total(await this.db.select({ n: count() }).from(listings).where(isNotNull(listings.hiddenReason)));
  }

  // One page of a console list, newest first unless said otherwise, with the count of all.
  private async paged<T extends typeof reports | typeof users | typeof listings | typeof payments>(
    table: T,
    where: SQL | undefined,
    order: SQL[],
    page: number,
  ): Promise<{ rows: T['$inferSelect'][]; total: number }> {
    const { limit, offset } = pageOf(page);
    const [rows, n] = await Promise.all([
      this.db
        .select()
        .from(table as typeof users)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset),
      this.db
        .select({ n: count() })
        .from(table as typeof users)
        .where(where),
    ]);
    return { rows: rows as T['$inferSelect'][], total: total(n) };
  }

  // Open first, oldest first; then the closed ones, most recent first.
  reportsPage(status: ReportsFilter, page: number) {
    const order = [
      sql`(${reports.status} <> 'open')`,
      sql`case when ${reports.status} = 'open' then ${reports.createdAt} end asc`,
      desc(reports.createdAt),
      asc(reports.id),
    ];
    return this.paged(reports, reportsWhere(status), order, page);
  }

  report(id: number): Promise<ReportRow | undefined> {
    return this.db
      .select()
      .from(reports)
      .where(eq(reports.id, id))
      .then((r) => r[0]);
  }

  usersPage(q: string | undefined, page: number) {
    const where = textOrId(q, users.id, [users.username, users.name, users.email]);
    return this.paged(users, where, [desc(users.createdAt), desc(users.id)], page);
  }

  listingsPage(q: string | undefined, page: number) {
    const where = textOrId(q, listings.id, [listings.title, listings.city, listings.description]);
    return this.paged(listings, where, [desc(listings.createdAt), desc(listings.id)], page);
  }

  paymentsPage(filter: 'all' | 'flagged', page: number) {
    const where = filter === 'flagged' ? isNotNull(payments.flaggedReason) : undefined;
    const order = [sql`(${payments.flaggedReason} is null)`, desc(payments.createdAt), desc(payments.id)];
    return this.paged(payments, where, order, page);
  }

  // What of each payment's rent the provider confirmed sent to the host (its completed payouts).
  async paidOutCents(paymentIds: number[]): Promise<Map<number, number>> {
    if (!paymentIds.length) return new Map();
    const rows = await this.db
      .select({ id: payouts.paymentId, cents: sql<number>`sum(${payouts.amountCents})::int` })
      .from(payouts)
      .where(and(inArray(payouts.paymentId, paymentIds), eq(payouts.state, 'completed')))
      .groupBy(payouts.paymentId);
    return new Map(rows.map((r) => [r.id, Number(r.cents)]));
  }

  // The user page's records (admin.user-records.ts).
  userRecords(id: number) {
    return userRecords(this.db, id);
  }
}
