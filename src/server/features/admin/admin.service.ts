import {
  ADMIN_PAGE_SIZE,
  type AdminBooking,
  type AdminListing,
  type AdminPayment,
  type AdminReport,
  type AdminStats,
  type AdminUserDetail,
  type AdminUserRef,
  type AdminUserSummary,
} from '#shared/moderation.ts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import { toReport } from '../reports/index.ts';
import {
  AdminRepository,
  type ListingRow,
  type PaymentRow,
  type ReportRow,
  type UserRow,
} from './admin.repository.ts';
import { iso, missingRef, toAdminListing, toAdminMessage, toAdminPayment, toRef } from './admin.views.ts';
import { type HandoffRequest, runRequest } from './handoff.ts';
import type { AuditFilter } from './queries.ts';
import type { RoleResult } from './roles.ts';

const DETAIL_MAX = 200;
const paged = <T>(items: T[], total: number, page: number) => ({
  items,
  total,
  page,
  pageSize: ADMIN_PAGE_SIZE,
});

// The operator console's views (ADR 029): the reads are in admin.repository.ts, the shapes in
// admin.views.ts, the actions in admin.actions.ts.
export class AdminService {
  private db: Db;
  private repo: AdminRepository;
  constructor(db: Db) {
    this.db = db;
    this.repo = new AdminRepository(db);
  }

  async refs(ids: number[]): Promise<Map<number, AdminUserRef>> {
    const unique = [...new Set(ids)];
    if (!unique.length) return new Map();
    const rows = await this.repo.usersByIds(unique);
    const map = new Map(rows.map((u) => [u.id, toRef(u)]));
    for (const id of unique) if (!map.has(id)) map.set(id, missingRef(id));
    return map;
  }

  async adminListings(rows: ListingRow[]): Promise<AdminListing[]> {
    const [hosts, open] = await Promise.all([
      this.refs(rows.map((l) => l.userId)),
      this.repo.openReportCounts(
        'listing',
        rows.map((l) => l.id),
      ),
    ]);
    return rows.map((l) =>
      toAdminListing(l, hosts.get(l.userId) ?? missingRef(l.userId), open.get(l.id) ?? 0),
    );
  }

  private async summaries(rows: UserRow[]): Promise<AdminUserSummary[]> {
    if (!rows.length) return [];
    const counts = await this.repo.userCounts(rows.map((u) => u.id));
    return rows.map((u) => ({
      ...toRef(u),
      email: u.email,
      createdAt: u.createdAt.toISOString(),
      suspendedAt: iso(u.suspendedAt),
      listings: counts.listings.get(u.id) ?? 0,
      openReports: counts.openReports.get(u.id) ?? 0,
    }));
  }

