import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Flag } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { Badge } from '#client/components/ui/badge.tsx';
import { Card } from '#client/components/ui/card.tsx';
import { formatDateTime } from '#client/lib/format.ts';
import { cn } from '#client/lib/utils.ts';
import type { AdminReport } from '#shared/moderation.ts';
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
import { REPORT_REASON_TEXT, REPORT_SUBJECT_TEXT } from './labels.ts';
import { Loaded, Pager, pageParam, ScreenHeader, Segmented } from './parts.tsx';
import { Subject } from './report-subject.tsx';

const STATUS_FILTERS: { value: ReportStatusFilter; label: MessageDescriptor }[] = [
  // Explicit ids: the filters' words are not the badges' in every language.
  { value: 'open', label: msg({ id: 'admin.reports.filter.open', message: 'Open' }) },
  { value: 'closed', label: msg({ id: 'admin.reports.filter.closed', message: 'Closed' }) },
  { value: 'all', label: msg({ id: 'admin.reports.filter.all', message: 'All' }) },
];

export const REPORT_STATUS = {
  open: { label: msg`Open`, className: 'bg-amber-100 text-amber-900' },
  dismissed: { label: msg`Dismissed`, className: 'bg-secondary text-secondary-foreground' },
  actioned: { label: msg`Acted on`, className: 'bg-accent text-accent-foreground' },
} as const;

// /admin: the reports, open ones first and the oldest of those first (the server's order), each
// with what was reported in context and the actions that fit it.
export function ReportsQueue() {
  const { t, i18n } = useLingui();
  const [params, setParams] = useSearchParams();
  const raw = params.get('status');
  const status: ReportStatusFilter = raw === 'closed' || raw === 'all' ? raw : 'open';
  const page = pageParam(params);
  const queue = useReportsQueue(status, page);
  const data = queue.data;
  const openCount = data?.openCount ?? 0;
  const flagged = data?.flaggedMessages ?? 0;
  return (
    <section aria-labelledby="admin-reports-heading">
      <ScreenHeader title={t`Reports`} id="admin-reports-heading">
        <Segmented
          label={t`Which reports`}
          value={status}
          options={STATUS_FILTERS.map((o) => ({ value: o.value, label: i18n._(o.label) }))}
          onChange={(v) => setParams(v === 'open' ? {} : { status: v })}
        />
      </ScreenHeader>
      {data ? (
        <p className="mb-4 text-sm text-muted-foreground">
          <Plural value={openCount} one="# open report" other="# open reports" /> ·{' '}
          <Plural
            value={flagged}
            one="# message flagged as possible off-platform payment requests"
            other="# messages flagged as possible off-platform payment requests"
          />
        </p>
      ) : null}
      <Loaded
        query={queue}
        isEmpty={!data?.items.length}
        empty={status === 'open' ? t`No open reports. All quiet.` : t`No reports here.`}
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
  const { t, i18n } = useLingui();
  const open = r.status === 'open';
  const owner = r.subject.user;
  const ownerName = owner?.name ?? '';
  const id = r.id;
  const onSubject = r.openReportsOnSubject;
  const reasonLabel = i18n._(REPORT_REASON_TEXT[r.reason]);
  const reporter = r.reporter;
  const reporterId = reporter?.id ?? 0;
  const reporterName = reporter ? reporter.name || t`User #${reporterId}` : '';
  const created = formatDateTime(r.createdAt, i18n.locale);
  const resolver = r.resolvedBy?.username;
  const resolvedAt = r.resolvedAt ? formatDateTime(r.resolvedAt, i18n.locale) : null;
  return (
    <Card
      className={cn('overflow-hidden', open && 'border-l-4 border-l-amber-400')}
      data-testid="admin-report"
      aria-label={t`Report #${id}: ${reasonLabel}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2 border-b border-border bg-muted/40 px-4 py-3">
        <div className="min-w-0 space-y-1">
          <p className="flex flex-wrap items-center gap-2">
            <Flag aria-hidden="true" className="h-4 w-4 text-earth" />
            <span className="font-semibold">{reasonLabel}</span>
            <Badge className="bg-secondary text-secondary-foreground">
              {i18n._(REPORT_SUBJECT_TEXT[r.subjectType])} #{r.subjectId}
            </Badge>
            <Badge className={REPORT_STATUS[r.status].className}>
              {i18n._(REPORT_STATUS[r.status].label)}
            </Badge>
            {r.openReportsOnSubject > 1 ? (
              <Badge className="bg-amber-100 text-amber-900">
                <Plural value={onSubject} one="# open report on this" other="# open reports on this" />
              </Badge>
            ) : null}
          </p>
          <p className="text-xs text-muted-foreground">
            {reporter ? (
              <Trans>
                Report #{id} · <time dateTime={r.createdAt}>{created}</time> · from{' '}
                <Link
                  to={`/admin/users/${reporterId}`}
                  className="text-primary underline decoration-current/30 underline-offset-2 hover:decoration-current"
                >
                  {reporterName}
                </Link>
              </Trans>
            ) : (
              <Trans>
                Report #{id} · <time dateTime={r.createdAt}>{created}</time> · raised by Yardshare
              </Trans>
            )}
          </p>
        </div>
      </div>
      <div className="space-y-4 p-4">
        {r.text ? (
          <blockquote className="border-l-2 border-border pl-3 text-sm whitespace-pre-line">
            “{r.text}”
          </blockquote>
        ) : (
          <p className="text-sm text-muted-foreground">
            <Trans>No details given.</Trans>
          </p>
        )}
        <Subject report={r} />
        {open ? (
          <div className="flex flex-wrap gap-2 border-t border-border pt-4">
            {r.subjectType === 'listing' && r.subject.listing && !r.subject.listing.hidden ? (
              <ActionButton variant="danger" request={hideListing(r.subject.listing, r.id)}>
                <Trans>Hide listing</Trans>
              </ActionButton>
            ) : null}
            {r.subjectType === 'message' && r.subject.message && !r.subject.message.message.removed ? (
              <ActionButton variant="danger" request={removeMessage(r.subject.message.message.id, r.id)}>
                <Trans>Remove message</Trans>
              </ActionButton>
            ) : null}
            {owner && !owner.deleted ? (
              <>
                <ActionButton request={warnUser(owner, r.id)}>
                  <Trans>Warn {ownerName}</Trans>
                </ActionButton>
                {owner.suspended ? (
                  <ActionButton request={reinstateUser(owner, r.id)}>
                    <Trans>Reinstate {ownerName}</Trans>
                  </ActionButton>
                ) : owner.role !== 'admin' ? (
                  <ActionButton variant="danger" request={suspendUser(owner, r.id)}>
                    <Trans>Suspend {ownerName}</Trans>
                  </ActionButton>
                ) : null}
              </>
            ) : null}
            <ActionButton variant="ghost" className="sm:ml-auto" request={dismissReport(r.id)}>
              <Trans>Dismiss</Trans>
            </ActionButton>
          </div>
        ) : (
          <p className="border-t border-border pt-3 text-sm text-muted-foreground">
            {r.status === 'dismissed' ? t`Dismissed` : t`Acted on`}
            {resolver ? ` ${t`by @${resolver}`}` : ''}
            {resolvedAt ? ` ${t`on ${resolvedAt}`}` : ''}
            {r.resolution ? `: “${r.resolution}”` : ''}
          </p>
        )}
      </div>
    </Card>
  );
}
