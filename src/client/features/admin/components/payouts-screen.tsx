import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Badge } from '#client/components/ui/badge.tsx';
import { Card } from '#client/components/ui/card.tsx';
import { formatDateTime, formatMoney, formatMonthYear } from '#client/lib/format.ts';
import type { PayoutRowState } from '#shared/payouts.ts';
import { useAdminPayouts } from '../api/admin.ts';
import { ActionButton } from './action-dialog.tsx';
import { cancelPayout, payoutPaidByHand, retryPayout } from './actions.ts';
import { Loaded, ScreenHeader } from './parts.tsx';

const STATE_TEXT: Record<PayoutRowState, MessageDescriptor> = {
  awaiting_details: msg`Waiting for the host's details`,
  scheduled: msg`Scheduled`,
  sending: msg`Sending`,
  in_progress: msg`In progress`,
  completed: msg`Completed`,
  failed: msg`Stuck: failed`,
  manual: msg`To send by hand`,
  cancelled: msg`Cancelled`,
};

// /admin/payouts (ADR 032): payouts to send by hand and stuck ones first, with their actions; what
// the platform earned per month and what it owes hosts.
export function PayoutsScreen() {
  const { t, i18n } = useLingui();
  const payouts = useAdminPayouts();
  const data = payouts.data;
  const money = (c: number) => formatMoney(c, i18n.locale);
  const order: PayoutRowState[] = [
    'manual',
    'failed',
    'sending',
    'in_progress',
    'scheduled',
    'awaiting_details',
  ];
  const items = data ? [...data.items].sort((a, b) => order.indexOf(a.state) - order.indexOf(b.state)) : [];
  return (
    <section aria-labelledby="admin-payouts-heading">
      <ScreenHeader title={t`Payouts`} id="admin-payouts-heading" />
      {data ? (
        <dl className="mb-4 grid grid-cols-2 gap-3 md:grid-cols-4">
          <div className="rounded-xl border border-border bg-card px-4 py-3">
            <dt className="text-xs text-muted-foreground">
              <Trans>Owed to hosts</Trans>
            </dt>
            <dd className="text-xl font-semibold">{money(data.owedToHostsCents)}</dd>
          </div>
          <div className="rounded-xl border border-border bg-card px-4 py-3">
            <dt className="text-xs text-muted-foreground">
              <Trans>In flight or stuck</Trans>
            </dt>
            <dd className="text-xl font-semibold">{money(data.inFlightCents)}</dd>
          </div>
          <div className="rounded-xl border border-border bg-card px-4 py-3">
            <dt className="text-xs text-muted-foreground">
              <Trans>Payments whose books do not balance</Trans>
            </dt>
            <dd className="text-xl font-semibold">{data.unbalancedPayments}</dd>
          </div>
          {/* Every month the server reads from the ledger (the last 12 with fees), none left out. */}
          <div
            className="col-span-2 rounded-xl border border-border bg-card px-4 py-3 md:col-span-4"
            data-testid="fees-by-month"
          >
            <dt className="text-xs text-muted-foreground">
              <Trans>Fees earned per month</Trans>
            </dt>
            <dd className="text-sm">
              {data.feesByMonth.length ? (
                <ul className="mt-1 grid gap-x-6 gap-y-1 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
                  {data.feesByMonth.map((f) => (
                    <li key={f.month} className="flex justify-between gap-2">
                      <span className="text-muted-foreground">
                        {formatMonthYear(`${f.month}-01T00:00:00Z`, i18n.locale)}
                      </span>
                      <span className="whitespace-nowrap font-medium">{money(f.cents)}</span>
                    </li>
                  ))}
                </ul>
              ) : (
                '–'
              )}
            </dd>
          </div>
        </dl>
      ) : null}
      <Loaded query={payouts} isEmpty={!items.length} empty={t`No payouts waiting or in flight.`}>
        <Card>
          <ul className="divide-y divide-border">
            {items.map((p) => {
              const who = { id: p.id, hostName: p.hostName, amount: money(p.amountCents) };
              const { paymentId, attempts } = p;
              // What BTCPay's metadata carries: the reference of the payout it went out in (ADR 044).
              const reference = p.batch?.reference ?? p.reference;
              const providerId = p.providerPayoutId;
              const batchAmount = money(p.batch?.amountCents ?? 0);
              const batchPayments = p.batch?.payments ?? 0;
              // The provider has held it past PAYOUT_PROVIDER_WAIT_HOURS (ADR 044); the reason is its own.
              const waitingSince = p.batch?.waitingSince
                ? formatDateTime(p.batch.waitingSince, i18n.locale)
                : null;
              return (
                <li
                  key={p.id}
                  className="flex flex-col gap-3 px-4 py-3 sm:flex-row sm:items-start"
                  data-testid="admin-payout"
                >
                  <div className="min-w-0 space-y-1 text-sm sm:flex-1">
                    <p className="flex flex-wrap items-center gap-2">
                      <span className="font-semibold">{money(p.amountCents)}</span>
                      <Badge className="bg-secondary text-secondary-foreground">
                        {i18n._(STATE_TEXT[p.state])}
                      </Badge>
                      <span className="text-xs text-muted-foreground">
                        {p.hostName} · {t`payment #${paymentId}`} · {formatDateTime(p.updatedAt, i18n.locale)}
                      </span>
                    </p>
                    {p.destination ? (
                      <p className="break-all font-mono text-xs">
                        {p.destinationType} · {p.destination}
                      </p>
                    ) : null}
                    <p className="break-all text-xs text-muted-foreground">
                      {t`Our reference: ${reference}`}
                      {providerId ? ` · ${t`Provider's payout: ${providerId}`}` : null}
                      {p.attempts ? ` · ${t`Attempts: ${attempts}`}` : null}
                    </p>
                    {p.batch && p.batch.payments > 1 ? (
                      <p className="text-xs text-muted-foreground">
                        {t`One payout of ${batchAmount} for ${batchPayments} payments`}
                      </p>
                    ) : null}
                    {waitingSince ? (
                      <p className="text-xs text-amber-900" data-testid="payout-waiting">
                        <span className="font-semibold">{t`Waiting at the provider since ${waitingSince}`}</span>
                        {p.batch?.providerState ? ` (${p.batch.providerState})` : null}
                        {p.batch?.waitingReason ? `: ${p.batch.waitingReason}` : null}
                      </p>
                    ) : null}
                    {p.lastError ? <p className="text-xs text-destructive">{p.lastError}</p> : null}
                  </div>
                  <div className="flex flex-wrap gap-2">
                    {p.state === 'manual' || p.state === 'failed' ? (
                      <>
                        <ActionButton variant="outline" request={payoutPaidByHand(who)}>
                          <Trans>Paid by hand</Trans>
                        </ActionButton>
                        <ActionButton variant="outline" request={retryPayout(who)}>
                          <Trans>Retry</Trans>
                        </ActionButton>
                      </>
                    ) : null}
                    {['manual', 'failed', 'scheduled', 'awaiting_details'].includes(p.state) ? (
                      <ActionButton variant="outline" request={cancelPayout(who)}>
                        <Trans>Cancel</Trans>
                      </ActionButton>
                    ) : null}
                  </div>
                </li>
              );
            })}
          </ul>
        </Card>
      </Loaded>
    </section>
  );
}
