import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { NotificationKind } from '#shared/notification-kinds.ts';

// The Account Settings labels of #shared/notification-kinds.ts (NOTIFICATION_KIND_INFO), as
// messages: the same English, in the page's language.
export const KIND_LABELS: Record<NotificationKind, MessageDescriptor> = {
  message: msg`New messages (unread after 10 minutes)`,
  booking_requested: msg`Booking requests and instant bookings`,
  booking_accepted: msg`Booking accepted`,
  booking_declined: msg`Booking declined`,
  booking_cancelled: msg`Booking cancelled`,
  booking_expired: msg`Booking expired`,
  booking_paid: msg`Booking paid`,
  rent_due: msg`Monthly rent due`,
  payout_released: msg`Payout scheduled`,
  payout_sent: msg`Payout sent`,
  payout_details_needed: msg`Payout details needed`,
  payment_refunded: msg`Refunds`,
  payment_receipt: msg`Payment receipts`,
  review_received: msg`Reviews you receive`,
  hours_logged: msg`Hours logged`,
  hours_confirmed: msg`Hours confirmed`,
  hours_disputed: msg`Hours disputed`,
  saved_search_match: msg`New listings matching a saved search`,
  waitlist_offer: msg`Plots offered from a waiting list`,
  account_notice: msg`Notices from Yardshare about your account`,
};
