import {
  Banknote,
  Bell,
  CalendarCheck,
  CalendarClock,
  CalendarPlus,
  CalendarX,
  CalendarX2,
  CircleAlert,
  CircleCheck,
  Clock,
  CreditCard,
  MessageSquare,
  ReceiptText,
  RotateCcw,
  Search,
  ShieldAlert,
  Sprout,
  Star,
} from 'lucide-react';
import { cn } from '#client/lib/utils.ts';
import type { NotificationKind } from '#shared/notifications.ts';

const ICONS: Record<NotificationKind, typeof Bell> = {
  message: MessageSquare,
  booking_requested: CalendarPlus,
  booking_accepted: CalendarCheck,
  booking_declined: CalendarX,
  booking_cancelled: CalendarX2,
  booking_expired: CalendarClock,
  booking_paid: CreditCard,
  rent_due: CreditCard,
  payout_released: Banknote,
  payout_sent: Banknote,
  payout_details_needed: Banknote,
  payment_refunded: RotateCcw,
  payment_receipt: ReceiptText,
  review_received: Star,
  hours_logged: Clock,
  hours_confirmed: CircleCheck,
  hours_disputed: CircleAlert,
  saved_search_match: Search,
  waitlist_offer: Sprout,
  // A warning from Yardshare's team (ADR 029).
  account_notice: ShieldAlert,
};

// The round icon beside a notification, one per kind.
export function KindIcon({ kind, className }: { kind: NotificationKind; className?: string }) {
  const Icon = ICONS[kind] ?? Bell;
  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-accent text-primary',
        className,
      )}
    >
      <Icon className="h-5 w-5" />
    </span>
  );
}
