import { Trans, useLingui } from '@lingui/react/macro';
import { Bell, CheckCheck } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '#client/components/ui/button.tsx';
import { Card } from '#client/components/ui/card.tsx';
import { LoadError, SectionSpinner } from '#client/components/ui/spinner.tsx';
import { usePageHead } from '#client/lib/head.ts';
import { cn } from '#client/lib/utils.ts';
import type { Notification } from '#shared/notifications.ts';
import { useMarkNotificationsRead, useNotifications } from '../api/notifications.ts';
import { KindIcon } from './kind-icon.tsx';
import { relativeTime, safeLink } from './notification-format.ts';

function NotificationItem({ n, onOpen }: { n: Notification; onOpen: (n: Notification) => void }) {
  const { i18n } = useLingui();
  return (
    <li>
      <Link
        to={safeLink(n.link)}
        onClick={() => onOpen(n)}
        className={cn(
          'flex gap-3 px-4 py-4 transition-colors hover:bg-accent/60 focus-visible:outline-2 focus-visible:outline-ring sm:px-6',
          !n.read && 'bg-accent/30',
        )}
        data-testid="notification"
      >
        <KindIcon kind={n.kind} />
        <span className="min-w-0 flex-1">
          <span className="flex items-start gap-2">
            <span className={cn('flex-1 text-sm', n.read ? 'font-medium' : 'font-semibold')}>{n.title}</span>
            {n.read ? null : (
              <span className="mt-1.5 h-2.5 w-2.5 shrink-0 rounded-full bg-primary">
                <span className="sr-only">
                  <Trans>Unread</Trans>
                </span>
              </span>
            )}
          </span>
          {n.body ? (
            <span className="mt-0.5 block text-sm text-muted-foreground line-clamp-2 break-words">
              {n.body}
            </span>
          ) : null}
          <time dateTime={n.createdAt} className="mt-1 block text-xs text-muted-foreground">
            {relativeTime(n.createdAt, i18n)}
          </time>
        </span>
      </Link>
    </li>
  );
}

// /notifications: newest first; opening one marks it read and goes to its subject.
export default function NotificationsPage() {
  const { t } = useLingui();
  usePageHead({
    title: t`Notifications`,
    description: t`Messages, bookings, payments and reviews you should know about.`,
    noindex: true,
    path: '/notifications',
  });
  const list = useNotifications();
  const markRead = useMarkNotificationsRead();
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  const anyUnread = items.some((n) => !n.read);

  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">
          <Trans>Notifications</Trans>
        </h1>
        {items.length ? (
          <Button
            variant="outline"
            size="sm"
            disabled={!anyUnread || markRead.isPending}
            onClick={() => markRead.mutate({ all: true })}
          >
            <CheckCheck aria-hidden="true" /> <Trans>Mark all as read</Trans>
          </Button>
        ) : null}
      </div>
      {list.isPending ? (
        <SectionSpinner />
      ) : list.isError ? (
        <LoadError what="notifications" />
      ) : items.length === 0 ? (
        <Card className="flex flex-col items-center gap-3 px-6 py-12 text-center">
          <span className="inline-flex h-14 w-14 items-center justify-center rounded-full bg-accent text-primary">
            <Bell aria-hidden="true" className="h-7 w-7" />
          </span>
          <h2 className="text-lg font-semibold">
            <Trans>No notifications yet</Trans>
          </h2>
          <p className="max-w-sm text-sm text-muted-foreground">
            <Trans>
              When someone messages you, or a booking, payment or review needs your attention, you will find
              it here.
            </Trans>
          </p>
        </Card>
      ) : (
        <Card className="overflow-hidden">
          <ul className="divide-y divide-border" aria-label={t`Notifications`}>
            {items.map((n) => (
              <NotificationItem
                key={n.id}
                n={n}
                onOpen={(item) => {
                  if (!item.read) markRead.mutate({ ids: [item.id] });
                }}
              />
            ))}
          </ul>
        </Card>
      )}
      {list.hasNextPage ? (
        <div className="mt-6 flex justify-center">
          <Button variant="outline" onClick={() => list.fetchNextPage()} disabled={list.isFetchingNextPage}>
            {list.isFetchingNextPage ? t`Loading...` : t`Load more`}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
