import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useSearchParams } from 'react-router';
import { Card } from '#client/components/ui/card.tsx';
import { formatDateTime } from '#client/lib/format.ts';
import type { AuditEntry } from '#shared/moderation.ts';
import { useAuditLog } from '../api/admin.ts';
import { ADMIN_ACTION_TEXT, AUDIT_DETAIL_TEXT } from './labels.ts';
import { Loaded, Pager, pageParam, ScreenHeader } from './parts.tsx';

// "reportsClosed" -> "reports closed"
const words = (key: string) => key.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();

function SubjectLink({ e }: { e: AuditEntry }) {
  const { t } = useLingui();
  const id = e.subjectId;
  const labels: Record<AuditEntry['subjectType'], string> = {
    listing: t`listing #${id}`,
    user: t`user #${id}`,
    message: t`message #${id}`,
    report: t`report #${id}`,
    payment: t`payment #${id}`,
    payout: t`payout #${id}`,
    booking: t`booking #${id}`,
    // A job's id is a UUID, in the entry's details.
    job: t`background job`,
  };
  const label = labels[e.subjectType];
  if (e.subjectType === 'user')
    return (
      <Link
        to={`/admin/users/${e.subjectId}`}
        className="text-primary underline decoration-current/30 underline-offset-2 hover:decoration-current"
      >
        {label}
      </Link>
    );
  if (e.subjectType === 'listing')
    return (
      <Link
        to={`/admin/listings?q=${e.subjectId}`}
        className="text-primary underline decoration-current/30 underline-offset-2 hover:decoration-current"
      >
        {label}
      </Link>
    );
  return <span>{label}</span>;
}

function ByActor({ id, username }: { id: number; username: string }) {
  return (
    <Trans>
      by{' '}
      <Link
        to={`/admin/users/${id}`}
        className="underline decoration-current/30 underline-offset-2 hover:decoration-current"
      >
        @{username}
      </Link>
    </Trans>
  );
}

// The audit log's entries, newest first: who, what, on what, when and why. Read-only: the app
// has no way to change or delete one.
export function AuditEntries({ entries }: { entries: AuditEntry[] }) {
  const { t, i18n } = useLingui();
  const detailName = (k: string) => {
    const known = AUDIT_DETAIL_TEXT[k];
    return known ? i18n._(known) : words(k);
  };
  return (
    <Card>
      <ol className="divide-y divide-border" aria-label={t`Audit log entries`}>
        {entries.map((e) => {
          const details = Object.entries(e.details).filter(([, v]) => v !== null && v !== '');
          return (
            <li
              key={e.id}
              className="grid gap-x-4 gap-y-1 px-4 py-3 text-sm lg:grid-cols-[11rem_13rem_1fr]"
              data-testid="audit-entry"
            >
              <time dateTime={e.createdAt} className="text-xs text-muted-foreground lg:pt-0.5">
                {formatDateTime(e.createdAt, i18n.locale)}
              </time>
              <p className="min-w-0">
                <span className="font-semibold">{i18n._(ADMIN_ACTION_TEXT[e.action])}</span>{' '}
                <span className="text-muted-foreground">
                  (<SubjectLink e={e} />)
                </span>
                <span className="block text-xs text-muted-foreground">
                  {e.actor ? (
                    <ByActor id={e.actor.id} username={e.actor.username} />
                  ) : (
                    <Trans>by the command line</Trans>
                  )}
                </span>
              </p>
              <div className="min-w-0">
                <p className="break-words">
                  <span className="sr-only">{t`Reason:`} </span>
                  {e.reason}
                </p>
                {details.length ? (
                  <p className="mt-1 flex flex-wrap gap-x-3 gap-y-0.5 text-xs text-muted-foreground">
                    {details.map(([k, v]) => (
                      <span key={k}>
                        {detailName(k)}: {String(v)}
                      </span>
                    ))}
                  </p>
                ) : null}
              </div>
            </li>
          );
        })}
      </ol>
    </Card>
  );
}

// /admin/audit: every admin action, newest first.
export function AuditScreen() {
  const { t } = useLingui();
  const [params, setParams] = useSearchParams();
  const page = pageParam(params);
  const audit = useAuditLog(page);
  const data = audit.data;
  return (
    <section aria-labelledby="admin-audit-heading">
      <ScreenHeader title={t`Audit log`} id="admin-audit-heading" />
      <p className="mb-4 text-sm text-muted-foreground">
        <Trans>
          Every action taken in this console, and every role change made from the command line. Entries cannot
          be edited or deleted.
        </Trans>
      </p>
      <Loaded query={audit} isEmpty={!data?.items.length} empty={t`No admin actions yet.`}>
        {data ? <AuditEntries entries={data.items} /> : null}
        {data ? (
          <Pager
            page={data.page}
            pageSize={data.pageSize}
            total={data.total}
            onPage={(p) => setParams({ page: String(p) })}
          />
        ) : null}
      </Loaded>
    </section>
  );
}
