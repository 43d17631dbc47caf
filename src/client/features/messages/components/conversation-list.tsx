import { Trans, useLingui } from '@lingui/react/macro';
import { Search } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { UserAvatar } from '#client/components/ui/avatar.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { cn } from '#client/lib/utils.ts';
import type { Conversation } from '#shared/messages.ts';
import { matchesFilter, type useConversations } from '../api/messages.ts';
import { shortTime } from './message-dates.ts';

// The other party. Someone not yet written to shows a display name only (no username).
export type Party = { id: number; name: string; username?: string; avatar: string | null };

// The sidebar: the search box and one row per conversation, the selected party's new one first.
export function ConversationList({
  conversations,
  meId,
  selectedId,
  selected,
  existing,
  hidden,
}: {
  conversations: ReturnType<typeof useConversations>;
  meId: number;
  selectedId: number | null;
  selected: Party | null;
  existing: Conversation | undefined;
  hidden: boolean;
}) {
  const { t } = useLingui();
  const [filter, setFilter] = useState('');
  const term = filter.trim();
  const list = conversations.data ?? [];
  const shown = list.filter((c) => matchesFilter(c, filter));
  return (
    <aside
      aria-label={t`Conversations`}
      className={cn(
        'flex min-h-[calc(100dvh-4rem)] min-w-0 flex-col border-border md:min-h-0 md:border-r',
        hidden && 'hidden md:flex',
      )}
    >
      <div className="border-b border-border p-3">
        <h2 className="mb-2 px-1 text-lg font-semibold md:sr-only">
          <Trans>Messages</Trans>
        </h2>
        <div className="relative">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            aria-label={t`Search conversations`}
            placeholder={t`Search by name or username`}
            className="pl-9"
            value={filter}
            onChange={(e) => setFilter(e.target.value)}
          />
        </div>
      </div>
      <div className="flex-1 overflow-y-auto md:min-h-0 md:basis-0">
        {conversations.isLoading ? (
          <div className="flex justify-center p-8">
            <Spinner />
          </div>
        ) : conversations.isError ? (
          <p className="p-4 text-sm text-destructive">
            <Trans>Could not load conversations.</Trans>
          </p>
        ) : (
          <ul className="divide-y divide-border">
            {selected && !existing && matchesFilter({ user: selected }, filter) ? (
              <ConversationItem party={selected} active preview={t`New conversation`} />
            ) : null}
            {shown.map((c) => (
              <ConversationItem
                key={c.userId}
                party={{ id: c.userId, ...c.user }}
                active={c.userId === selectedId}
                conversation={c}
                meId={meId}
              />
            ))}
            {!list.length && !selected ? (
              <li className="p-6 text-center text-sm text-muted-foreground">
                <Trans>No conversations yet. Contact a host from a listing to start one.</Trans>
              </li>
            ) : null}
            {list.length > 0 && !shown.length ? (
              <li className="p-6 text-center text-sm text-muted-foreground">
                <Trans>No conversations match “{term}”.</Trans>
              </li>
            ) : null}
          </ul>
        )}
      </div>
    </aside>
  );
}

function ConversationItem({
  party,
  active,
  conversation,
  meId,
  preview,
}: {
  party: Party;
  active: boolean;
  conversation?: Conversation;
  meId?: number;
  preview?: string;
}) {
  const { i18n } = useLingui();
  const unread = conversation?.unreadCount ?? 0;
  const last = conversation?.lastMessage;
  const lastText = last?.content ?? '';
  return (
    <li>
      <Link
        to={`/messages/${party.id}`}
        aria-current={active ? 'page' : undefined}
        className={cn(
          'flex items-center gap-3 px-4 py-3 transition-colors hover:bg-accent',
          active && 'bg-accent',
        )}
      >
        <UserAvatar user={{ ...party, username: party.username ?? '' }} className="h-10 w-10" />
        <span className="min-w-0 flex-1">
          <span className="flex items-baseline justify-between gap-2">
            <span className={cn('truncate text-sm', unread ? 'font-bold' : 'font-semibold')}>
              {party.name}
            </span>
            {last ? (
              <span className="shrink-0 text-xs text-muted-foreground">
                {shortTime(last.createdAt, i18n.locale)}
              </span>
            ) : null}
          </span>
          {party.username ? (
            <span className="block truncate text-xs text-muted-foreground">@{party.username}</span>
          ) : null}
          <span className="flex items-center justify-between gap-2">
            <span className={cn('truncate text-sm', unread ? 'text-foreground' : 'text-muted-foreground')}>
              {last ? last.fromUserId === meId ? <Trans>You: {lastText}</Trans> : last.content : preview}
            </span>
            {unread ? (
              <span
                className="shrink-0 rounded-full bg-primary px-2 py-0.5 text-xs font-semibold text-primary-foreground"
                data-testid="unread-count"
              >
                {unread}
                <span className="sr-only">
                  {' '}
                  <Trans>unread</Trans>
                </span>
              </span>
            ) : null}
          </span>
        </span>
      </Link>
    </li>
  );
}
