import { Trans, useLingui } from '@lingui/react/macro';
import { ArrowLeft, CalendarDays, Flag, ShieldAlert } from 'lucide-react';
import { useEffect, useMemo, useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import { BlockButton, ReportButton } from '#client/components/safety/safety-actions.tsx';
import { UserAvatar } from '#client/components/ui/avatar.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { useIsBlocked, useUnblock } from '#client/lib/safety.ts';
import { cn } from '#client/lib/utils.ts';
import type { Message } from '#shared/messages.ts';
import {
  contextStarts,
  type ListingContext,
  useBookingContext,
  useListingContext,
  useMarkThreadRead,
  useThread,
} from '../api/messages.ts';
import { Composer } from './composer.tsx';
import type { Party } from './conversation-list.tsx';
import { groupByDay, messageTime } from './message-dates.ts';

// The open conversation: its header, the messages by day (marked read as they come) and the composer.
// bookingId (from ?booking=) is the booking the composer's messages are about; listingId (from
// ?listing=, "Contact Host") the listing, shown in the header with the thread's latest one.
export function ThreadPane({
  meId,
  otherId,
  party,
  bookingId = null,
  listingId = null,
}: {
  meId: number;
  otherId: number;
  party: Party | null;
  bookingId?: number | null;
  listingId?: number | null;
}) {
  const { t, i18n } = useLingui();
  const thread = useThread(otherId);
  const context = useBookingContext(bookingId, meId, otherId);
  useMarkThreadRead(otherId, thread.data);
  const navigate = useNavigate();
  const scroller = useRef<HTMLDivElement>(null);
  const messages = thread.data ?? [];
  const lastId = messages.at(-1)?.id;
  const about = useListingContext(listingId, meId, otherId, messages);

  // Keep the newest message in view.
  useEffect(() => {
    if (lastId !== undefined && scroller.current) scroller.current.scrollTop = scroller.current.scrollHeight;
  }, [lastId]);

  const grouped = useMemo(() => groupByDay(messages, i18n.locale), [messages, i18n.locale]);
  const starts = useMemo(() => contextStarts(messages), [messages]);
  const blocked = useIsBlocked(otherId);
  const partyName = party?.name ?? '';

  return (
    <div className="flex flex-1 flex-col">
      <div className="flex items-center gap-3 border-b border-border px-3 py-3 md:px-4">
        <Button
          variant="ghost"
          size="icon"
          className="md:hidden"
          aria-label={t`Back to conversations`}
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
              {about.listing ? <ListingOf listing={about.listing} /> : null}
            </div>
          </>
        ) : (
          <Spinner className="h-5 w-5" />
        )}
        {party ? (
          <div className="ml-auto flex shrink-0 items-center gap-1">
            <BlockButton userId={otherId} name={party.name} variant="ghost" compact />
            <ReportButton
              target={{ subjectType: 'user', subjectId: otherId, title: t`Report ${partyName}` }}
              className="px-2.5"
            >
              <Flag aria-hidden="true" />
              <span className="sr-only sm:not-sr-only">
                <Trans>Report</Trans>
              </span>
            </ReportButton>
          </div>
        ) : null}
      </div>
      <div
        ref={scroller}
        role="log"
        aria-label={party ? t`Messages with ${partyName}` : t`Messages`}
        aria-live="polite"
        className="h-0 min-h-60 flex-1 space-y-2 overflow-y-auto bg-background/60 p-3 md:p-4"
      >
        {thread.isLoading ? (
          <div className="flex h-full items-center justify-center">
            <Spinner />
          </div>
        ) : thread.isError ? (
          <p className="text-sm text-destructive">
            <Trans>Could not load this conversation.</Trans>
          </p>
        ) : !messages.length ? (
          <p className="pt-8 text-center text-sm text-muted-foreground">
            {party ? <SayHello name={party.name} /> : <Trans>No messages yet. Say hello!</Trans>}
          </p>
        ) : (
          grouped.map(([day, items]) => (
            <div key={day} className="space-y-2">
              <p className="py-2 text-center text-xs text-muted-foreground">{day}</p>
              {items.map((m) => (
                <Bubble key={m.id} message={m} mine={m.fromUserId === meId} showContext={starts.has(m.id)} />
              ))}
            </div>
          ))
        )}
      </div>
      {blocked ? (
        <BlockedNotice otherId={otherId} name={party?.name ?? t`this user`} />
      ) : (
        <Composer
          otherId={otherId}
          context={context}
          listingId={about.sendsListing ? (about.listing?.id ?? null) : null}
        />
      )}
    </div>
  );
}

