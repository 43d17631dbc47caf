import { Trans, useLingui } from '@lingui/react/macro';
import {
  Bell,
  CalendarCheck,
  Heart,
  LogOut,
  Mail,
  PlusCircle,
  ShieldCheck,
  User as UserIcon,
  Wallet,
} from 'lucide-react';
import { useNavigate } from 'react-router';
import { UserAvatar } from '#client/components/ui/avatar.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '#client/components/ui/dropdown-menu.tsx';
import { NeedsActionBadge } from '#client/features/bookings/components/needs-action-badge.tsx';
import { UnreadBadge } from '#client/features/messages/components/unread-badge.tsx';
import {
  bellLabel,
  NotificationCount,
} from '#client/features/notifications/components/notification-bell.tsx';
import type { User } from '#shared/auth.ts';

// The signed-in avatar menu: Profile, Notifications, Messages, Bookings, Saved, List Your Space, (for
// admins) Operator console, Log out.
export default function AccountMenu({
  user,
  unread,
  needsAction = 0,
  notifications = 0,
  onLogout,
}: {
  user: User;
  unread: number;
  needsAction?: number;
  notifications?: number;
  onLogout: () => void;
}) {
  const navigate = useNavigate();
  const { t, i18n } = useLingui();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <button type="button" className="relative rounded-full cursor-pointer" aria-label={t`Account menu`}>
          <UserAvatar user={user} />
          <UnreadBadge count={unread + needsAction} dot />
        </button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>
          <span className="block font-semibold">{user.name}</span>
          <span className="block text-muted-foreground">@{user.username}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => navigate('/profile')}>
          <UserIcon aria-hidden="true" /> <Trans>Profile</Trans>
        </DropdownMenuItem>
        <DropdownMenuItem
          onSelect={() => navigate('/notifications')}
          aria-label={bellLabel(notifications, i18n)}
        >
          <Bell aria-hidden="true" /> <Trans>Notifications</Trans>
          <NotificationCount count={notifications} className="ml-auto" />
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => navigate('/messages')}>
          <Mail aria-hidden="true" /> <Trans>Messages</Trans>
          <UnreadBadge count={unread} className="ml-auto" />
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => navigate('/bookings')}>
          <CalendarCheck aria-hidden="true" /> <Trans>Bookings</Trans>
          <NeedsActionBadge count={needsAction} className="ml-auto" />
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => navigate('/earnings')}>
          <Wallet aria-hidden="true" /> <Trans>Earnings</Trans>
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => navigate('/saved')}>
          <Heart aria-hidden="true" /> <Trans>Saved</Trans>
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => navigate('/create-listing')}>
          <PlusCircle aria-hidden="true" /> <Trans>List Your Space</Trans>
        </DropdownMenuItem>
        {user.role === 'admin' ? (
          <DropdownMenuItem onSelect={() => navigate('/admin')}>
            <ShieldCheck aria-hidden="true" /> <Trans>Operator console</Trans>
          </DropdownMenuItem>
        ) : null}
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => onLogout()}>
          <LogOut aria-hidden="true" /> <Trans>Log out</Trans>
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
