import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { useForm } from 'react-hook-form';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { ChoiceCards } from '#client/components/ui/choice-cards.tsx';
import { TextField } from '#client/components/ui/field.tsx';
import { formatDateTime } from '#client/lib/format.ts';
import {
  PAYOUT_METHOD_HOLD_HOURS,
  type PutPayoutMethodInput,
  putPayoutMethodSchema,
} from '#shared/payouts.ts';
import { usePayoutMethod, useSavePayoutMethod } from '../api/payouts.ts';

// Where a host is paid: a Bitcoin address or a Lightning address / LNURL, changed with the current
// password. The server checks the destination; a change is used 48 hours later (ADR 032).
export function PayoutMethodForm() {
  const { t, i18n } = useLingui();
  const method = usePayoutMethod();
  const save = useSavePayoutMethod();
  const current = method.data ?? null;
  const form = useForm<PutPayoutMethodInput>({
    resolver: zodResolver(putPayoutMethodSchema),
    values: { type: current?.type ?? 'bitcoin', destination: '', password: '' },
  });
  const { errors } = form.formState;
  const type = form.watch('type');
  const pending = current && new Date(current.activeFrom).getTime() > Date.now();
  const choices = [
    { value: 'bitcoin' as const, label: t`Bitcoin address`, hint: t`An on-chain address of your wallet` },
    {
      value: 'lightning' as const,
      label: t`Lightning`,
      hint: t`A Lightning address (name@domain) or an LNURL`,
    },
  ];
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
            <p className="font-medium">{current.type === 'lightning' ? t`Lightning` : t`Bitcoin address`}</p>
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
            label={type === 'lightning' ? t`Lightning address or LNURL` : t`Bitcoin address`}
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
