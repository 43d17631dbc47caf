import { ArrowLeft, MessageSquare, Search, Send } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { UserAvatar } from '#client/components/ui/avatar.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Input, Textarea } from '#client/components/ui/input.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { usePageHead } from '#client/lib/head.ts';
import { useUser } from '#client/lib/session.ts';
import { toast } from '#client/lib/toast-store.ts';
import { cn } from '#client/lib/utils.ts';
import { MESSAGE_MAX } from '#shared/constants.ts';
import type { Conversation, Message } from '#shared/messages.ts';
import {
  matchesFilter,
  useConversations,
  useMarkThreadRead,
  usePublicUser,
  useSendMessage,
  useThread,
} from '../api/messages.ts';

// The other party. Someone not yet written to shows a display name only (no username).
type Party = { id: number; name: string; username?: string; avatar: string | null };

const timeFmt = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' });
const dayFmt = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric' });
function shortTime(iso: string) {
  const d = new Date(iso);
  return d.toDateString() === new Date().toDateString() ? timeFmt.format(d) : dayFmt.format(d);
}

// /messages and /messages/:id (spec section 2 'Messages').
export default function MessagesPage() {
  usePageHead({
    title: 'Messages',
    description: 'Your conversations with hosts and growers.',
    noindex: true,
  });
  const { user } = useUser();
  const params = useParams();
  const selectedId = params.id && /^\d{1,9}$/.test(params.id) ? Number(params.id) : null;
  const invalidParam = params.id !== undefined && selectedId === null;
  if (!user) return null;
  return (
    <MessagesScreen
      meId={user.id}
      selectedId={selectedId === user.id ? null : selectedId}
      invalid={invalidParam || selectedId === user.id}
    />
  );
}

function MessagesScreen({
  meId,
  selectedId,
  invalid,
}: {
  meId: number;
  selectedId: number | null;
  invalid: boolean;
}) {
  const conversations = useConversations();
  const [filter, setFilter] = useState('');
  const list = conversations.data ?? [];
  const existing = list.find((c) => c.userId === selectedId);
  // A conversation with no message yet: the other party's public info.
  const other = usePublicUser(
    selectedId !== null && !existing && conversations.isSuccess ? selectedId : null,
  );
  const selected: Party | null = existing
    ? { id: existing.userId, ...existing.user }
    : other.data
      ? {
          id: other.data.id,
          name: other.data.name ?? other.data.displayName,
          username: other.data.username,
          avatar: other.data.avatar,
        }
      : null;
  const shown = list.filter((c) => matchesFilter(c, filter));
  const hasSelection = selectedId !== null;

  return (
    <section className="mx-auto max-w-6xl px-0 py-0 md:px-4 md:py-8">
      <h1 className="sr-only md:not-sr-only md:mb-4 md:text-2xl md:font-bold">Messages</h1>
      <div className="grid overflow-hidden border-border bg-card md:grid-cols-[320px_1fr] md:rounded-xl md:border md:shadow-sm">
        <aside
          aria-label="Conversations"
          className={cn(
            'flex min-h-[calc(100dvh-4rem)] flex-col border-border md:min-h-0 md:border-r',
            hasSelection && 'hidden md:flex',
          )}
        >
          <div className="border-b border-border p-3">
            <h2 className="mb-2 px-1 text-lg font-semibold md:sr-only">Messages</h2>
            <div className="relative">
              <Search
                aria-hidden="true"
                className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-muted-foreground"
              />
              <Input
                aria-label="Search conversations"
                placeholder="Search by name or username"
                className="pl-9"
                value={filter}
                onChange={(e) => setFilter(e.target.value)}
              />
            </div>
          </div>
          <div className="flex-1 overflow-y-auto md:max-h-[640px]">
            {conversations.isLoading ? (
              <div className="flex justify-center p-8">
                <Spinner />
              </div>
            ) : conversations.isError ? (
              <p className="p-4 text-sm text-destructive">Could not load conversations.</p>
            ) : (
              <ul className="divide-y divide-border">
                {selected && !existing && matchesFilter({ user: selected }, filter) ? (
                  <ConversationItem party={selected} active preview="New conversation" />
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
                    No conversations yet. Contact a host from a listing to start one.
                  </li>
                ) : null}
                {list.length > 0 && !shown.length ? (
                  <li className="p-6 text-center text-sm text-muted-foreground">
                    No conversations match “{filter.trim()}”.
                  </li>
                ) : null}
              </ul>
            )}
          </div>
        </aside>
        <div className={cn('flex min-w-0 flex-col', !hasSelection && 'hidden md:flex')}>
          {invalid ? (
            <EmptyPane
              title="Conversation not available"
              text="You can’t message yourself, and this link names no user."
            />
          ) : selectedId === null ? (
            <EmptyPane
              title="No conversation selected"
              text="Choose a conversation from the list, or contact a host from a listing."
            />
          ) : other.isError && !existing ? (
            <EmptyPane title="User not found" text="This person may have left Yardshare." />
          ) : (
            <ThreadPane meId={meId} otherId={selectedId} party={selected} />
          )}
        </div>
      </div>
    </section>
  );
}

