import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '#client/components/ui/badge.tsx';
import { Card, CardContent } from '#client/components/ui/card.tsx';
import { Field } from '#client/components/ui/field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { formatDate, formatDateTime, formatMoney } from '#client/lib/format.ts';
import { usePageHead } from '#client/lib/head.ts';
import { cn } from '#client/lib/utils.ts';
import type { Earning, HostPayoutState } from '#shared/payouts.ts';
import { earningsQuery } from '../api/payouts.ts';
import { PayoutMethodForm } from './payout-method-form.tsx';

// "Scheduled" or "in progress" until the provider confirms; "paid" only then (ADR 032).
const STATE_TEXT: Record<HostPayoutState, MessageDescriptor> = {
  upcoming: msg`Held`,
  waiting_for_details: msg`Waiting for payout details`,
  scheduled: msg`Scheduled`,
  in_progress: msg`In progress`,
  paid: msg`Paid`,
  needs_attention: msg`Delayed: our team is on it`,
  refunded: msg`Refunded`,
  cancelled: msg`Cancelled`,
};
const STATE_CLASS: Record<HostPayoutState, string> = {
  upcoming: 'bg-secondary text-secondary-foreground',
  waiting_for_details: 'bg-amber-100 text-amber-900',
  scheduled: 'bg-secondary text-secondary-foreground',
  in_progress: 'bg-sky-100 text-sky-900',
  paid: 'bg-accent text-accent-foreground',
  needs_attention: 'bg-amber-100 text-amber-900',
  refunded: 'bg-secondary text-secondary-foreground',
  cancelled: 'bg-secondary text-secondary-foreground',
};

function Row({ e }: { e: Earning }) {
  const { t, i18n } = useLingui();
  const money = (c: number) => formatMoney(c, i18n.locale);
  const when =
    e.state === 'paid' && e.completedAt
      ? t`Paid ${formatDate(e.completedAt, i18n.locale)}`
      : e.state === 'upcoming' && e.releaseAt
        ? t`Goes out ${formatDateTime(e.releaseAt, i18n.locale)}`
        : null;
  // A stay paid up front goes out month by month (ADR 045): the payment's fee and refund are said
  // once, on its first month.
  const partIndex = e.part?.index ?? 1;
  const partOf = e.part?.of ?? 1;
  const firstPart = partIndex === 1;
  // Payments due to a host at the same time go out as one payout (ADR 044).
  const batchTotal = e.payout ? money(e.payout.amountCents) : '';
  const batchCount = e.payout?.payments ?? 0;
  const batchText = t`Sent with other bookings in one payout of ${batchTotal} (${batchCount} bookings)`;
  return (
    <li className="rounded-xl border border-border bg-card p-4" data-testid="earning">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-medium">{e.listingTitle}</p>
          <p className="text-sm text-muted-foreground">
            {e.bookingId ? (
              <Link to={`/bookings/${e.bookingId}`} className="underline">
                <Trans>Booking #{e.bookingId}</Trans>
              </Link>
            ) : null}{' '}
            <Trans>Grower: {e.growerName}</Trans>
          </p>
        </div>
        <div className="text-right">
          <p className="text-lg font-semibold">{money(e.amountCents)}</p>
          <Badge className={cn('mt-1', STATE_CLASS[e.state])}>{i18n._(STATE_TEXT[e.state])}</Badge>
        </div>
      </div>
      <dl className="mt-2 grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-2">
        {e.part ? (
          <div className="sm:col-span-2" data-testid="earning-part">
            <dt className="sr-only">
              <Trans>Month</Trans>
            </dt>
            <dd className="text-muted-foreground">{t`Month ${partIndex} of ${partOf} of the stay`}</dd>
          </div>
        ) : null}
        {firstPart ? (
          <div>
            <dt className="inline text-muted-foreground">
              <Trans>Service fee (kept by Yardshare):</Trans>
            </dt>{' '}
            <dd className="inline">{money(e.feeCents)}</dd>
          </div>
        ) : null}
        {firstPart && e.refundedCents ? (
          <div>
            <dt className="inline text-muted-foreground">
              <Trans>Refunded to the grower:</Trans>
            </dt>{' '}
            <dd className="inline">{money(e.refundedCents)}</dd>
          </div>
        ) : null}
        {when ? (
          <div>
            <dt className="sr-only">
              <Trans>Date</Trans>
            </dt>
            <dd>{when}</dd>
          </div>
        ) : null}
        {e.payout && e.payout.payments > 1 ? (
          <div className="sm:col-span-2" data-testid="payout-batch">
            <dt className="sr-only">
              <Trans>Payout</Trans>
            </dt>
            <dd className="text-muted-foreground">{batchText}</dd>
          </div>
        ) : null}
      </dl>
      {e.proof ? (
        <p className="mt-2 text-sm">
          <span className="text-muted-foreground">
            {e.proofType === 'preimage' ? <Trans>Lightning preimage:</Trans> : <Trans>Proof:</Trans>}
          </span>{' '}
          {e.proofUrl ? (
            <a
              href={e.proofUrl}
              className="break-all font-mono text-xs underline"
              rel="noreferrer"
              target="_blank"
            >
              {e.proof}
            </a>
          ) : (
            <span className="break-all font-mono text-xs" data-testid="payout-proof">
              {e.proof}
            </span>
          )}
        </p>
      ) : null}
    </li>
  );
}

