import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ActionRequest } from './action-dialog.tsx';

// What each console action says before it is taken: what it does and who is told. The texts are
// read in the dialog, in the page's language.

type Who = { id: number; name: string; username?: string };
const called = (u: Who, i18n: I18n) => {
  const id = u.id;
  return u.name || (u.username ? `@${u.username}` : i18n._(msg`user #${id}`));
};

export const dismissReport = (reportId: number): ActionRequest => ({
  kind: 'dismiss',
  id: reportId,
  title: (i18n) => i18n._(msg`Dismiss this report?`),
  description: (i18n) => i18n._(msg`Nothing is changed and nobody is told. The report closes as dismissed.`),
  confirmLabel: (i18n) => i18n._(msg`Dismiss report`),
});

export const hideListing = (l: { id: number; title: string }, reportId?: number): ActionRequest => {
  const title = l.title;
  return {
    kind: 'hide_listing',
    id: l.id,
    reportId,
    title: (i18n) => i18n._(msg`Hide “${title}”?`),
    description: (i18n) =>
      i18n._(
        msg`The listing leaves search, the map and its page for everyone. Its host is told it was hidden for breaking our rules. Every open report on it closes.`,
      ),
    confirmLabel: (i18n) => i18n._(msg`Hide listing`),
    destructive: true,
  };
};

export const unhideListing = (l: { id: number; title: string }): ActionRequest => {
  const title = l.title;
  return {
    kind: 'unhide_listing',
    id: l.id,
    title: (i18n) => i18n._(msg`Restore “${title}”?`),
    description: (i18n) => i18n._(msg`The listing shows in search and on its page again.`),
    confirmLabel: (i18n) => i18n._(msg`Restore listing`),
  };
};

export const removeMessage = (messageId: number, reportId?: number): ActionRequest => ({
  kind: 'remove_message',
  id: messageId,
  reportId,
  title: (i18n) => i18n._(msg`Remove this message?`),
  description: (i18n) =>
    i18n._(
      msg`Both people in the conversation see “This message was removed by Yardshare” in its place. You can still read the original here. Every open report on it closes.`,
    ),
  confirmLabel: (i18n) => i18n._(msg`Remove message`),
  destructive: true,
});

export const warnUser = (u: Who, reportId?: number): ActionRequest => ({
  kind: 'warn',
  id: u.id,
  reportId,
  title: (i18n) => {
    const name = called(u, i18n);
    return i18n._(msg`Warn ${name}?`);
  },
  description: (i18n) => {
    const name = called(u, i18n);
    return i18n._(
      msg`${name} gets a notice in the app and by e-mail, with your message (or the reason) and a link to the Terms.`,
    );
  },
  confirmLabel: (i18n) => i18n._(msg`Send warning`),
});

export const suspendUser = (u: Who, reportId?: number): ActionRequest => ({
  kind: 'suspend',
  id: u.id,
  reportId,
  title: (i18n) => {
    const name = called(u, i18n);
    return i18n._(msg`Suspend ${name}?`);
  },
  description: (i18n) =>
    i18n._(
      msg`They are signed out everywhere at once, cannot sign in again until reinstated, and their listings are hidden. Every open report about them closes.`,
    ),
  confirmLabel: (i18n) => i18n._(msg`Suspend user`),
  destructive: true,
});

export const reinstateUser = (u: Who, reportId?: number): ActionRequest => ({
  kind: 'reinstate',
  id: u.id,
  reportId,
  title: (i18n) => {
    const name = called(u, i18n);
    return i18n._(msg`Reinstate ${name}?`);
  },
  description: (i18n) =>
    i18n._(msg`They can sign in again, and the listings hidden by the suspension show again.`),
  confirmLabel: (i18n) => i18n._(msg`Reinstate user`),
});

export const refundPayment = (p: { id: number; listingTitle: string; refundMax: number }): ActionRequest => {
  const id = p.id;
  const title = p.listingTitle;
  return {
    kind: 'refund',
    id: p.id,
    title: (i18n) => i18n._(msg`Refund payment #${id}?`),
    description: (i18n) =>
      i18n._(
        msg`The refund for “${title}” goes back to the grower through the payment provider, the same way a host's refund does.`,
      ),
    confirmLabel: (i18n) => i18n._(msg`Refund`),
    destructive: true,
    refundMax: p.refundMax,
  };
};

// Payouts (ADR 032): an operator decides what the automatic path could not.
type PayoutWho = { id: number; hostName: string; amount: string };

export const retryPayout = (p: PayoutWho): ActionRequest => {
  const { id, hostName, amount } = p;
  return {
    kind: 'payout_retry',
    id,
    title: (i18n) => i18n._(msg`Send payout #${id} again?`),
    description: (i18n) =>
      i18n._(msg`The payout of ${amount} to ${hostName} goes back to the queue and is sent on the next run.`),
    confirmLabel: (i18n) => i18n._(msg`Retry payout`),
  };
};

export const cancelPayout = (p: PayoutWho): ActionRequest => {
  const { id, hostName, amount } = p;
  return {
    kind: 'payout_cancel',
    id,
    title: (i18n) => i18n._(msg`Cancel payout #${id}?`),
    description: (i18n) =>
      i18n._(msg`Nothing is sent to ${hostName}. The ${amount} stays owed to them in the books.`),
    confirmLabel: (i18n) => i18n._(msg`Cancel payout`),
    destructive: true,
  };
};

export const payoutPaidByHand = (p: PayoutWho): ActionRequest => {
  const { id, hostName, amount } = p;
  return {
    kind: 'payout_paid',
    id,
    title: (i18n) => i18n._(msg`Record payout #${id} as paid by hand?`),
    description: (i18n) =>
      i18n._(
        msg`Only after you sent ${amount} to ${hostName}'s destination yourself. They are told it was sent, with the reference you give.`,
      ),
    confirmLabel: (i18n) => i18n._(msg`Record as paid`),
  };
};

// A running stay ended at once, for safety (ADR 037).
export const endStay = (b: { id: number; listingTitle: string }): ActionRequest => {
  const title = b.listingTitle;
  return {
    kind: 'end_stay',
    id: b.id,
    title: (i18n) => i18n._(msg`End the stay at “${title}” now?`),
    description: (i18n) =>
      i18n._(
        msg`The stay ends today and is completed. The grower gets back the rent of the months not yet begun and their share of the fee. Both are told.`,
      ),
    confirmLabel: (i18n) => i18n._(msg`End stay`),
    destructive: true,
  };
};
