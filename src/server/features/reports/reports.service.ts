import { and, count, eq, gt } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type CreateReportInput,
  type createReportSchema,
  REPORTS_PER_HOUR,
  type Report,
} from '#shared/moderation.ts';
import type { Db } from '../../db/client.ts';
import { pgError } from '../../db/errors.ts';
import { reports } from '../../db/schema.ts';
import { badRequest, conflict, HttpError, notFound } from '../../errors.ts';
import { listingOwnership } from '../listings/queries.ts';
import { messageParties } from '../messages/queries.ts';
import { activeUserExists } from '../users/queries.ts';
import type { ReportRow } from './queries.ts';

export type { CreateReportInput };

export const toReport = (r: ReportRow): Report => ({
  id: r.id,
  subjectType: r.subjectType,
  subjectId: r.subjectId,
  reason: r.reason,
  text: r.text,
  status: r.status,
  createdAt: r.createdAt.toISOString(),
});

const HOUR = 3_600_000;

// Members' reports (ADR 029): one open report per reporter and subject, decided by the partial
// unique index, so parallel identical requests give one 201 and 409s.
export class ReportsService {
  private db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  // The user the subject belongs to, or a 404; a 400 for one's own.
  private async subjectOwner(reporterId: number, type: Report['subjectType'], id: number): Promise<number> {
    if (type === 'user') {
      if (!(await activeUserExists(this.db, id))) throw notFound('User not found', 'USER_NOT_FOUND');
      if (id === reporterId) throw badRequest('You cannot report yourself', 'SELF_REPORT');
      return id;
    }
    if (type === 'listing') {
      const l = await listingOwnership(this.db, id);
      if (!l || (!l.active && l.userId !== reporterId))
        throw notFound('Listing not found', 'LISTING_NOT_FOUND');
      if (l.userId === reporterId) throw badRequest('You cannot report your own listing', 'SELF_REPORT');
      return l.userId;
    }
    // A message: only one its reporter received can be reported (one they can see at all).
    const m = await messageParties(this.db, id);
    if (!m || (m.toUserId !== reporterId && m.fromUserId !== reporterId))
      throw notFound('Message not found', 'MESSAGE_NOT_FOUND');
    if (m.fromUserId === reporterId) throw badRequest('You cannot report your own message', 'SELF_REPORT');
    return m.fromUserId;
  }

  async create(reporterId: number, input: z.output<typeof createReportSchema>): Promise<Report> {
    const subjectUserId = await this.subjectOwner(reporterId, input.subjectType, input.subjectId);
    const open = await this.db
      .select({ id: reports.id })
      .from(reports)
      .where(
        and(
          eq(reports.reporterId, reporterId),
          eq(reports.subjectType, input.subjectType),
          eq(reports.subjectId, input.subjectId),
          eq(reports.status, 'open'),
        ),
      )
      .limit(1);
    if (open.length) throw alreadyReported();
    // Counted from the reports themselves: a refused duplicate does not use the allowance up.
    const [recent] = await this.db
      .select({ n: count() })
      .from(reports)
      .where(and(eq(reports.reporterId, reporterId), gt(reports.createdAt, new Date(Date.now() - HOUR))));
    if (Number(recent?.n ?? 0) >= REPORTS_PER_HOUR)
      throw new HttpError(
        429,
        'You have sent many reports in a short time. Please try again later.',
        'RATE_LIMITED',
      );
    try {
      const [row] = await this.db
        .insert(reports)
        .values({
          reporterId,
          subjectType: input.subjectType,
          subjectId: input.subjectId,
          subjectUserId,
          reason: input.reason,
          text: input.text ?? null,
        })
        .returning();
      return toReport(row);
    } catch (err) {
      if (pgError(err).code === '23505') throw alreadyReported();
      throw err;
    }
  }
}

const alreadyReported = () =>
  conflict(
    'You already reported this, and your report is still open. Our team will look at it.',
    'ALREADY_REPORTED',
  );
