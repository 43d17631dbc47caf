import { and, eq, isNull, or } from 'drizzle-orm';
import { type AdminActionResult, REMOVED_MESSAGE_TEXT } from '#shared/moderation.ts';
import { publishNotice } from '../../core/live.ts';
import type { Notifier } from '../../core/notifier.ts';
import { clip } from '../../core/notifier.ts';
import type { Db, Tx } from '../../db/client.ts';
import { listings, messages, notifications, reports, sessions, users } from '../../db/schema.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import { type Actor, type AuditDetails, writeAudit } from './queries.ts';

// Closes the report an action answers (if still open), and with `subject` every other open
// report on that subject. Returns how many were closed.
export async function closeReports(
  tx: Tx,
  actor: Actor,
  status: 'dismissed' | 'actioned',
  resolution: string,
  reportId: number | null | undefined,
  subject?: { type: 'listing' | 'user' | 'message'; id: number },
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
    .set({ status, resolvedAt: new Date(), resolvedBy: actor?.id ?? null, resolution })
    .where(and(eq(reports.status, 'open'), or(...which)))
    .returning({ id: reports.id });
  return closed.length;
}

// The audit entry of an admin's refund, written in the refund's own transaction (PaymentsService
// .refund, the host's provider path).
export async function auditRefund(
  tx: Tx,
  actor: Actor,
  paymentId: number,
  reason: string,
  cents: number,
  reportId?: number | null,
): Promise<AdminActionResult> {
  await closeReports(tx, actor, 'actioned', reason, reportId);
  const audit = await writeAudit(tx, actor, 'refund', 'payment', paymentId, reason, {
    amount: cents,
    reportId: reportId ?? null,
  });
  return { message: 'Refund recorded and sent to the provider', audit };
}

// The operator console's actions (ADR 029). Each runs in one transaction with its audit entry.
export class AdminActions {
  private db: Db;
  private notifier: Notifier | null;
  private supportEmail: string;

  constructor(db: Db, notifier: Notifier | null = null, supportEmail = 'support@yardshare.localhost') {
    this.db = db;
    this.notifier = notifier;
    this.supportEmail = supportEmail;
  }

  // --------------------------------------------------------------------------------

  private result(message: string, audit: Awaited<ReturnType<typeof writeAudit>>): AdminActionResult {
    return { message, audit };
  }

  async dismiss(actor: Actor, reportId: number, reason: string): Promise<AdminActionResult> {
    return this.db.transaction(async (tx) => {
      const [r] = await tx.select().from(reports).where(eq(reports.id, reportId)).for('update');
      if (!r) throw notFound('Report not found', 'REPORT_NOT_FOUND');
      if (r.status !== 'open') throw conflict('This report is already closed', 'REPORT_CLOSED');
      await closeReports(tx, actor, 'dismissed', reason, reportId);
      const audit = await writeAudit(tx, actor, 'dismiss', 'report', reportId, reason, {
        subjectType: r.subjectType,
        subjectId: r.subjectId,
      });
      return this.result('Report dismissed', audit);
    });
  }

  async hideListing(
    actor: Actor,
    listingId: number,
    reason: string,
    reportId?: number | null,
  ): Promise<AdminActionResult> {
    return this.db.transaction(async (tx) => {
      const [l] = await tx.select().from(listings).where(eq(listings.id, listingId)).for('update');
      if (!l) throw notFound('Listing not found', 'LISTING_NOT_FOUND');
      if (l.hiddenReason) throw conflict('This listing is already hidden', 'ALREADY_HIDDEN');
      if (!l.active) throw conflict('This listing is not public: its host removed it', 'NOT_PUBLIC');
      const now = new Date();
      await tx
        .update(listings)
        .set({ active: false, hiddenReason: 'admin', hiddenAt: now })
        .where(eq(listings.id, listingId));
      const closed = await closeReports(tx, actor, 'actioned', reason, reportId, {
        type: 'listing',
        id: listingId,
      });
      const audit = await writeAudit(tx, actor, 'hide_listing', 'listing', listingId, reason, {
        reportId: reportId ?? null,
        reportsClosed: closed,
        hostId: l.userId,
      });
      await this.notifier?.notify(tx, {
        userId: l.userId,
        kind: 'account_notice',
        listingId: l.id,
        title: ({ t }) => t.listingHidden(clip(l.title, 60)),
        body: ({ t }) => t.listingHiddenBody(this.supportEmail),
        link: '/terms',
      });
      return this.result('Listing hidden', audit);
    });
  }

  async unhideListing(
    actor: Actor,
    listingId: number,
    reason: string,
    reportId?: number | null,
  ): Promise<AdminActionResult> {
    return this.db.transaction(async (tx) => {
      const [l] = await tx.select().from(listings).where(eq(listings.id, listingId)).for('update');
      if (!l) throw notFound('Listing not found', 'LISTING_NOT_FOUND');
      if (l.hiddenReason !== 'admin') throw conflict('This listing was not hidden by an admin', 'NOT_HIDDEN');
      const [host] = await tx
        .select({ suspendedAt: users.suspendedAt })
        .from(users)
        .where(eq(users.id, l.userId));
      if (host?.suspendedAt)
        throw conflict('Its host is suspended: reinstate the host first', 'HOST_SUSPENDED');
      await tx
        .update(listings)
        .set({ active: true, hiddenReason: null, hiddenAt: null })
        .where(eq(listings.id, listingId));
      await closeReports(tx, actor, 'actioned', reason, reportId);
      const audit = await writeAudit(tx, actor, 'unhide_listing', 'listing', listingId, reason, {
        reportId: reportId ?? null,
      });
      return this.result('Listing restored', audit);
    });
  }

