import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useLogout } from '#client/features/auth/api/auth.ts';
import { useNeedsAction } from '#client/features/bookings/api/bookings.ts';
import { useMessageStream, useUnreadMessages } from '#client/features/messages/api/stream.ts';
import {
  notificationStreamListeners,
  useNotificationUnread,
} from '#client/features/notifications/api/notifications.ts';

export { VerifyEmailBanner } from '#client/features/account/components/verify-email-banner.tsx';

// What only a signed-in visitor needs in the app shell, loaded once someone is signed in
// (docs/decisions/028): the header's counts and log-out, the live stream, the e-mail banner.

export type SignedInState = {
  unread: number;
  needsAction: number;
  notifications: number;
  logout: () => void;
};

// Reports the header's counts to it whenever they change.
export function SignedInCounts({
  userId,
  onChange,
}: {
  userId: number;
  onChange: (s: SignedInState) => void;
}) {
  const unread = useUnreadMessages(userId);
  const needsAction = useNeedsAction(userId);
  const notifications = useNotificationUnread(userId);
  const { mutate } = useLogout();
  useEffect(() => {
    onChange({ unread, needsAction, notifications, logout: () => mutate() });
  }, [unread, needsAction, notifications, mutate, onChange]);
  // Signed out (or another account next): no counts left over.
  useEffect(
    () => () => onChange({ unread: 0, needsAction: 0, notifications: 0, logout: () => {} }),
    [onChange],
  );
  return null;
}

// The live stream, one per tab while signed in: messages, and the notifications the bell counts.
export function MessageStream({ userId }: { userId: number }) {
  const qc = useQueryClient();
  const listeners = useMemo(() => notificationStreamListeners(qc), [qc]);
  useMessageStream(userId, listeners);
  return null;
}
