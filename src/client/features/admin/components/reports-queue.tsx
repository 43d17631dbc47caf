import { ExternalLink, Flag, ShieldAlert } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { Badge } from '#client/components/ui/badge.tsx';
import { Card } from '#client/components/ui/card.tsx';
import { formatDateTime } from '#client/lib/format.ts';
import { cn } from '#client/lib/utils.ts';
import {
  type AdminListing,
  type AdminMessage,
  type AdminReport,
  type AdminUserRef,
  REPORT_REASON_LABELS,
  REPORT_SUBJECT_LABELS,
} from '#shared/moderation.ts';
import { type ReportStatusFilter, useReportsQueue } from '../api/admin.ts';
import { ActionButton } from './action-dialog.tsx';
import {
  dismissReport,
  hideListing,
  reinstateUser,
  removeMessage,
  suspendUser,
  warnUser,
} from './actions.ts';
import { Loaded, Pager, pageParam, ScreenHeader, Segmented, UserRef } from './parts.tsx';

const STATUS_FILTERS: { value: ReportStatusFilter; label: string }[] = [
  { value: 'open', label: 'Open' },
  { value: 'closed', label: 'Closed' },
  { value: 'all', label: 'All' },
];

export const REPORT_STATUS = {
  open: { label: 'Open', className: 'bg-amber-100 text-amber-900' },
  dismissed: { label: 'Dismissed', className: 'bg-secondary text-secondary-foreground' },
  actioned: { label: 'Acted on', className: 'bg-accent text-accent-foreground' },
} as const;

// /admin: the reports, open ones first and the oldest of those first (the server's order), each
// with what was reported in context and the actions that fit it.
export function ReportsQueue() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('status');
  const status: ReportStatusFilter = raw === 'closed' || raw === 'all' ? raw : 'open';
  const page = pageParam(params);
  const queue = useReportsQueue(status, page);
  const data = queue.data;
  return (
    <section aria-labelledby="admin-reports-heading">
      <ScreenHeader title="Reports" id="admin-reports-heading">
        <Segmented
          label="Which reports"
          value={status}
          options={STATUS_FILTERS}
          onChange={(v) => setParams(v === 'open' ? {} : { status: v })}
        />
      </ScreenHeader>
      {data ? (
        <p className="mb-4 text-sm text-muted-foreground">
          {data.openCount} open {data.openCount === 1 ? 'report' : 'reports'} · {data.flaggedMessages}{' '}
          {data.flaggedMessages === 1 ? 'message' : 'messages'} flagged as possible off-platform payment
          requests
        </p>
      ) : null}
      <Loaded
        query={queue}
        isEmpty={!data?.items.length}
        empty={status === 'open' ? 'No open reports. All quiet.' : 'No reports here.'}
      >
        <ol className="space-y-4">
          {data?.items.map((r) => (
            <li key={r.id}>
              <ReportCard report={r} />
            </li>
          ))}
        </ol>
        {data ? (
          <Pager
            page={data.page}
            pageSize={data.pageSize}
            total={data.total}
            onPage={(p) => setParams({ ...(status === 'open' ? {} : { status }), page: String(p) })}
          />
        ) : null}
      </Loaded>
    </section>
  );
}