  async removeMessage(
    actor: Actor,
    messageId: number,
    reason: string,
    reportId?: number | null,
  ): Promise<AdminActionResult> {
    return this.db.transaction(async (tx) => {
      const [m] = await tx.select().from(messages).where(eq(messages.id, messageId)).for('update');
      if (!m) throw notFound('Message not found', 'MESSAGE_NOT_FOUND');
      if (m.removedAt) throw conflict('This message is already removed', 'ALREADY_REMOVED');
      // The row stays (the thread's order, reports, the audit); the participants see the placeholder.
      await tx
        .update(messages)
        .set({ removedContent: m.content, content: REMOVED_MESSAGE_TEXT, removedAt: new Date() })
        .where(eq(messages.id, messageId));
      // The recipient's unread notification quoted it.
      await tx
        .update(notifications)
        .set({ body: clip(REMOVED_MESSAGE_TEXT, 140) })
        .where(
          and(
            eq(notifications.kind, 'message'),
            eq(notifications.userId, m.toUserId),
            eq(notifications.actorId, m.fromUserId),
            eq(notifications.body, clip(m.content, 140)),
          ),
        );
      const closed = await closeReports(tx, actor, 'actioned', reason, reportId, {
        type: 'message',
        id: messageId,
      });
      const audit = await writeAudit(tx, actor, 'remove_message', 'message', messageId, reason, {
        reportId: reportId ?? null,
        reportsClosed: closed,
        fromUserId: m.fromUserId,
        toUserId: m.toUserId,
      });
      return this.result('Message removed', audit);
    });
  }

  async warn(
    actor: Actor,
    userId: number,
    reason: string,
    message: string | null,
    reportId?: number | null,
  ): Promise<AdminActionResult> {
    return this.db.transaction(async (tx) => {
      const [u] = await tx.select().from(users).where(eq(users.id, userId));
      if (!u || u.deletedAt) throw notFound('User not found', 'USER_NOT_FOUND');
      const text = message ?? reason;
      await this.notifier?.notify(tx, {
        userId,
        kind: 'account_notice',
        title: ({ t }) => t.warning,
        body: clip(text, 140),
        link: '/terms',
        email: ({ t }) => ({
          subject: t.warning,
          paragraphs: [text, t.warningBody(this.supportEmail)],
          action: { label: t.readTerms, url: '/terms' },
        }),
      });
      const closed = await closeReports(tx, actor, 'actioned', reason, reportId);
      const details: AuditDetails = { reportId: reportId ?? null, reportsClosed: closed };
      if (message) details.message = message;
      const audit = await writeAudit(tx, actor, 'warn', 'user', userId, reason, details);
      return this.result('Warning sent', audit);
    });
  }

  // Ends every session at once, hides the user's public listings (marked 'suspension', so that
  // reinstating restores exactly those) and refuses sign-in until reinstated.
  async suspend(
    actor: Actor,
    userId: number,
    reason: string,
    reportId?: number | null,
  ): Promise<AdminActionResult> {
    if (actor && actor.id === userId) throw badRequest('You cannot suspend yourself', 'SELF_SUSPEND');
    return this.db.transaction(async (tx) => {
      const [u] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
      if (!u || u.deletedAt) throw notFound('User not found', 'USER_NOT_FOUND');
      if (u.suspendedAt) throw conflict('This user is already suspended', 'ALREADY_SUSPENDED');
      const now = new Date();
      await tx.update(users).set({ suspendedAt: now }).where(eq(users.id, userId));
      const ended = await tx
        .delete(sessions)
        .where(eq(sessions.userId, userId))
        .returning({ id: sessions.id });
      // Their open live streams close on every instance when this commits.
      await publishNotice(tx, { t: 'ended', u: userId });
      const hidden = await tx
        .update(listings)
        .set({ active: false, hiddenReason: 'suspension', hiddenAt: now })
        .where(and(eq(listings.userId, userId), eq(listings.active, true), isNull(listings.hiddenReason)))
        .returning({ id: listings.id });
      const closed = await closeReports(tx, actor, 'actioned', reason, reportId, {
        type: 'user',
        id: userId,
      });
      const audit = await writeAudit(tx, actor, 'suspend', 'user', userId, reason, {
        reportId: reportId ?? null,
        reportsClosed: closed,
        sessionsEnded: ended.length,
        listingsHidden: hidden.length,
      });
      return this.result('User suspended', audit);
    });
  }

  async reinstate(
    actor: Actor,
    userId: number,
    reason: string,
    reportId?: number | null,
  ): Promise<AdminActionResult> {
    return this.db.transaction(async (tx) => {
      const [u] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
      if (!u || u.deletedAt) throw notFound('User not found', 'USER_NOT_FOUND');
      if (!u.suspendedAt) throw conflict('This user is not suspended', 'NOT_SUSPENDED');
      await tx.update(users).set({ suspendedAt: null }).where(eq(users.id, userId));
      const restored = await tx
        .update(listings)
        .set({ active: true, hiddenReason: null, hiddenAt: null })
        .where(and(eq(listings.userId, userId), eq(listings.hiddenReason, 'suspension')))
        .returning({ id: listings.id });
      await closeReports(tx, actor, 'actioned', reason, reportId);
      const audit = await writeAudit(tx, actor, 'reinstate', 'user', userId, reason, {
        reportId: reportId ?? null,
        listingsRestored: restored.length,
      });
      return this.result('User reinstated', audit);
    });
  }
}
