import type { AdminListing, AdminMessage, AdminPayment, AdminUserRef } from '#shared/moderation.ts';
import { canRefund } from '#shared/payments.ts';
import { paymentFacts } from '../payments/queries.ts';
import type { ListingRow, MessageRow, PaymentRow, UserRow } from './admin.repository.ts';

// The shapes the operator console shows (ADR 029), from the rows admin.repository.ts reads.

export const iso = (d: Date | null) => (d ? d.toISOString() : null);

export const toRef = (u: UserRow): AdminUserRef => ({
  id: u.id,
  username: u.username,
  name: u.name,
  avatar: u.avatar,
  role: u.role,
  suspended: u.suspendedAt !== null,
  deleted: u.deletedAt !== null,
});

export const missingRef = (id: number): AdminUserRef => ({
  id,
  username: `user-${id}`,
  name: 'Unknown user',
  avatar: null,
  role: 'member',
  suspended: false,
  deleted: true,
});

export const toAdminMessage = (m: MessageRow): AdminMessage => ({
  id: m.id,
  fromUserId: m.fromUserId,
  toUserId: m.toUserId,
  content: m.removedContent ?? m.content,
  createdAt: m.createdAt.toISOString(),
  removed: m.removedAt !== null,
  paymentWarning: m.paymentFlag,
});

export const toAdminListing = (l: ListingRow, host: AdminUserRef, openReports: number): AdminListing => ({
  id: l.id,
  title: l.title,
  description: l.description,
  type: l.type,
  price: l.price,
  city: l.city,
  state: l.state,
  images: l.images,
  active: l.active,
  hidden: l.hiddenReason,
  hiddenAt: iso(l.hiddenAt),
  createdAt: l.createdAt.toISOString(),
  host,
  openReports,
});

export const toAdminPayment = (
  p: PaymentRow,
  listingTitle: string,
  renter: AdminUserRef,
  host: AdminUserRef,
  now: Date,
  paidOutCents = 0,
): AdminPayment => ({
  ...paymentFacts(p, paidOutCents),
  provider: p.provider,
  listingTitle,
  renter,
  host,
  flaggedReason: p.flaggedReason,
  canRefund: canRefund(p, now),
});
