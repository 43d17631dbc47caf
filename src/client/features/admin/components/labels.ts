import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { AdminAction, ReportReason, ReportSubjectType } from '#shared/moderation.ts';
import type { PaymentStatus, PayoutState } from '#shared/payments.ts';

// The console's words for the contract's codes, in the page's language (the codes stay as they
// are; src/shared/moderation.ts keeps the English labels for the server and e-mails).

export const REPORT_REASON_TEXT: Record<ReportReason, MessageDescriptor> = {
  scam: msg`Scam or payment outside Yardshare`,
  unsafe: msg`Unsafe or misleading listing`,
  harassment: msg`Harassment`,
  spam: msg`Spam`,
  other: msg`Something else`,
};

export const REPORT_SUBJECT_TEXT: Record<ReportSubjectType, MessageDescriptor> = {
  listing: msg`Listing`,
  user: msg`User`,
  message: msg`Message`,
};

// "The reported listing no longer exists." per subject type.
export const SUBJECT_GONE_TEXT: Record<ReportSubjectType, MessageDescriptor> = {
  listing: msg`The reported listing no longer exists.`,
  user: msg`The reported user no longer exists.`,
  message: msg`The reported message no longer exists.`,
};

export const ADMIN_ACTION_TEXT: Record<AdminAction, MessageDescriptor> = {
  dismiss: msg`Dismissed report`,
  hide_listing: msg`Hid listing`,
  unhide_listing: msg`Restored listing`,
  remove_message: msg`Removed message`,
  warn: msg`Warned user`,
  suspend: msg`Suspended user`,
  reinstate: msg`Reinstated user`,
  refund: msg`Refunded payment`,
  payout_retry: msg`Retried payout`,
  payout_cancel: msg`Cancelled payout`,
  payout_paid_by_hand: msg`Recorded payout paid by hand`,
  payout_method_added: msg`Payout method added (by the host)`,
  payout_method_changed: msg`Payout method changed (by the host)`,
  end_stay: msg`Ended a stay`,
  waitlist_reorder: msg`Moved someone on a waiting list (by the host)`,
  waitlist_close: msg`Closed a waiting list (by the host)`,
  waitlist_reopen: msg`Reopened a waiting list (by the host)`,
  job_retry: msg`Retried a background job`,
  grant_admin: msg`Made admin (command line)`,
  revoke_admin: msg`Removed admin (command line)`,
};

// The audit log's detail keys the server writes; others show as words ("reportsClosed" -> "reports closed").
export const AUDIT_DETAIL_TEXT: Record<string, MessageDescriptor> = {
  reportId: msg`report id`,
  reportsClosed: msg`reports closed`,
  message: msg`message`,
  amount: msg`amount`,
  listingsHidden: msg`listings hidden`,
  listingsRestored: msg`listings restored`,
  sessionsEnded: msg`sessions ended`,
  hostId: msg`host id`,
  growerId: msg`grower id`,
  endDate: msg`end date`,
  refund: msg`refund`,
  fromUserId: msg`from user id`,
  toUserId: msg`to user id`,
  userId: msg`user id`,
  subjectType: msg`subject type`,
  subjectId: msg`subject id`,
  kind: msg`kind`,
  jobId: msg`job id`,
  from: msg`from`,
};

export const PAYMENT_STATUS_TEXT: Record<PaymentStatus, MessageDescriptor> = {
  pending: msg`Pending`,
  completed: msg`Completed`,
  failed: msg`Failed`,
  refunded: msg`Refunded`,
};

export const PAYOUT_TEXT: Record<PayoutState, MessageDescriptor | null> = {
  none: null,
  held: msg`Payout held`,
  released: msg`Released: payout on its way`,
  paid: msg`Paid to host`,
  refunded: msg`Refunded`,
};

// A booking's status, as the user page shows it (lower case, like the code).
export const BOOKING_STATUS_TEXT: Record<string, MessageDescriptor> = {
  requested: msg`requested`,
  accepted: msg`accepted`,
  declined: msg`declined`,
  withdrawn: msg`withdrawn`,
  expired: msg`expired`,
  paid: msg`paid`,
  active: msg`active`,
  completed: msg`completed`,
  cancelled: msg`cancelled`,
};

export const LISTING_TYPE_TEXT = {
  rental: msg`Rental`,
  exchange: msg`Work exchange`,
  community: msg`Community garden`,
} as const satisfies Record<string, MessageDescriptor>;
