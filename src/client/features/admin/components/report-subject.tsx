import { Trans, useLingui } from '@lingui/react/macro';
import { ExternalLink, ShieldAlert } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '#client/components/ui/badge.tsx';
import { formatDateTime } from '#client/lib/format.ts';
import { cn } from '#client/lib/utils.ts';
import type { AdminListing, AdminMessage, AdminReport, AdminUserRef } from '#shared/moderation.ts';
import { SUBJECT_GONE_TEXT } from './labels.ts';
import { ListingThumb, UserRef } from './parts.tsx';

// The reported content in context, as the reports queue shows it (reports-queue.tsx).

// What was reported, as it stands now.
export function Subject({ report: r }: { report: AdminReport }) {
  const { i18n } = useLingui();
  if (r.subjectType === 'listing' && r.subject.listing) return <ListingContext listing={r.subject.listing} />;
  if (r.subjectType === 'message' && r.subject.message)
    return <MessageContext {...r.subject.message} reportedId={r.subjectId} />;
  if (r.subjectType === 'user' && r.subject.user) return <UserContext user={r.subject.user} />;
  return (
    <p className="rounded-lg bg-muted p-3 text-sm text-muted-foreground">
      {i18n._(SUBJECT_GONE_TEXT[r.subjectType])}
    </p>
  );
}

export function ListingHiddenBadge({ listing }: { listing: Pick<AdminListing, 'hidden' | 'active'> }) {
  if (listing.hidden === 'admin')
    return (
      <Badge className="bg-red-100 text-red-900">
        <Trans>Hidden by Yardshare</Trans>
      </Badge>
    );
  if (listing.hidden === 'suspension')
    return (
      <Badge className="bg-red-100 text-red-900">
        <Trans>Hidden: host suspended</Trans>
      </Badge>
    );
  if (!listing.active)
    return (
      <Badge className="bg-secondary text-secondary-foreground">
        <Trans>Unpublished by host</Trans>
      </Badge>
    );
  return (
    <Badge>
      <Trans>Public</Trans>
    </Badge>
  );
}

function ListingContext({ listing }: { listing: AdminListing }) {
  return (
    <div className="flex gap-3 rounded-lg border border-border p-3">
      <ListingThumb images={listing.images} className="h-20 w-28" />
      <div className="min-w-0 flex-1 space-y-1 text-sm">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-semibold">{listing.title}</span>
          <ListingHiddenBadge listing={listing} />
          {listing.hidden || !listing.active ? null : (
            <Link
              to={`/listings/${listing.id}`}
              target="_blank"
              className="inline-flex items-center gap-1 text-xs text-primary underline decoration-current/30 underline-offset-2 hover:decoration-current"
            >
              <Trans>
                Open <ExternalLink aria-hidden="true" className="h-3 w-3" />
                <span className="sr-only">(new tab)</span>
              </Trans>
            </Link>
          )}
        </p>
        <p className="text-muted-foreground">
          {listing.city}, {listing.state} ·{' '}
          <Trans>
            hosted by <UserRef user={listing.host} />
          </Trans>
        </p>
        <p className="line-clamp-2 text-muted-foreground">{listing.description}</p>
      </div>
    </div>
  );
}

function UserContext({ user }: { user: AdminUserRef }) {
  return (
    <div className="rounded-lg border border-border p-3 text-sm">
      <UserRef user={user} avatar />
    </div>
  );
}

function MessageContext({
  thread,
  from,
  to,
  reportedId,
}: {
  message: AdminMessage;
  thread: AdminMessage[];
  from: AdminUserRef;
  to: AdminUserRef;
  reportedId: number;
}) {
  const { t, i18n } = useLingui();
  const nameOf = (id: number) => (id === from.id ? from.name : id === to.id ? to.name : t`User #${id}`);
  return (
    <div className="space-y-2 rounded-lg border border-border p-3 text-sm">
      <p className="text-xs text-muted-foreground">
        <Trans>
          Conversation between <UserRef user={from} /> and <UserRef user={to} />
        </Trans>
      </p>
      <ol className="space-y-1.5">
        {thread.map((m) => {
          const reported = m.id === reportedId;
          return (
            <li
              key={m.id}
              className={cn(
                'rounded-md px-3 py-2',
                reported ? 'bg-amber-50 ring-2 ring-amber-300' : 'bg-muted/60',
              )}
              aria-current={reported ? 'true' : undefined}
            >
              <p className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
                <span className="font-medium text-foreground">{nameOf(m.fromUserId)}</span>
                <time dateTime={m.createdAt}>{formatDateTime(m.createdAt, i18n.locale)}</time>
                {reported ? (
                  <Badge className="bg-amber-200 text-amber-950">
                    <Trans>Reported</Trans>
                  </Badge>
                ) : null}
                {m.paymentWarning ? (
                  <Badge className="bg-amber-100 text-amber-900">
                    <ShieldAlert aria-hidden="true" className="mr-1 h-3 w-3" />
                    <Trans>Off-platform payment signal</Trans>
                  </Badge>
                ) : null}
                {m.removed ? (
                  <Badge className="bg-red-100 text-red-900">
                    <Trans>Removed</Trans>
                  </Badge>
                ) : null}
              </p>
              <p
                className={cn('mt-1 whitespace-pre-wrap break-words', m.removed && 'line-through opacity-70')}
              >
                {m.content}
              </p>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
