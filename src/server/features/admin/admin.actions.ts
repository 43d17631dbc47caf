import { type AdminActionResult, REMOVED_MESSAGE_TEXT } from '#shared/moderation.ts';
import { publishNotice } from '../../core/live.ts';
import { clip, type Notifier } from '../../core/notifier.ts';
import type { Db, Tx } from '../../db/client.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import { endSessionsOf } from '../auth/queries.ts';
import {
  hideListingByAdmin,
  hideListingsOfSuspended,
  lockListingRow,
  restoreHiddenListing,
  restoreListingsOfReinstated,
} from '../listings/queries.ts';
import { lockMessage, removeMessageText } from '../messages/queries.ts';
import { replaceMessageNotification } from '../notifications/queries.ts';
import { closeReports, lockReport } from '../reports/queries.ts';
import { liveUserById, lockUserRow, setUserSuspended, userById } from '../users/queries.ts';
import { type Actor, type AuditDetails, writeAudit } from './queries.ts';

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
  private notifier: Notifier;
  private supportEmail: string;

  constructor(db: Db, notifier: Notifier, supportEmail = 'support@yardshare.localhost') {
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
      const r = await lockReport(tx, reportId);
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
      const l = await lockListingRow(tx, listingId);
      if (!l) throw notFound('Listing not found', 'LISTING_NOT_FOUND');
      if (l.hiddenReason) throw conflict('This listing is already hidden', 'ALREADY_HIDDEN');
      if (!l.active) throw conflict('This listing is not public: its host removed it', 'NOT_PUBLIC');
      const now = new Date();
      await hideListingByAdmin(tx, listingId, now);
      const closed = await closeReports(tx, actor, 'actioned', reason, reportId, {
        type: 'listing',
        id: listingId,
      });
      const audit = await writeAudit(tx, actor, 'hide_listing', 'listing', listingId, reason, {
        reportId: reportId ?? null,
        reportsClosed: closed,
        hostId: l.userId,
      });
      await this.notifier.notify(tx, {
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
      const l = await lockListingRow(tx, listingId);
      if (!l) throw notFound('Listing not found', 'LISTING_NOT_FOUND');
      if (l.hiddenReason !== 'admin') throw conflict('This listing was not hidden by an admin', 'NOT_HIDDEN');
      const host = await userById(tx, l.userId);
      if (host?.suspendedAt)
        throw conflict('Its host is suspended: reinstate the host first', 'HOST_SUSPENDED');
      await restoreHiddenListing(tx, listingId);
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
      const m = await lockMessage(tx, messageId);
      if (!m) throw notFound('Message not found', 'MESSAGE_NOT_FOUND');
      if (m.removedAt) throw conflict('This message is already removed', 'ALREADY_REMOVED');
      // The row stays (the thread's order, reports, the audit); the participants see the placeholder.
      await removeMessageText(tx, m, REMOVED_MESSAGE_TEXT);
      // The recipient's unread notification quoted it.
      await replaceMessageNotification(tx, m, clip(m.content, 140), clip(REMOVED_MESSAGE_TEXT, 140));
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
      const u = await liveUserById(tx, userId);
      if (!u) throw notFound('User not found', 'USER_NOT_FOUND');
      const text = message ?? reason;
      await this.notifier.notify(tx, {
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
      const u = await lockUserRow(tx, userId);
      if (!u || u.deletedAt) throw notFound('User not found', 'USER_NOT_FOUND');
      if (u.suspendedAt) throw conflict('This user is already suspended', 'ALREADY_SUSPENDED');
      const now = new Date();
      await setUserSuspended(tx, userId, now);
      const ended = await endSessionsOf(tx, userId);
      // Their open live streams close on every instance when this commits.
      await publishNotice(tx, { t: 'ended', u: userId });
      const hidden = await hideListingsOfSuspended(tx, userId, now);
      const closed = await closeReports(tx, actor, 'actioned', reason, reportId, {
        type: 'user',
        id: userId,
      });
      const audit = await writeAudit(tx, actor, 'suspend', 'user', userId, reason, {
        reportId: reportId ?? null,
        reportsClosed: closed,
        sessionsEnded: ended,
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
      const u = await lockUserRow(tx, userId);
      if (!u || u.deletedAt) throw notFound('User not found', 'USER_NOT_FOUND');
      if (!u.suspendedAt) throw conflict('This user is not suspended', 'NOT_SUSPENDED');
      await setUserSuspended(tx, userId, null);
      const restored = await restoreListingsOfReinstated(tx, userId);
      await closeReports(tx, actor, 'actioned', reason, reportId);
      const audit = await writeAudit(tx, actor, 'reinstate', 'user', userId, reason, {
        reportId: reportId ?? null,
        listingsRestored: restored.length,
      });
      return this.result('User reinstated', audit);
    });
  }
}
