import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { ChoiceCards } from '#client/components/ui/choice-cards.tsx';
import { TextField } from '#client/components/ui/field.tsx';
import { formatDateTime } from '#client/lib/format.ts';
import { paymentTermsQuery } from '#client/lib/payment-terms.ts';
import {
  PAYOUT_METHOD_HOLD_HOURS,
  type PayoutMethodType,
  type PutPayoutMethodInput,
  putPayoutMethodSchema,
} from '#shared/payouts.ts';
import { usePayoutMethod, useSavePayoutMethod } from '../api/payouts.ts';

// Where a host is paid: a Bitcoin address or a Lightning address / LNURL (BTCPay), or a USDC address
// on Base (Coinbase, ADR 046): the kinds the server's provider pays, from the payment terms. Changed
// with the current password; the server checks the destination; a change is used 48 hours later.
export function PayoutMethodForm() {
  const { t, i18n } = useLingui();
  const method = usePayoutMethod();
  const offered = useQuery(paymentTermsQuery).data?.payoutMethods ?? [];
  const save = useSavePayoutMethod();
  const current = method.data ?? null;
  const form = useForm<PutPayoutMethodInput>({
    resolver: zodResolver(putPayoutMethodSchema),
    values: {
      type: current && offered.includes(current.type) ? current.type : (offered[0] ?? 'bitcoin'),
      destination: '',
      password: '',
    },
  });
  const { errors } = form.formState;
  const type = form.watch('type');
  const pending = current && new Date(current.activeFrom).getTime() > Date.now();
  const labels: Record<PayoutMethodType, string> = {
    bitcoin: t`Bitcoin address`,
    lightning: t`Lightning`,
    usdc: t`USDC on Base`,
  };
  const hints: Record<PayoutMethodType, string> = {
    bitcoin: t`An on-chain address of your wallet`,
    lightning: t`A Lightning address (name@domain) or an LNURL`,
    usdc: t`An address on the Base network (0x...) of a wallet that holds USDC`,
  };
  const fieldLabels: Record<PayoutMethodType, string> = {
    bitcoin: t`Bitcoin address`,
    lightning: t`Lightning address or LNURL`,
    usdc: t`USDC address on Base`,
  };
  const choices = offered.map((value) => ({ value, label: labels[value], hint: hints[value] }));
  return (
    <Card id="payouts">
      <CardHeader>
        <CardTitle>
          <Trans>Payout details</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>
            Where we send what you earn as a host. Growers never need this. A new destination is used{' '}
            {PAYOUT_METHOD_HOLD_HOURS} hours after you change it, to keep your money safe.
          </Trans>
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {current ? (
          <div
            className="rounded-lg border border-border bg-muted/40 p-3 text-sm"
            data-testid="payout-method"
          >
            <p className="font-medium">{labels[current.type]}</p>
            <p className="break-all font-mono text-xs">{current.destination}</p>
            {pending ? (
              <p className="mt-1 text-muted-foreground">
                <Trans>Used for payouts from {formatDateTime(current.activeFrom, i18n.locale)}.</Trans>
              </p>
            ) : null}
          </div>
        ) : (
          <p className="text-sm text-muted-foreground">
            <Trans>You have not added payout details yet.</Trans>
          </p>
        )}
        <form
          className="space-y-4"
          noValidate
          aria-label={t`Payout details`}
          onSubmit={form.handleSubmit((input) => save.mutate(input, { onSuccess: () => form.reset() }))}
        >
          <ChoiceCards
            legend={<Trans>Paid by</Trans>}
            choices={choices}
            chosen={type}
            register={() => form.register('type')}
          />
          <TextField
            id="payout-destination"
            label={fieldLabels[type]}
            autoComplete="off"
            spellCheck={false}
            error={errors.destination?.message}
            {...form.register('destination')}
          />
          <TextField
            id="payout-password"
            label={t`Current password`}
            type="password"
            autoComplete="current-password"
            error={errors.password?.message}
            {...form.register('password')}
          />
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? <Trans>Saving...</Trans> : <Trans>Save payout details</Trans>}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
