import { Trans, useLingui } from '@lingui/react/macro';
import { RotateCcw } from 'lucide-react';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card } from '#client/components/ui/card.tsx';
import { formatDateTime, formatNumber } from '#client/lib/format.ts';
import { cn } from '#client/lib/utils.ts';
import type { AdminJob, AdminJobKind } from '#shared/admin-jobs.ts';
import { useAdminJobs, useRetryJob } from '../api/admin.ts';
import { Loaded, ScreenHeader } from './parts.tsx';

// How long the oldest ready run has waited, in the largest whole unit.
function useWait() {
  const { t } = useLingui();
  return (seconds: number | null) => {
    if (seconds === null) return '–';
    if (seconds < 60) return t`${seconds} s`;
    const minutes = Math.floor(seconds / 60);
    if (minutes < 60) return t`${minutes} min`;
    const hours = Math.floor(minutes / 60);
    return t`${hours} h`;
  };
}

// A figure that wants an operator's eye (failed, dead) stands out when it is not zero.
function Figure({ value, alarm = false }: { value: number; alarm?: boolean }) {
  const { i18n } = useLingui();
  return (
    <span className={cn('tabular-nums', alarm && value > 0 && 'font-semibold text-destructive')}>
      {formatNumber(value, i18n.locale)}
    </span>
  );
}

function KindsTable({ kinds }: { kinds: AdminJobKind[] }) {
  const { t } = useLingui();
  const wait = useWait();
  return (
    <Card className="mb-6 overflow-hidden">
      {/* 375 px: one card per kind, its figures in a row that wraps. */}
      <ul className="divide-y divide-border md:hidden">
        {kinds.map((k) => (
          <li key={k.name} className="space-y-1 px-4 py-3" data-testid="admin-job-kind">
            <p className="break-all font-mono text-sm font-medium">{k.name}</p>
            <dl className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
              <div className="flex gap-1">
                <dt>{t`Waiting`}</dt>
                <dd className="text-foreground">
                  <Figure value={k.waiting} />
                </dd>
              </div>
              <div className="flex gap-1">
                <dt>{t`Running`}</dt>
                <dd className="text-foreground">
                  <Figure value={k.active} />
                </dd>
              </div>
              <div className="flex gap-1">
                <dt>{t`Failed (7 days)`}</dt>
                <dd className="text-foreground">
                  <Figure value={k.failed} alarm />
                </dd>
              </div>
              <div className="flex gap-1">
                <dt>{t`Dead letters`}</dt>
                <dd className="text-foreground">
                  <Figure value={k.dead} alarm />
                </dd>
              </div>
              <div className="flex gap-1">
                <dt>{t`Oldest wait`}</dt>
                <dd className="text-foreground">{wait(k.oldestWaitingSeconds)}</dd>
              </div>
            </dl>
          </li>
        ))}
      </ul>
      <table className="hidden w-full text-sm md:table">
        <thead className="bg-muted/50 text-left text-xs text-muted-foreground">
          <tr>
            <th scope="col" className="px-4 py-2 font-medium">
              <Trans>Kind</Trans>
            </th>
            <th scope="col" className="px-4 py-2 text-right font-medium">
              <Trans>Waiting</Trans>
            </th>
            <th scope="col" className="px-4 py-2 text-right font-medium">
              <Trans>Running</Trans>
            </th>
            <th scope="col" className="px-4 py-2 text-right font-medium">
              <Trans>Failed (7 days)</Trans>
            </th>
            <th scope="col" className="px-4 py-2 text-right font-medium">
              <Trans>Dead letters</Trans>
            </th>
            <th scope="col" className="px-4 py-2 text-right font-medium">
              <Trans>Oldest wait</Trans>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {kinds.map((k) => (
            <tr key={k.name}>
              <th scope="row" className="px-4 py-2 text-left font-mono font-medium">
                {k.name}
              </th>
              <td className="px-4 py-2 text-right">
                <Figure value={k.waiting} />
              </td>
              <td className="px-4 py-2 text-right">
                <Figure value={k.active} />
              </td>
              <td className="px-4 py-2 text-right">
                <Figure value={k.failed} alarm />
              </td>
              <td className="px-4 py-2 text-right">
                <Figure value={k.dead} alarm />
              </td>
              <td className="px-4 py-2 text-right tabular-nums">{wait(k.oldestWaitingSeconds)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}

function FailedJob({ job }: { job: AdminJob }) {
  const { t, i18n } = useLingui();
  const retry = useRetryJob();
  const tries = job.tries;
  const when = formatDateTime(job.failedAt, i18n.locale);
  return (
    <li className="flex flex-col gap-3 px-4 py-3 sm:flex-row sm:items-start" data-testid="admin-failed-job">
      <div className="min-w-0 space-y-1 text-sm sm:flex-1">
        <p className="flex flex-wrap items-center gap-2">
          <span className="break-all font-mono font-medium">{job.kind}</span>
          {job.state === 'dead' ? (
            <Badge className="bg-red-100 text-red-900">
              <Trans>Dead letter</Trans>
            </Badge>
          ) : (
            <Badge className="bg-amber-100 text-amber-900">
              <Trans>Failed</Trans>
            </Badge>
          )}
          <span className="text-xs text-muted-foreground">
            {when} · {t`Retries: ${tries}`}
          </span>
        </p>
        <p className="break-words text-xs text-destructive">{job.error ?? t`No error message was kept.`}</p>
        <p className="break-all font-mono text-xs text-muted-foreground">{job.id}</p>
      </div>
      <Button
        variant="outline"
        size="sm"
        className="self-start"
        disabled={retry.isPending || retry.isSuccess}
        onClick={() => retry.mutate({ kind: job.kind, id: job.id })}
      >
        <RotateCcw aria-hidden="true" className="h-4 w-4" />
        <Trans>Retry</Trans>
      </Button>
    </li>
  );
}

// /admin/jobs (issue 62, ADR 054): each background job kind's figures, and the runs that failed for
// good (newest first), each with a Retry that sends it back to its queue.
export function JobsScreen() {
  const { t } = useLingui();
  const jobs = useAdminJobs();
  const data = jobs.data;
  return (
    <section aria-labelledby="admin-jobs-heading">
      <ScreenHeader title={t`Background jobs`} id="admin-jobs-heading" />
      {data ? <KindsTable kinds={data.kinds} /> : null}
      <h3 className="mb-3 text-base font-semibold">
        <Trans>Failed and dead jobs</Trans>
      </h3>
      <Loaded query={jobs} isEmpty={!data?.jobs.length} empty={t`No failed or dead jobs. All is well.`}>
        <Card>
          <ul className="divide-y divide-border">
            {data?.jobs.map((j) => (
              <FailedJob key={j.id} job={j} />
            ))}
          </ul>
        </Card>
      </Loaded>
    </section>
  );
}
