import type { ActionRequest } from './action-dialog.tsx';

// What each console action says before it is taken: what it does and who is told.

type Who = { id: number; name: string; username?: string };
const called = (u: Who) => u.name || (u.username ? `@${u.username}` : `user #${u.id}`);

export const dismissReport = (reportId: number): ActionRequest => ({
  kind: 'dismiss',
  id: reportId,
  title: 'Dismiss this report?',
  description: 'Nothing is changed and nobody is told. The report closes as dismissed.',
  confirmLabel: 'Dismiss report',
});

export const hideListing = (l: { id: number; title: string }, reportId?: number): ActionRequest => ({
  kind: 'hide_listing',
  id: l.id,
  reportId,
  title: `Hide “${l.title}”?`,
  description:
    'The listing leaves search, the map and its page for everyone. Its host is told it was hidden for breaking our rules. Every open report on it closes.',
  confirmLabel: 'Hide listing',
  destructive: true,
});

export const unhideListing = (l: { id: number; title: string }): ActionRequest => ({
  kind: 'unhide_listing',
  id: l.id,
  title: `Restore “${l.title}”?`,
  description: 'The listing shows in search and on its page again.',
  confirmLabel: 'Restore listing',
});

export const removeMessage = (messageId: number, reportId?: number): ActionRequest => ({
  kind: 'remove_message',
  id: messageId,
  reportId,
  title: 'Remove this message?',
  description:
    'Both people in the conversation see “This message was removed by Yardshare” in its place. You can still read the original here. Every open report on it closes.',
  confirmLabel: 'Remove message',
  destructive: true,
});

export const warnUser = (u: Who, reportId?: number): ActionRequest => ({
  kind: 'warn',
  id: u.id,
  reportId,
  title: `Warn ${called(u)}?`,
  description: `${called(u)} gets a notice in the app and by e-mail, with your message (or the reason) and a link to the Terms.`,
  confirmLabel: 'Send warning',
});

export const suspendUser = (u: Who, reportId?: number): ActionRequest => ({
  kind: 'suspend',
  id: u.id,
  reportId,
  title: `Suspend ${called(u)}?`,
  description:
    'They are signed out everywhere at once, cannot sign in again until reinstated, and their listings are hidden. Every open report about them closes.',
  confirmLabel: 'Suspend user',
  destructive: true,
});

export const reinstateUser = (u: Who, reportId?: number): ActionRequest => ({
  kind: 'reinstate',
  id: u.id,
  reportId,
  title: `Reinstate ${called(u)}?`,
  description: 'They can sign in again, and the listings hidden by the suspension show again.',
  confirmLabel: 'Reinstate user',
});

export const refundPayment = (p: { id: number; listingTitle: string; refundMax: number }): ActionRequest => ({
  kind: 'refund',
  id: p.id,
  title: `Refund payment #${p.id}?`,
  description: `The refund for “${p.listingTitle}” goes back to the grower through the payment provider, the same way a host's refund does.`,
  confirmLabel: 'Refund',
  destructive: true,
  refundMax: p.refundMax,
});
