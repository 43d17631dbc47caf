import { ADMIN_PAGE_SIZE } from '#shared/moderation.ts';
import type { Db } from '../../db/client.ts';
import { latestBookingsOf } from '../bookings/queries.ts';
import {
  hiddenListingCount,
  type ListingRow,
  latestListingsOf,
  listingCountsOf,
  listingsByIds,
  listingsPage,
  listingTitle,
  listingTitles,
} from '../listings/queries.ts';
import {
  flaggedMessageCount,
  flaggedMessageCountFrom,
  type MessageRow,
  messagesByIds,
  threadAround,
} from '../messages/queries.ts';
import {
  flaggedPaymentCount,
  latestPaymentsOf,
  type PaymentRow,
  paidOutCents,
  paymentsPage,
} from '../payments/queries.ts';
import {
  latestReportsAbout,
  latestReportsBy,
  openReportCount,
  openReportCounts,
  openReportsAbout,
  openReportsOnSubjects,
  type ReportRow,
  type ReportsFilter,
  reportById,
  reportsPage,
} from '../reports/queries.ts';
import {
  suspendedUserCount,
  type UserRow,
  userById,
  userName,
  usersByIds,
  usersPage,
  userUsername,
} from '../users/queries.ts';
import { type AuditFilter, listAudit, warningCount } from './queries.ts';

export type { ListingRow, MessageRow, PaymentRow, ReportRow, ReportsFilter, UserRow };

const THREAD_CONTEXT = 5;
const DETAIL_MAX = 200;
const pageOf = (page: number) => ({ limit: ADMIN_PAGE_SIZE, offset: (page - 1) * ADMIN_PAGE_SIZE });

// The operator console's reads (ADR 029): every read of admin.service.ts, none of its rules, each
// through the data face of the table's owner (ADR 053).
export class AdminRepository {
  private db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  usersByIds(ids: number[]): Promise<UserRow[]> {
    return usersByIds(this.db, ids);
  }

  user(id: number): Promise<UserRow | undefined> {
    return userById(this.db, id);
  }

  listingsByIds(ids: number[]): Promise<ListingRow[]> {
    return listingsByIds(this.db, ids);
  }

  messagesByIds(ids: number[]): Promise<MessageRow[]> {
    return messagesByIds(this.db, ids);
  }

  listingTitles(ids: number[]): Promise<Map<number, string>> {
    return listingTitles(this.db, ids);
  }

  // Open reports per subject of one type.
  openReportCounts(type: 'listing' | 'user' | 'message', ids: number[]): Promise<Map<number, number>> {
    return openReportCounts(this.db, type, ids);
  }

  // Open reports per subject ("listing:12"), for the subjects of these reports.
  openReportsOnSubjects(rows: ReportRow[]): Promise<Map<string, number>> {
    return openReportsOnSubjects(this.db, rows);
  }

  // Per user: their listings, and the open reports about them.
  async userCounts(
    ids: number[],
  ): Promise<{ listings: Map<number, number>; openReports: Map<number | null, number> }> {
    const [listings, openReports] = await Promise.all([
      listingCountsOf(this.db, ids),
      openReportsAbout(this.db, ids),
    ]);
    return { listings, openReports };
  }

  // The messages of the same two people just before and after this one.
  thread(m: MessageRow): Promise<MessageRow[]> {
    return threadAround(this.db, m, THREAD_CONTEXT);
  }

  flaggedMessages(since?: Date): Promise<number> {
    return flaggedMessageCount(this.db, since);
  }

  openReports(): Promise<number> {
    return openReportCount(this.db);
  }

  flaggedPayments(): Promise<number> {
    return flaggedPaymentCount(this.db);
  }

  suspendedUsers(): Promise<number> {
    return suspendedUserCount(this.db);
  }

  hiddenListings(): Promise<number> {
    return hiddenListingCount(this.db);
  }

  // Open first, oldest first; then the closed ones, most recent first.
  reportsPage(status: ReportsFilter, page: number) {
    return reportsPage(this.db, status, pageOf(page));
  }

  report(id: number): Promise<ReportRow | undefined> {
    return reportById(this.db, id);
  }

  usersPage(q: string | undefined, page: number) {
    return usersPage(this.db, q, pageOf(page));
  }

  listingsPage(q: string | undefined, page: number) {
    return listingsPage(this.db, q, pageOf(page));
  }

  paymentsPage(filter: 'all' | 'flagged', page: number) {
    return paymentsPage(this.db, filter, pageOf(page));
  }

  // What of each payment's rent the provider confirmed sent to the host (its completed payouts).
  paidOutCents(paymentIds: number[]): Promise<Map<number, number>> {
    return paidOutCents(this.db, paymentIds);
  }

  // Everything of one user the console's user page shows, DETAIL_MAX of each at the most.
  async userRecords(id: number) {
    const [listingRows, bookingRows, paymentRows, about, by, warnings, flaggedMessages] = await Promise.all([
      latestListingsOf(this.db, id, DETAIL_MAX),
      latestBookingsOf(this.db, id, DETAIL_MAX, listingTitle),
      latestPaymentsOf(this.db, id, DETAIL_MAX),
      latestReportsAbout(this.db, id, DETAIL_MAX),
      latestReportsBy(this.db, id, DETAIL_MAX),
      warningCount(this.db, id),
      flaggedMessageCountFrom(this.db, id),
    ]);
    return { listingRows, bookingRows, paymentRows, about, by, warnings, flaggedMessages };
  }

  // The audit log, newest first, its actors named as their accounts are now.
  audit(filter: AuditFilter, limit: number, offset: number) {
    return listAudit(this.db, filter, limit, offset, (id) => ({
      username: userUsername(id),
      name: userName(id),
    }));
  }
}