function ReportCard({ report: r }: { report: AdminReport }) {
  const open = r.status === 'open';
  const owner = r.subject.user;
  return (
    <Card
      className={cn('overflow-hidden', open && 'border-l-4 border-l-amber-400')}
      data-testid="admin-report"
      aria-label={`Report #${r.id}: ${REPORT_REASON_LABELS[r.reason]}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2 border-b border-border bg-muted/40 px-4 py-3">
        <div className="min-w-0 space-y-1">
          <p className="flex flex-wrap items-center gap-2">
            <Flag aria-hidden="true" className="h-4 w-4 text-earth" />
            <span className="font-semibold">{REPORT_REASON_LABELS[r.reason]}</span>
            <Badge className="bg-secondary text-secondary-foreground">
              {REPORT_SUBJECT_LABELS[r.subjectType]} #{r.subjectId}
            </Badge>
            <Badge className={REPORT_STATUS[r.status].className}>{REPORT_STATUS[r.status].label}</Badge>
            {r.openReportsOnSubject > 1 ? (
              <Badge className="bg-amber-100 text-amber-900">
                {r.openReportsOnSubject} open reports on this
              </Badge>
            ) : null}
          </p>
          <p className="text-xs text-muted-foreground">
            Report #{r.id} · <time dateTime={r.createdAt}>{formatDateTime(r.createdAt)}</time> · from{' '}
            <Link
              to={`/admin/users/${r.reporter.id}`}
              className="text-primary underline decoration-current/30 underline-offset-2 hover:decoration-current"
            >
              {r.reporter.name || `User #${r.reporter.id}`}
            </Link>
          </p>
        </div>
      </div>
      <div className="space-y-4 p-4">
        {r.text ? (
          <blockquote className="border-l-2 border-border pl-3 text-sm whitespace-pre-line">
            “{r.text}”
          </blockquote>
        ) : (
          <p className="text-sm text-muted-foreground">No details given.</p>
        )}
        <Subject report={r} />
        {open ? (
          <div className="flex flex-wrap gap-2 border-t border-border pt-4">
            {r.subjectType === 'listing' && r.subject.listing && !r.subject.listing.hidden ? (
              <ActionButton variant="danger" request={hideListing(r.subject.listing, r.id)}>
                Hide listing
              </ActionButton>
            ) : null}
            {r.subjectType === 'message' && r.subject.message && !r.subject.message.message.removed ? (
              <ActionButton variant="danger" request={removeMessage(r.subject.message.message.id, r.id)}>
                Remove message
              </ActionButton>
            ) : null}
            {owner && !owner.deleted ? (
              <>
                <ActionButton request={warnUser(owner, r.id)}>Warn {owner.name}</ActionButton>
                {owner.suspended ? (
                  <ActionButton request={reinstateUser(owner, r.id)}>Reinstate {owner.name}</ActionButton>
                ) : owner.role !== 'admin' ? (
                  <ActionButton variant="danger" request={suspendUser(owner, r.id)}>
                    Suspend {owner.name}
                  </ActionButton>
                ) : null}
              </>
            ) : null}
            <ActionButton variant="ghost" className="sm:ml-auto" request={dismissReport(r.id)}>
              Dismiss
            </ActionButton>
          </div>
        ) : (
          <p className="border-t border-border pt-3 text-sm text-muted-foreground">
            {r.status === 'dismissed' ? 'Dismissed' : 'Acted on'}
            {r.resolvedBy ? ` by @${r.resolvedBy.username}` : ''}
            {r.resolvedAt ? ` on ${formatDateTime(r.resolvedAt)}` : ''}
            {r.resolution ? `: “${r.resolution}”` : ''}
          </p>
        )}
      </div>
    </Card>
  );
}

// What was reported, as it stands now.
function Subject({ report: r }: { report: AdminReport }) {
  if (r.subjectType === 'listing' && r.subject.listing) return <ListingContext listing={r.subject.listing} />;
  if (r.subjectType === 'message' && r.subject.message)
    return <MessageContext {...r.subject.message} reportedId={r.subjectId} />;
  if (r.subjectType === 'user' && r.subject.user) return <UserContext user={r.subject.user} />;
  return (
    <p className="rounded-lg bg-muted p-3 text-sm text-muted-foreground">
      The reported {REPORT_SUBJECT_LABELS[r.subjectType].toLowerCase()} no longer exists.
    </p>
  );
}

export function ListingHiddenBadge({ listing }: { listing: Pick<AdminListing, 'hidden' | 'active'> }) {
  if (listing.hidden === 'admin')
    return <Badge className="bg-red-100 text-red-900">Hidden by Yardshare</Badge>;
  if (listing.hidden === 'suspension')
    return <Badge className="bg-red-100 text-red-900">Hidden: host suspended</Badge>;
  if (!listing.active)
    return <Badge className="bg-secondary text-secondary-foreground">Unpublished by host</Badge>;
  return <Badge>Public</Badge>;
}

function ListingContext({ listing }: { listing: AdminListing }) {
  return (
    <div className="flex gap-3 rounded-lg border border-border p-3">
      {listing.images[0] ? (
        <img
          src={listing.images[0]}
          alt=""
          className="h-20 w-28 shrink-0 rounded-md object-cover"
          loading="lazy"
        />
      ) : (
        <div aria-hidden="true" className="h-20 w-28 shrink-0 rounded-md bg-accent" />
      )}
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
              Open <ExternalLink aria-hidden="true" className="h-3 w-3" />
              <span className="sr-only">(new tab)</span>
            </Link>
          )}
        </p>
        <p className="text-muted-foreground">
          {listing.city}, {listing.state} · hosted by <UserRef user={listing.host} />
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
  const nameOf = (id: number) => (id === from.id ? from.name : id === to.id ? to.name : `User #${id}`);
  return (
    <div className="space-y-2 rounded-lg border border-border p-3 text-sm">
      <p className="text-xs text-muted-foreground">
        Conversation between <UserRef user={from} /> and <UserRef user={to} />
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
                <time dateTime={m.createdAt}>{formatDateTime(m.createdAt)}</time>
                {reported ? <Badge className="bg-amber-200 text-amber-950">Reported</Badge> : null}
                {m.paymentWarning ? (
                  <Badge className="bg-amber-100 text-amber-900">
                    <ShieldAlert aria-hidden="true" className="mr-1 h-3 w-3" />
                    Off-platform payment signal
                  </Badge>
                ) : null}
                {m.removed ? <Badge className="bg-red-100 text-red-900">Removed</Badge> : null}
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
