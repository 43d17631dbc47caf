import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { UseFormReturn } from 'react-hook-form';
import { ChoiceCards } from '#client/components/ui/choice-cards.tsx';
import { Field, TextField } from '#client/components/ui/field.tsx';
import { POLICY_LABELS, policySummary } from '#client/lib/cancellation-text.ts';
import { monthName } from '#client/lib/format.ts';
import { CANCELLATION_POLICIES } from '#shared/cancellation.ts';
import { PLOTS_MAX } from '#shared/listings.ts';
import type { ListingFormValues } from './listing-form.tsx';

const selectClass =
  'flex h-10 w-full rounded-lg border border-input bg-card px-3 py-2 text-base md:text-sm focus-visible:outline-2 focus-visible:outline-ring aria-[invalid=true]:border-destructive';

const MONTHS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];

const BOOKING_CHOICES = [
  { value: 'instant', label: msg`Instant book`, hint: msg`Growers book at once while a plot is free` },
  { value: 'request', label: msg`Request to book`, hint: msg`You accept or decline each request` },
] as const;

// The listing form's Bookings section: plots, an optional season, and (but for work exchanges,
// which the host always answers) instant booking or requests.
export function BookingFields({
  form,
  type,
}: {
  form: UseFormReturn<ListingFormValues>;
  type: ListingFormValues['type'];
}) {
  const { t, i18n } = useLingui();
  const { errors } = form.formState;
  return (
    <fieldset className="space-y-4 rounded-lg border border-border p-4 pt-2">
      <legend className="px-1 text-sm font-medium">
        <Trans>Bookings</Trans>
      </legend>
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField
          id="listing-plots"
          label={t`Plots`}
          error={errors.plots?.message}
          type="number"
          min={1}
          max={PLOTS_MAX}
          step={1}
          inputMode="numeric"
          {...form.register('plots')}
        />
        {(['seasonStart', 'seasonEnd'] as const).map((name) => (
          <Field
            key={name}
            id={`listing-${name}`}
            label={name === 'seasonStart' ? t`Season: first month` : t`Season: last month`}
            error={errors[name]?.message}
          >
            <select
              id={`listing-${name}`}
              className={selectClass}
              aria-invalid={!!errors[name]}
              aria-describedby={errors[name] ? `listing-${name}-error` : undefined}
              {...form.register(name)}
            >
              <option value="">{t`All year`}</option>
              {MONTHS.map((m) => (
                <option key={m} value={String(m)}>
                  {monthName(m, i18n.locale)}
                </option>
              ))}
            </select>
          </Field>
        ))}
      </div>
      <p className="-mt-2 text-xs text-muted-foreground">
        <Trans>
          How many growers can book at the same time. The season (optional) limits bookings to those months.
        </Trans>
      </p>
      {type !== 'exchange' ? (
        <ChoiceCards
          legend={t`Booking`}
          choices={BOOKING_CHOICES.map((c) => ({
            value: c.value,
            label: i18n._(c.label),
            hint: i18n._(c.hint),
          }))}
          chosen={form.watch('bookingMode')}
          register={() => form.register('bookingMode')}
        />
      ) : (
        <p className="text-xs text-muted-foreground">
          <Trans>You accept or decline each work exchange request.</Trans>
        </p>
      )}
      {type === 'rental' ? (
        <ChoiceCards
          legend={t`Cancellation policy`}
          columns="sm:grid-cols-3"
          choices={CANCELLATION_POLICIES.map((p) => ({
            value: p,
            label: i18n._(POLICY_LABELS[p]),
            hint: policySummary(p, i18n),
          }))}
          chosen={form.watch('cancellationPolicy')}
          register={() => form.register('cancellationPolicy')}
        />
      ) : null}
    </fieldset>
  );
}
