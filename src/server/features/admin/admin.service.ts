import { and, asc, count, desc, eq, gt, ilike, inArray, isNotNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import {
  ADMIN_PAGE_SIZE,
  type AdminBooking,
  type AdminListing,
  type AdminMessage,
  type AdminPayment,
  type AdminReport,
  type AdminReportBrief,
  type AdminStats,
  type AdminUserDetail,
  type AdminUserRef,
  type AdminUserSummary,
} from '#shared/moderation.ts';
import { canRefund, payoutState } from '#shared/payments.ts';
import { listAudit } from '../../core/audit.ts';
import type { Db } from '../../db/client.ts';
import { auditLog, bookings, listings, messages, payments, reports, users } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';

type UserRow = typeof users.$inferSelect;
type ListingRow = typeof listings.$inferSelect;
type MessageRow = typeof messages.$inferSelect;
type ReportRow = typeof reports.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const THREAD_CONTEXT = 5;
const DETAIL_MAX = 200;

const toRef = (u: UserRow): AdminUserRef => ({
  id: u.id,
  username: u.username,
  name: u.name,
  avatar: u.avatar,
  role: u.role,
  suspended: u.suspendedAt !== null,
  deleted: u.deletedAt !== null,
});

const missingRef = (id: number): AdminUserRef => ({
  id,
  username: `user-${id}`,
  name: 'Unknown user',
  avatar: null,
  role: 'member',
  suspended: false,
  deleted: true,
});

const toAdminMessage = (m: MessageRow): AdminMessage => ({
  id: m.id,
  fromUserId: m.fromUserId,
  toUserId: m.toUserId,
  content: m.removedContent ?? m.content,
  createdAt: m.createdAt.toISOString(),
  removed: m.removedAt !== null,
  paymentWarning: m.paymentFlag,
});

const toBrief = (r: ReportRow): AdminReportBrief => ({
  id: r.id,
  subjectType: r.subjectType,
  subjectId: r.subjectId,
  reason: r.reason,
  text: r.text,
  status: r.status,
  createdAt: r.createdAt.toISOString(),
});

// Text search on the admin screens: a number is an id; otherwise a case-insensitive substring.
const likeOf = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

// A console search box: the text anywhere in the columns (any case), or the id when it is a number.
function textOrId(q: string | undefined, id: PgColumn, columns: PgColumn[]): SQL | undefined {
  if (!q) return undefined;
  const like = likeOf(q);
  const byText = or(...columns.map((c) => ilike(c, like)));
  return /^\d{1,9}$/.test(q) ? or(eq(id, Number(q)), byText) : byText;
}

// The operator console's views (ADR 029); its actions are in admin.actions.ts.
export class AdminService {
  private db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  // ---- Reading --------------------------------------------------------------------------------

  async refs(ids: number[]): Promise<Map<number, AdminUserRef>> {
    const unique = [...new Set(ids)];
    if (!unique.length) return new Map();
    const rows = await this.db.select().from(users).where(inArray(users.id, unique));
    const map = new Map(rows.map((u) => [u.id, toRef(u)]));
    for (const id of unique) if (!map.has(id)) map.set(id, missingRef(id));
    return map;
  }

  private async openReportCounts(type: 'listing' | 'user' | 'message', ids: number[]) {
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

  async adminListings(rows: ListingRow[]): Promise<AdminListing[]> {
    const [hosts, open] = await Promise.all([
      this.refs(rows.map((l) => l.userId)),
      this.openReportCounts(
        'listing',
        rows.map((l) => l.id),
      ),
    ]);
    return rows.map((l) => ({
      id: l.id,
      title: l.title,
      description: l.description,
      type: l.type,
      price: l.price,
      city: l.city,
      state: l.state,
      images: l.images,
      active: l.active,
      hidden: l.hiddenReason,
      hiddenAt: iso(l.hiddenAt),
      createdAt: l.createdAt.toISOString(),
      host: hosts.get(l.userId) ?? missingRef(l.userId),
      openReports: open.get(l.id) ?? 0,
    }));
  }

  private async summaries(rows: UserRow[]): Promise<AdminUserSummary[]> {
    if (!rows.length) return [];
    const ids = rows.map((u) => u.id);
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
    const lc = new Map(listingCounts.map((r) => [r.id, Number(r.n)]));
    const rc = new Map(reportCounts.map((r) => [r.id, Number(r.n)]));
    return rows.map((u) => ({
      ...toRef(u),
      email: u.email,
      createdAt: u.createdAt.toISOString(),
      suspendedAt: iso(u.suspendedAt),
      listings: lc.get(u.id) ?? 0,
      openReports: rc.get(u.id) ?? 0,
    }));
  }

  private async thread(m: MessageRow): Promise<MessageRow[]> {
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

  async toAdminReports(rows: ReportRow[]): Promise<AdminReport[]> {
    const ids = (t: ReportRow['subjectType']) =>
      rows.filter((r) => r.subjectType === t).map((r) => r.subjectId);
    const listingIds = ids('listing');
    const messageIds = ids('message');
    const [listingRows, messageRows] = await Promise.all([
      listingIds.length ? this.db.select().from(listings).where(inArray(listings.id, listingIds)) : [],
      messageIds.length ? this.db.select().from(messages).where(inArray(messages.id, messageIds)) : [],
    ]);
    const adminListings = new Map((await this.adminListings(listingRows)).map((l) => [l.id, l]));
    const messagesById = new Map(messageRows.map((m) => [m.id, m]));
    const people = await this.refs([
      ...rows.map((r) => r.reporterId),
      ...rows.flatMap((r) => (r.resolvedBy ? [r.resolvedBy] : [])),
      ...ids('user'),
      ...messageRows.flatMap((m) => [m.fromUserId, m.toUserId]),
    ]);
    const openBySubject = new Map<string, number>();
    if (rows.length) {
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
      for (const c of counts) openBySubject.set(`${c.type}:${c.id}`, Number(c.n));
    }
    const out: AdminReport[] = [];
    for (const r of rows) {
      const subject: AdminReport['subject'] = { listing: null, user: null, message: null };
      if (r.subjectType === 'listing') {
        subject.listing = adminListings.get(r.subjectId) ?? null;
        subject.user = subject.listing?.host ?? null;
      } else if (r.subjectType === 'user') {
        subject.user = people.get(r.subjectId) ?? null;
      } else {
        const m = messagesById.get(r.subjectId);
        if (m) {
          const thread = await this.thread(m);
          subject.user = people.get(m.fromUserId) ?? null;
          subject.message = {
            message: toAdminMessage(m),
            thread: thread.map(toAdminMessage),
            from: people.get(m.fromUserId) ?? missingRef(m.fromUserId),
            to: people.get(m.toUserId) ?? missingRef(m.toUserId),
          };
        }
      }
      const resolver = r.resolvedBy ? people.get(r.resolvedBy) : undefined;
      out.push({
        id: r.id,
        subjectType: r.subjectType,
        subjectId: r.subjectId,
        reason: r.reason,
        text: r.text,
        status: r.status,
        createdAt: r.createdAt.toISOString(),
        resolvedAt: iso(r.resolvedAt),
        resolvedBy: resolver ? { id: resolver.id, username: resolver.username } : null,
        resolution: r.resolution,
        reporter: people.get(r.reporterId) ?? missingRef(r.reporterId),
        subject,
        openReportsOnSubject: openBySubject.get(`${r.subjectType}:${r.subjectId}`) ?? 0,
      });
    }
    return out;
  }

  async flaggedMessages(since?: Date): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(messages)
      .where(and(eq(messages.paymentFlag, true), since ? gt(messages.createdAt, since) : undefined));
    return Number(row?.n ?? 0);
  }

  async stats(now = new Date()): Promise<AdminStats> {
    const n = async (q: Promise<{ n: number }[]>) => Number((await q)[0]?.n ?? 0);
    const [
      openReports,
      flaggedMessages,
      flaggedMessagesWeek,
      flaggedPayments,
      suspendedUsers,
      hiddenListings,
    ] = await Promise.all([
      n(this.db.select({ n: count() }).from(reports).where(eq(reports.status, 'open'))),
      this.flaggedMessages(),
      this.flaggedMessages(new Date(now.getTime() - 7 * 86_400_000)),
      n(this.db.select({ n: count() }).from(payments).where(isNotNull(payments.flaggedReason))),
      n(this.db.select({ n: count() }).from(users).where(isNotNull(users.suspendedAt))),
      n(this.db.select({ n: count() }).from(listings).where(isNotNull(listings.hiddenReason))),
    ]);
    return {
      openReports,
      flaggedMessages,
      flaggedMessagesWeek,
      flaggedPayments,
      suspendedUsers,
      hiddenListings,
    };
  }

  async reportsQueue(status: 'open' | 'closed' | 'all', page: number) {
    const where =
      status === 'open'
        ? eq(reports.status, 'open')
        : status === 'closed'
          ? ne(reports.status, 'open')
          : undefined;
    const [rows, [total], [open], flaggedMessages] = await Promise.all([
      this.db
        .select()
        .from(reports)
        .where(where)
        // Open first, oldest first; then the closed ones, most recent first.
        .orderBy(
          sql`(${reports.status} <> 'open')`,
          sql`case when ${reports.status} = 'open' then ${reports.createdAt} end asc`,
          desc(reports.createdAt),
          asc(reports.id),
        )
        .limit(ADMIN_PAGE_SIZE)
        .offset((page - 1) * ADMIN_PAGE_SIZE),
      this.db.select({ n: count() }).from(reports).where(where),
      this.db.select({ n: count() }).from(reports).where(eq(reports.status, 'open')),
      this.flaggedMessages(),
    ]);
    return {
      items: await this.toAdminReports(rows),
      total: Number(total?.n ?? 0),
      page,
      pageSize: ADMIN_PAGE_SIZE,
      openCount: Number(open?.n ?? 0),
      flaggedMessages,
    };
  }

  async report(id: number): Promise<AdminReport> {
    const [row] = await this.db.select().from(reports).where(eq(reports.id, id));
    if (!row) throw notFound('Report not found', 'REPORT_NOT_FOUND');
    return (await this.toAdminReports([row]))[0];
  }

  async searchUsers(q: string | undefined, page: number) {
    const where = textOrId(q, users.id, [users.username, users.name, users.email]);
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(users)
        .where(where)
        .orderBy(desc(users.createdAt), desc(users.id))
        .limit(ADMIN_PAGE_SIZE)
        .offset((page - 1) * ADMIN_PAGE_SIZE),
      this.db.select({ n: count() }).from(users).where(where),
    ]);
    return {
      items: await this.summaries(rows),
      total: Number(total?.n ?? 0),
      page,
      pageSize: ADMIN_PAGE_SIZE,
    };
  }

  async searchListings(q: string | undefined, page: number) {
    const where = textOrId(q, listings.id, [listings.title, listings.city, listings.description]);
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(listings)
        .where(where)
        .orderBy(desc(listings.createdAt), desc(listings.id))
        .limit(ADMIN_PAGE_SIZE)
        .offset((page - 1) * ADMIN_PAGE_SIZE),
      this.db.select({ n: count() }).from(listings).where(where),
    ]);
    return {
      items: await this.adminListings(rows),
      total: Number(total?.n ?? 0),
      page,
      pageSize: ADMIN_PAGE_SIZE,
    };
  }

  async toAdminPayments(rows: PaymentRow[], now = new Date()): Promise<AdminPayment[]> {
    const listingIds = [...new Set(rows.map((p) => p.listingId))];
    const [titles, people] = await Promise.all([
      listingIds.length
        ? this.db
            .select({ id: listings.id, title: listings.title })
            .from(listings)
            .where(inArray(listings.id, listingIds))
        : [],
      this.refs(rows.flatMap((p) => [p.renterId, p.hostId])),
    ]);
    const titleOf = new Map(titles.map((t) => [t.id, t.title]));
    return rows.map((p) => ({
      id: p.id,
      provider: p.provider,
      listingId: p.listingId,
      listingTitle: titleOf.get(p.listingId) ?? '',
      bookingId: p.bookingId,
      renter: people.get(p.renterId) ?? missingRef(p.renterId),
      host: people.get(p.hostId) ?? missingRef(p.hostId),
      amount: p.amount,
      platformFee: p.platformFee,
      total: p.amount + p.platformFee,
      currency: p.currency,
      status: p.status,
      payout: payoutState(p),
      flagged: p.flaggedReason !== null,
      flaggedReason: p.flaggedReason,
      refundedAmount: p.refundedAmount ?? 0,
      canRefund: canRefund(p, now),
      createdAt: p.createdAt.toISOString(),
      confirmedAt: iso(p.confirmedAt),
      refundedAt: iso(p.refundedAt),
    }));
  }

  async paymentsList(filter: 'all' | 'flagged', page: number) {
    const where = filter === 'flagged' ? isNotNull(payments.flaggedReason) : undefined;
    const [rows, [total], [flagged]] = await Promise.all([
      this.db
        .select()
        .from(payments)
        .where(where)
        .orderBy(sql`(${payments.flaggedReason} is null)`, desc(payments.createdAt), desc(payments.id))
        .limit(ADMIN_PAGE_SIZE)
        .offset((page - 1) * ADMIN_PAGE_SIZE),
      this.db.select({ n: count() }).from(payments).where(where),
      this.db.select({ n: count() }).from(payments).where(isNotNull(payments.flaggedReason)),
    ]);
    return {
      items: await this.toAdminPayments(rows),
      total: Number(total?.n ?? 0),
      page,
      pageSize: ADMIN_PAGE_SIZE,
      flaggedCount: Number(flagged?.n ?? 0),
    };
  }

  async userDetail(id: number): Promise<AdminUserDetail> {
    const [u] = await this.db.select().from(users).where(eq(users.id, id));
    if (!u) throw notFound('User not found', 'USER_NOT_FOUND');
    const [summary] = await this.summaries([u]);
    const [listingRows, bookingRows, paymentRows, about, by, audit, [warnings], flagged] = await Promise.all([
      this.db
        .select()
        .from(listings)
        .where(eq(listings.userId, id))
        .orderBy(desc(listings.createdAt))
        .limit(DETAIL_MAX),
      this.db
        .select({ b: bookings, title: listings.title })
        .from(bookings)
        .innerJoin(listings, eq(listings.id, bookings.listingId))
        .where(or(eq(bookings.growerId, id), eq(bookings.hostId, id)))
        .orderBy(desc(bookings.createdAt), desc(bookings.id))
        .limit(DETAIL_MAX),
      this.db
        .select()
        .from(payments)
        .where(or(eq(payments.renterId, id), eq(payments.hostId, id)))
        .orderBy(desc(payments.createdAt), desc(payments.id))
        .limit(DETAIL_MAX),
      this.db
        .select()
        .from(reports)
        .where(eq(reports.subjectUserId, id))
        .orderBy(desc(reports.createdAt), desc(reports.id))
        .limit(DETAIL_MAX),
      this.db
        .select()
        .from(reports)
        .where(eq(reports.reporterId, id))
        .orderBy(desc(reports.createdAt), desc(reports.id))
        .limit(DETAIL_MAX),
      listAudit(this.db, { aboutUserId: id }, DETAIL_MAX, 0),
      this.db
        .select({ n: count() })
        .from(auditLog)
        .where(
          and(eq(auditLog.subjectType, 'user'), eq(auditLog.subjectId, id), eq(auditLog.action, 'warn')),
        ),
      this.db
        .select({ n: count() })
        .from(messages)
        .where(and(eq(messages.fromUserId, id), eq(messages.paymentFlag, true))),
    ]);
    const counterparts = await this.refs(
      bookingRows.map(({ b }) => (b.growerId === id ? b.hostId : b.growerId)),
    );
    const adminBookings: AdminBooking[] = bookingRows.map(({ b, title }) => {
      const other = b.growerId === id ? b.hostId : b.growerId;
      return {
        id: b.id,
        listingId: b.listingId,
        listingTitle: title,
        status: b.status,
        role: b.growerId === id ? 'grower' : 'host',
        counterpart: counterparts.get(other) ?? missingRef(other),
        start: b.start,
        end: b.end,
        createdAt: b.createdAt.toISOString(),
      };
    });
    return {
      user: {
        ...summary,
        bio: u.bio,
        emailVerified: u.emailVerifiedAt !== null,
        warnings: Number(warnings?.n ?? 0),
        flaggedMessages: Number(flagged[0]?.n ?? 0),
      },
      listings: await this.adminListings(listingRows),
      bookings: adminBookings,
      payments: await this.toAdminPayments(paymentRows),
      reportsAbout: about.map(toBrief),
      reportsBy: by.map(toBrief),
      audit: audit.items,
    };
  }

  audit(filter: Parameters<typeof listAudit>[1], page: number) {
    return listAudit(this.db, filter, ADMIN_PAGE_SIZE, (page - 1) * ADMIN_PAGE_SIZE).then((r) => ({
      ...r,
      page,
      pageSize: ADMIN_PAGE_SIZE,
    }));
  }
}