// /earnings: a host's payouts, upcoming to paid, the totals, a CSV of a chosen period, and where
// they are paid.
export default function EarningsPage() {
  const { t, i18n } = useLingui();
  usePageHead({
    title: t`Earnings`,
    description: t`What you earned as a host on Yardshare, and where it is paid.`,
    noindex: true,
    path: '/earnings',
  });
  const { data, isLoading, isError } = useQuery(earningsQuery);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const money = (c: number) => formatMoney(c, i18n.locale);
  const csv = `/api/users/me/payouts.csv?${new URLSearchParams({ ...(from ? { from } : {}), ...(to ? { to } : {}) })}`;
  const totals = data
    ? [
        { label: t`Paid this month`, cents: data.totals.paidThisMonthCents },
        { label: t`Paid this year`, cents: data.totals.paidThisYearCents },
        { label: t`Upcoming`, cents: data.totals.upcomingCents },
        { label: t`In progress`, cents: data.totals.inProgressCents },
      ]
    : [];
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <h1 className="text-3xl font-bold">
        <Trans>Earnings</Trans>
      </h1>
      <p className="mt-1 text-muted-foreground">
        <Trans>
          Amounts in US dollars. Each payout is the rent; the 6% service fee stays with Yardshare.
        </Trans>
      </p>
      {isLoading ? (
        <div className="flex justify-center py-8">
          <Spinner />
        </div>
      ) : isError || !data ? (
        <p className="mt-6 text-muted-foreground">
          <Trans>Your earnings could not be loaded.</Trans>
        </p>
      ) : (
        <>
          {!data.hasPayoutMethod && data.items.length ? (
            <p
              className="mt-6 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
              role="status"
            >
              <Trans>Add your payout details below: payouts wait for them.</Trans>
            </p>
          ) : null}
          <dl className="mt-6 grid grid-cols-2 gap-3 md:grid-cols-4">
            {totals.map((x) => (
              <Card key={x.label}>
                <CardContent className="p-4">
                  <dt className="text-sm text-muted-foreground">{x.label}</dt>
                  <dd className="mt-1 text-xl font-semibold">{money(x.cents)}</dd>
                </CardContent>
              </Card>
            ))}
          </dl>
          <section className="mt-8" aria-labelledby="payouts-list">
            <h2 id="payouts-list" className="text-xl font-semibold">
              <Trans>Payouts</Trans>
            </h2>
            {data.items.length ? (
              <ul className="mt-4 space-y-3">
                {data.items.map((e) => (
                  <Row key={e.paymentId} e={e} />
                ))}
              </ul>
            ) : (
              <p className="mt-4 rounded-xl border border-border bg-card p-6 text-muted-foreground">
                <Trans>No earnings yet. When a grower pays for one of your spaces, it shows here.</Trans>
              </p>
            )}
          </section>
          <section className="mt-8" aria-labelledby="export">
            <h2 id="export" className="text-xl font-semibold">
              <Trans>Export</Trans>
            </h2>
            <div className="mt-4 flex flex-wrap items-end gap-3">
              <Field id="export-from" label={t`From`}>
                <Input id="export-from" type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
              </Field>
              <Field id="export-to" label={t`To`}>
                <Input id="export-to" type="date" value={to} onChange={(e) => setTo(e.target.value)} />
              </Field>
              <a
                href={csv}
                className="inline-flex min-h-10 items-center rounded-md border border-input bg-card px-4 text-sm font-medium hover:bg-accent"
                download
              >
                <Trans>Download CSV</Trans>
              </a>
            </div>
          </section>
        </>
      )}
      <div className="mt-8">
        <PayoutMethodForm />
      </div>
    </div>
  );
}