  async toAdminReports(rows: ReportRow[]): Promise<AdminReport[]> {
    const ids = (t: ReportRow['subjectType']) =>
      rows.filter((r) => r.subjectType === t).map((r) => r.subjectId);
    const [listingRows, messageRows] = await Promise.all([
      this.repo.listingsByIds(ids('listing')),
      this.repo.messagesByIds(ids('message')),
    ]);
    const adminListings = new Map((await this.adminListings(listingRows)).map((l) => [l.id, l]));
    const messagesById = new Map(messageRows.map((m) => [m.id, m]));
    const people = await this.refs([
      ...rows.flatMap((r) => (r.reporterId ? [r.reporterId] : [])),
      ...rows.flatMap((r) => (r.resolvedBy ? [r.resolvedBy] : [])),
      ...ids('user'),
      ...messageRows.flatMap((m) => [m.fromUserId, m.toUserId]),
    ]);
    const openBySubject = await this.repo.openReportsOnSubjects(rows);
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
          const thread = await this.repo.thread(m);
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
        ...toReport(r),
        resolvedAt: iso(r.resolvedAt),
        resolvedBy: resolver ? { id: resolver.id, username: resolver.username } : null,
        resolution: r.resolution,
        // null: raised by Yardshare (ADR 037).
        reporter: r.reporterId === null ? null : (people.get(r.reporterId) ?? missingRef(r.reporterId)),
        subject,
        openReportsOnSubject: openBySubject.get(`${r.subjectType}:${r.subjectId}`) ?? 0,
      });
    }
    return out;
  }

  flaggedMessages(since?: Date): Promise<number> {
    return this.repo.flaggedMessages(since);
  }

  async stats(now = new Date()): Promise<AdminStats> {
    const [
      openReports,
      flaggedMessages,
      flaggedMessagesWeek,
      flaggedPayments,
      suspendedUsers,
      hiddenListings,
    ] = await Promise.all([
      this.repo.openReports(),
      this.repo.flaggedMessages(),
      this.repo.flaggedMessages(new Date(now.getTime() - 7 * 86_400_000)),
      this.repo.flaggedPayments(),
      this.repo.suspendedUsers(),
      this.repo.hiddenListings(),
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
    const [{ rows, total }, openCount, flaggedMessages] = await Promise.all([
      this.repo.reportsPage(status, page),
      this.repo.openReports(),
      this.repo.flaggedMessages(),
    ]);
    return { ...paged(await this.toAdminReports(rows), total, page), openCount, flaggedMessages };
  }

  async report(id: number): Promise<AdminReport> {
    const row = await this.repo.report(id);
    if (!row) throw notFound('Report not found', 'REPORT_NOT_FOUND');
    return (await this.toAdminReports([row]))[0];
  }

  async searchUsers(q: string | undefined, page: number) {
    const { rows, total } = await this.repo.usersPage(q, page);
    return paged(await this.summaries(rows), total, page);
  }

  async searchListings(q: string | undefined, page: number) {
    const { rows, total } = await this.repo.listingsPage(q, page);
    return paged(await this.adminListings(rows), total, page);
  }

  async toAdminPayments(rows: PaymentRow[], now = new Date()): Promise<AdminPayment[]> {
    const [titles, people, paidOut] = await Promise.all([
      this.repo.listingTitles([...new Set(rows.map((p) => p.listingId))]),
      this.refs(rows.flatMap((p) => [p.renterId, p.hostId])),
      this.repo.paidOutCents(rows.map((p) => p.id)),
    ]);
    return rows.map((p) =>
      toAdminPayment(
        p,
        titles.get(p.listingId) ?? '',
        people.get(p.renterId) ?? missingRef(p.renterId),
        people.get(p.hostId) ?? missingRef(p.hostId),
        now,
        paidOut.get(p.id) ?? 0,
      ),
    );
  }

  async paymentsList(filter: 'all' | 'flagged', page: number) {
    const [{ rows, total }, flaggedCount] = await Promise.all([
      this.repo.paymentsPage(filter, page),
      this.repo.flaggedPayments(),
    ]);
    return { ...paged(await this.toAdminPayments(rows), total, page), flaggedCount };
  }

  async userDetail(id: number): Promise<AdminUserDetail> {
    const u = await this.repo.user(id);
    if (!u) throw notFound('User not found', 'USER_NOT_FOUND');
    const [summary] = await this.summaries([u]);
    const [records, audit] = await Promise.all([
      this.repo.userRecords(id),
      this.repo.audit({ aboutUserId: id }, DETAIL_MAX, 0),
    ]);
    const counterparts = await this.refs(
      records.bookingRows.map(({ b }) => (b.growerId === id ? b.hostId : b.growerId)),
    );
    const adminBookings: AdminBooking[] = records.bookingRows.map(({ b, title }) => {
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
        warnings: records.warnings,
        flaggedMessages: records.flaggedMessages,
      },
      listings: await this.adminListings(records.listingRows),
      bookings: adminBookings,
      payments: await this.toAdminPayments(records.paymentRows),
      reportsAbout: records.about.map(toReport),
      reportsBy: records.by.map(toReport),
      audit: audit.items,
    };
  }

  audit(filter: AuditFilter, page: number) {
    return this.repo.audit(filter, ADMIN_PAGE_SIZE, (page - 1) * ADMIN_PAGE_SIZE).then((r) => ({
      ...r,
      page,
      pageSize: ADMIN_PAGE_SIZE,
    }));
  }

  // A command line's role change handed to the running server (handoff.ts).
  runRequest(req: HandoffRequest): Promise<RoleResult> {
    return runRequest(this.db, req);
  }
}