function SayHello({ name }: { name: string }) {
  return <Trans>No messages yet. Say hello to {name}!</Trans>;
}

// The listing the thread is about, linked to its page.
function ListingOf({ listing }: { listing: ListingContext }) {
  const title = listing.title;
  return (
    <p className="truncate text-xs text-muted-foreground" data-testid="thread-listing">
      <Trans>
        About{' '}
        <Link to={`/listings/${listing.id}`} className="font-medium text-primary hover:underline">
          {title}
        </Link>
      </Trans>
    </p>
  );
}

function BookingOf({ title }: { title: string }) {
  return <Trans>About your booking of {title}</Trans>;
}

// In place of the composer while I block the other person.
function BlockedNotice({ otherId, name }: { otherId: number; name: string }) {
  const unblock = useUnblock();
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 border-t border-border p-3 text-sm">
      <p className="text-muted-foreground">
        <Trans>You blocked {name}. Neither of you can send messages.</Trans>
      </p>
      <Button
        type="button"
        variant="outline"
        size="sm"
        disabled={unblock.isPending}
        onClick={() => unblock.mutate({ userId: otherId, name })}
      >
        <Trans>Unblock {name}</Trans>
      </Button>
    </div>
  );
}

// A message; above it, when it starts a new booking context, the booking it is about.
function Bubble({ message, mine, showContext }: { message: Message; mine: boolean; showContext: boolean }) {
  return (
    <>
      {showContext && message.booking ? (
        <p className={cn('flex pt-2', mine ? 'justify-end' : 'justify-start')} data-testid="message-context">
          <Link
            to={`/bookings/${message.booking.id}`}
            className="inline-flex max-w-[80%] items-start gap-1.5 rounded-md px-1 text-xs text-muted-foreground hover:text-foreground hover:underline"
          >
            <CalendarDays aria-hidden="true" className="mt-px h-3.5 w-3.5 shrink-0" />
            <span className="min-w-0 break-words">
              <BookingOf title={message.booking.listingTitle} />
            </span>
          </Link>
        </p>
      ) : null}
      <BubbleBody message={message} mine={mine} />
    </>
  );
}

// A received message the server flagged as a likely request to pay outside Yardshare gets a gentle
// warning under it; received messages can be reported (not removed ones: there is nothing left).
function BubbleBody({ message, mine }: { message: Message; mine: boolean }) {
  const { t, i18n } = useLingui();
  const removed = Boolean(message.removed);
  return (
    <div className={cn('flex flex-col', mine ? 'items-end' : 'items-start')} data-testid="message">
      <div
        className={cn(
          'max-w-[80%] rounded-2xl px-3 py-2 text-sm shadow-sm',
          removed
            ? 'border border-dashed border-border bg-muted text-muted-foreground italic shadow-none'
            : mine
              ? 'rounded-br-sm bg-primary text-primary-foreground'
              : 'rounded-bl-sm border border-border bg-card',
        )}
      >
        <p className="whitespace-pre-wrap break-words">{message.content}</p>
        <div className="mt-1 flex items-center justify-end gap-3 not-italic">
          {!mine && !removed ? (
            <ReportButton
              target={{ subjectType: 'message', subjectId: message.id, title: t`Report this message` }}
              className="mr-auto h-6 gap-1 px-1 -ml-1 text-[11px] font-normal [&_svg]:size-3"
            />
          ) : null}
          <time
            dateTime={message.createdAt}
            className={cn(
              'text-[11px]',
              mine && !removed ? 'text-primary-foreground/80' : 'text-muted-foreground',
            )}
          >
            {messageTime(message.createdAt, i18n.locale)}
          </time>
        </div>
      </div>
      {!mine && message.paymentWarning && !removed ? (
        <p
          className="mt-1 flex max-w-[80%] items-start gap-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-xs leading-relaxed text-amber-950"
          data-testid="payment-warning"
        >
          <ShieldAlert aria-hidden="true" className="mt-px h-4 w-4 shrink-0 text-amber-700" />
          <span>
            <Trans>
              Be careful: this message may ask you to pay outside Yardshare. Payments made outside Yardshare
              are not protected, and we cannot refund them.
            </Trans>
          </span>
        </p>
      ) : null}
    </div>
  );
}