function EmptyPane({ title, text }: { title: string; text: string }) {
  return (
    <div className="flex min-h-[500px] flex-1 flex-col items-center justify-center gap-2 p-8 text-center">
      <MessageSquare aria-hidden="true" className="h-10 w-10 text-muted-foreground" />
      <h2 className="text-lg font-semibold">{title}</h2>
      <p className="max-w-sm text-sm text-muted-foreground">{text}</p>
      <Button asChild variant="outline" className="mt-2 md:hidden">
        <Link to="/messages">Back to conversations</Link>
      </Button>
    </div>
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
  const unread = conversation?.unreadCount ?? 0;
  const last = conversation?.lastMessage;
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
              <span className="shrink-0 text-xs text-muted-foreground">{shortTime(last.createdAt)}</span>
            ) : null}
          </span>
          {party.username ? (
            <span className="block truncate text-xs text-muted-foreground">@{party.username}</span>
          ) : null}
          <span className="flex items-center justify-between gap-2">
            <span className={cn('truncate text-sm', unread ? 'text-foreground' : 'text-muted-foreground')}>
              {last ? `${last.fromUserId === meId ? 'You: ' : ''}${last.content}` : preview}
            </span>
            {unread ? (
              <span
                className="shrink-0 rounded-full bg-primary px-2 py-0.5 text-xs font-semibold text-primary-foreground"
                data-testid="unread-count"
              >
                {unread}
                <span className="sr-only"> unread</span>
              </span>
            ) : null}
          </span>
        </span>
      </Link>
    </li>
  );
}

function ThreadPane({ meId, otherId, party }: { meId: number; otherId: number; party: Party | null }) {
  const thread = useThread(otherId);
  useMarkThreadRead(otherId, thread.data);
  const send = useSendMessage();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const scroller = useRef<HTMLDivElement>(null);
  const messages = thread.data ?? [];
  const lastId = messages.at(-1)?.id;

  // Keep the newest message in view.
  useEffect(() => {
    if (lastId !== undefined && scroller.current) scroller.current.scrollTop = scroller.current.scrollHeight;
  }, [lastId]);

  const submit = () => {
    const content = text.trim();
    if (!content || send.isPending) return;
    if (!otherId) {
      toast({
        title: 'Failed to send message',
        description: 'No recipient selected',
        variant: 'destructive',
      });
      return;
    }
    send.mutate({ toUserId: otherId, content }, { onSuccess: () => setText('') });
  };

  const grouped = useMemo(() => groupByDay(messages), [messages]);

  return (
    <div className="flex flex-1 flex-col">
      <div className="flex items-center gap-3 border-b border-border px-3 py-3 md:px-4">
        <Button
          variant="ghost"
          size="icon"
          className="md:hidden"
          aria-label="Back to conversations"
          onClick={() => navigate('/messages')}
        >
          <ArrowLeft />
        </Button>
        {party ? (
          <>
            <UserAvatar user={{ ...party, username: party.username ?? '' }} />
            <div className="min-w-0">
              <h2 className="truncate font-semibold leading-tight">{party.name}</h2>
              {party.username ? (
                <p className="truncate text-xs text-muted-foreground">@{party.username}</p>
              ) : null}
            </div>
          </>
        ) : (
          <Spinner className="h-5 w-5" />
        )}
      </div>
      <div
        ref={scroller}
        role="log"
        aria-label={party ? `Messages with ${party.name}` : 'Messages'}
        aria-live="polite"
        className="h-[calc(100dvh-16rem)] min-h-[500px] flex-1 space-y-2 overflow-y-auto bg-background/60 p-3 md:h-[560px] md:flex-none md:p-4"
      >
        {thread.isLoading ? (
          <div className="flex h-full items-center justify-center">
            <Spinner />
          </div>
        ) : thread.isError ? (
          <p className="text-sm text-destructive">Could not load this conversation.</p>
        ) : !messages.length ? (
          <p className="pt-8 text-center text-sm text-muted-foreground">
            No messages yet. Say hello{party ? ` to ${party.name}` : ''}!
          </p>
        ) : (
          grouped.map(([day, items]) => (
            <div key={day} className="space-y-2">
              <p className="py-2 text-center text-xs text-muted-foreground">{day}</p>
              {items.map((m) => (
                <Bubble key={m.id} message={m} mine={m.fromUserId === meId} />
              ))}
            </div>
          ))
        )}
      </div>
      <form
        className="flex items-end gap-2 border-t border-border p-3"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <label htmlFor="message-input" className="sr-only">
          Message
        </label>
        <Textarea
          id="message-input"
          rows={2}
          maxLength={MESSAGE_MAX}
          placeholder="Type your message... (Enter to send, Shift+Enter for a new line)"
          className="min-h-12 flex-1 resize-none"
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              submit();
            }
          }}
        />
        <Button
          type="submit"
          size="icon"
          aria-label="Send message"
          disabled={!text.trim() || send.isPending}
          className="h-12 w-12"
        >
          <Send />
        </Button>
      </form>
    </div>
  );
}

function Bubble({ message, mine }: { message: Message; mine: boolean }) {
  return (
    <div className={cn('flex', mine ? 'justify-end' : 'justify-start')} data-testid="message">
      <div
        className={cn(
          'max-w-[80%] rounded-2xl px-3 py-2 text-sm shadow-sm',
          mine
            ? 'rounded-br-sm bg-primary text-primary-foreground'
            : 'rounded-bl-sm border border-border bg-card',
        )}
      >
        <p className="whitespace-pre-wrap break-words">{message.content}</p>
        <p
          className={cn(
            'mt-1 text-right text-[11px]',
            mine ? 'text-primary-foreground/80' : 'text-muted-foreground',
          )}
        >
          <time dateTime={message.createdAt}>{timeFmt.format(new Date(message.createdAt))}</time>
        </p>
      </div>
    </div>
  );
}

const fullDayFmt = new Intl.DateTimeFormat(undefined, {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});
function groupByDay(messages: Message[]): [string, Message[]][] {
  const out: [string, Message[]][] = [];
  for (const m of messages) {
    const day = fullDayFmt.format(new Date(m.createdAt));
    const last = out.at(-1);
    if (last && last[0] === day) last[1].push(m);
    else out.push([day, [m]]);
  }
  return out;
}
