// What a user can be notified of (ADR 021). Zod-free: the database schema reads it too.
export const NOTIFICATION_KINDS = [
  'message',
  'booking_requested',
  'booking_accepted',
  'booking_declined',
  'booking_cancelled',
  'booking_expired',
  'booking_paid',
  'rent_due',
  'payout_released',
  'payout_sent',
  'payout_details_needed',
  'payment_refunded',
  'payment_receipt',
  'review_received',
  'hours_logged',
  'hours_confirmed',
  'hours_disputed',
  'saved_search_match',
  // A plot offered from a waiting list (ADR 049).
  'waitlist_offer',
  // From Yardshare's team (ADR 029): a warning, a listing hidden.
  'account_notice',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

// The Account Settings labels, and whether the kind is also e-mailed when the user chose nothing.
export const NOTIFICATION_KIND_INFO: Record<NotificationKind, { label: string; email: boolean }> = {
  message: { label: 'New messages (unread after 10 minutes)', email: true },
  booking_requested: { label: 'Booking requests and instant bookings', email: true },
  booking_accepted: { label: 'Booking accepted', email: true },
  booking_declined: { label: 'Booking declined', email: true },
  booking_cancelled: { label: 'Booking cancelled', email: true },
  booking_expired: { label: 'Booking expired', email: true },
  booking_paid: { label: 'Booking paid', email: true },
  rent_due: { label: 'Monthly rent due', email: true },
  payout_released: { label: 'Payout scheduled', email: true },
  payout_sent: { label: 'Payout sent', email: true },
  payout_details_needed: { label: 'Payout details needed', email: true },
  payment_refunded: { label: 'Refunds', email: true },
  payment_receipt: { label: 'Payment receipts', email: true },
  review_received: { label: 'Reviews you receive', email: true },
  hours_logged: { label: 'Hours logged', email: false },
  hours_confirmed: { label: 'Hours confirmed', email: false },
  hours_disputed: { label: 'Hours disputed', email: true },
  saved_search_match: { label: 'New listings matching a saved search', email: true },
  waitlist_offer: { label: 'Plots offered from a waiting list', email: true },
  account_notice: { label: 'Notices from Yardshare about your account', email: true },
};

// Unread message notifications are mailed this long after the message, batched per conversation.
export const MESSAGE_MAIL_DELAY_MS = 10 * 60_000;
export const NOTIFICATIONS_PAGE_SIZE = 20;
