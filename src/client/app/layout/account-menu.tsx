import {
  Bell,
  CalendarCheck,
  Heart,
  LogOut,
  Mail,
  PlusCircle,
  ShieldCheck,
  User as UserIcon,
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
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <button type="button" className="relative rounded-full cursor-pointer" aria-label="Account menu">
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
          <UserIcon aria-hidden="true" /> Profile
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => navigate('/notifications')} aria-label={bellLabel(notifications)}>
          <Bell aria-hidden="true" /> Notifications
          <NotificationCount count={notifications} className="ml-auto" />
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => navigate('/messages')}>
          <Mail aria-hidden="true" /> Messages
          <UnreadBadge count={unread} className="ml-auto" />
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => navigate('/bookings')}>
          <CalendarCheck aria-hidden="true" /> Bookings
          <NeedsActionBadge count={needsAction} className="ml-auto" />
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => navigate('/saved')}>
          <Heart aria-hidden="true" /> Saved
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => navigate('/create-listing')}>
          <PlusCircle aria-hidden="true" /> List Your Space
        </DropdownMenuItem>
        {user.role === 'admin' ? (
          <DropdownMenuItem onSelect={() => navigate('/admin')}>
            <ShieldCheck aria-hidden="true" /> Operator console
          </DropdownMenuItem>
        ) : null}
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => onLogout()}>
          <LogOut aria-hidden="true" /> Log out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
