import { Trans, useLingui } from '@lingui/react/macro';
import { CalendarDays, Send, X } from 'lucide-react';
import { useState } from 'react';
import { Link, useHref } from 'react-router';
import { Button } from '#client/components/ui/button.tsx';
import { Textarea } from '#client/components/ui/input.tsx';
import { useHydrated } from '#client/lib/hydrated.ts';
import { toast } from '#client/lib/toast-store.ts';
import { MESSAGE_MAX } from '#shared/constants.ts';
import type { BookingContext } from '../api/messages.ts';
import { useSendMessage } from '../api/send-message.ts';

// The message box under a thread: Enter sends, Shift+Enter starts a new line. With a context, every
// message it sends is about that booking; with a listingId, about that listing.
export function Composer({
  otherId,
  context = null,
  listingId = null,
}: {
  otherId: number;
  context?: BookingContext | null;
  listingId?: number | null;
}) {
  const { t } = useLingui();
  const send = useSendMessage();
  const [text, setText] = useState('');
  const title = context?.listingTitle;
  const hydrated = useHydrated();
  // Posts to the conversation's own address before the script (ADR 058).
  const action = useHref(`/messages/${otherId}`);

  const submit = () => {
    const content = text.trim();
    if (!content || send.isPending) return;
    if (!otherId) {
      toast({
        title: t`Failed to send message`,
        description: t`No recipient selected`,
        variant: 'destructive',
      });
      return;
    }
    send.mutate(
      {
        toUserId: otherId,
        content,
        ...(context ? { bookingId: context.id } : {}),
        ...(listingId !== null ? { listingId } : {}),
      },
      { onSuccess: () => setText('') },
    );
  };

  return (
    <form
      className="border-t border-border p-3"
      method="post"
      action={action}
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      {context ? <input type="hidden" name="bookingId" value={context.id} /> : null}
      {listingId !== null ? <input type="hidden" name="listingId" value={listingId} /> : null}
      {context ? (
        <div
          className="mb-2 flex items-center gap-1.5 text-xs text-muted-foreground"
          data-testid="composer-context"
        >
          <CalendarDays aria-hidden="true" className="h-3.5 w-3.5 shrink-0" />
          <span className="min-w-0 flex-1 truncate">
            {title ? <Trans>About your booking of {title}</Trans> : <Trans>About your booking</Trans>}
          </span>
          <Link
            to={`/messages/${otherId}`}
            replace
            aria-label={t`Send without the booking`}
            title={t`Send without the booking`}
            className="-my-1 rounded-md p-1 hover:bg-muted hover:text-foreground"
          >
            <X aria-hidden="true" className="h-3.5 w-3.5" />
          </Link>
        </div>
      ) : null}
      <div className="flex items-end gap-2">
        <label htmlFor="message-input" className="sr-only">
          <Trans>Message</Trans>
        </label>
        <Textarea
          id="message-input"
          name="content"
          rows={2}
          maxLength={MESSAGE_MAX}
          placeholder={t`Type your message... (Enter to send, Shift+Enter for a new line)`}
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
          aria-label={t`Send message`}
          disabled={(hydrated && !text.trim()) || send.isPending}
          className="h-12 w-12"
        >
          <Send />
        </Button>
      </div>
    </form>
  );
}
