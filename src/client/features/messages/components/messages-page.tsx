import { Trans, useLingui } from '@lingui/react/macro';
import { MessageSquare } from 'lucide-react';
import { useLayoutEffect, useRef } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { Button } from '#client/components/ui/button.tsx';
import { usePageHead } from '#client/lib/head.ts';
import { useUser } from '#client/lib/session.ts';
import { cn } from '#client/lib/utils.ts';
import { useConversations, usePublicUser } from '../api/messages.ts';
import { ConversationList, type Party } from './conversation-list.tsx';
import { ThreadPane } from './thread-pane.tsx';

// /messages and /messages/:id: the conversations beside the open thread.
export default function MessagesPage() {
  const { t } = useLingui();
  usePageHead({
    title: t`Messages`,
    description: t`Your conversations with hosts and growers.`,
    noindex: true,
  });
  const { user } = useUser();
  const params = useParams();
  const [search] = useSearchParams();
  const selectedId = params.id && /^\d{1,9}$/.test(params.id) ? Number(params.id) : null;
  // ?booking= (from a booking's page): this thread's messages are sent about that booking.
  const booking = search.get('booking');
  const bookingId = booking && /^\d{1,9}$/.test(booking) ? Number(booking) : null;
  // ?listing= (from a listing's "Contact Host"): the listing this thread is about (ADR 052).
  const listing = search.get('listing');
  const listingId = listing && /^\d{1,9}$/.test(listing) ? Number(listing) : null;
  const invalidParam = params.id !== undefined && selectedId === null;
  if (!user) return null;
  return (
    <MessagesScreen
      meId={user.id}
      selectedId={selectedId === user.id ? null : selectedId}
      invalid={invalidParam || selectedId === user.id}
      bookingId={selectedId === null ? null : bookingId}
      listingId={selectedId === null ? null : listingId}
    />
  );
}

function MessagesScreen({
  meId,
  selectedId,
  invalid,
  bookingId,
  listingId,
}: {
  meId: number;
  selectedId: number | null;
  invalid: boolean;
  bookingId: number | null;
  listingId: number | null;
}) {
  const { t } = useLingui();
  const conversations = useConversations();
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
  const hasSelection = selectedId !== null;
  const fit = useFitViewport();

  return (
    <section className="mx-auto max-w-6xl px-0 py-0 md:px-4 md:py-8">
      <h1 className="sr-only md:not-sr-only md:mb-4 md:text-2xl md:font-bold">
        <Trans>Messages</Trans>
      </h1>
      {/* One column on phones (the list, or the thread with its back button), two from md up.
          minmax(0, …) tracks: a long name or message never widens the page. */}
      <div
        ref={fit}
        className="grid grid-cols-[minmax(0,1fr)] overflow-hidden border-border bg-card md:grid-cols-[320px_minmax(0,1fr)] md:rounded-xl md:border md:shadow-sm"
      >
        <ConversationList
          conversations={conversations}
          meId={meId}
          selectedId={selectedId}
          selected={selected}
          existing={existing}
          hidden={hasSelection}
        />
        <div className={cn('flex min-w-0 flex-col', !hasSelection && 'hidden md:flex')}>
          {invalid ? (
            <EmptyPane
              title={t`Conversation not available`}
              text={t`You can’t message yourself, and this link names no user.`}
            />
          ) : selectedId === null ? (
            <EmptyPane
              title={t`No conversation selected`}
              text={t`Choose a conversation from the list, or contact a host from a listing.`}
            />
          ) : other.isError && !existing ? (
            <EmptyPane title={t`User not found`} text={t`This person may have left Yardshare.`} />
          ) : (
            <ThreadPane
              meId={meId}
              otherId={selectedId}
              party={selected}
              bookingId={bookingId}
              listingId={listingId}
            />
          )}
        </div>
      </div>
    </section>
  );
}

// The conversations and the thread end at the viewport's bottom, whatever sits above them (a
// banner, the heading), so the message box is in view without scrolling (ADR 052); the message
// area (the thread with its header and box) keeps the spec's 500 px minimum, and on a shorter
// screen the page scrolls instead.
const MESSAGE_AREA_MIN = 500;

function useFitViewport() {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const fitToWindow = () => {
      const top = el.getBoundingClientRect().top + window.scrollY;
      const gap = window.matchMedia('(min-width: 768px)').matches ? 16 : 0;
      const height = Math.floor(window.innerHeight - top - gap);
      el.style.minHeight = `${Math.max(height, MESSAGE_AREA_MIN)}px`;
    };
    fitToWindow();
    window.addEventListener('resize', fitToWindow);
    // A banner above that appears or goes moves the top.
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(fitToWindow);
    observer?.observe(document.body);
    return () => {
      window.removeEventListener('resize', fitToWindow);
      observer?.disconnect();
    };
  }, []);
  return ref;
}

function EmptyPane({ title, text }: { title: string; text: string }) {
  return (
    <div className="flex min-h-[500px] flex-1 flex-col items-center justify-center gap-2 p-8 text-center">
      <MessageSquare aria-hidden="true" className="h-10 w-10 text-muted-foreground" />
      <h2 className="text-lg font-semibold">{title}</h2>
      <p className="max-w-sm text-sm text-muted-foreground">{text}</p>
      <Button asChild variant="outline" className="mt-2 md:hidden">
        <Link to="/messages">
          <Trans>Back to conversations</Trans>
        </Link>
      </Button>
    </div>
  );
}
