import { Trans, useLingui } from '@lingui/react/macro';
import type { UseFormReturn } from 'react-hook-form';
import { Field } from '#client/components/ui/field.tsx';
import { COMMON_AMENITIES } from '#shared/listing-search.ts';
import { US_STATES } from '#shared/us-states.ts';
import { amenityLabel } from '../amenity-labels.ts';
import type { ListingFormValues } from './listing-form.tsx';

type Form = { form: UseFormReturn<ListingFormValues> };

const selectClass =
  'flex h-10 w-full rounded-lg border border-input bg-card px-3 py-2 text-base md:text-sm focus-visible:outline-2 focus-visible:outline-ring aria-[invalid=true]:border-destructive';

export const isCommonAmenity = (a: string) =>
  COMMON_AMENITIES.some((c) => c.toLowerCase() === a.toLowerCase());

// The state from the list, kept as its two-letter code (ADR 038); a listing abroad from before
// keeps its own text as one more choice.
export function StateField({ form }: Form) {
  const { t } = useLingui();
  const error = form.formState.errors.state?.message;
  const current = form.watch('state');
  const other = current && !US_STATES.some(([, code]) => code === current) ? current : null;
  return (
    <Field id="listing-state" label={t`State`} error={error}>
      <select
        id="listing-state"
        className={selectClass}
        autoComplete="address-level1"
        aria-invalid={!!error}
        aria-describedby={error ? 'listing-state-error' : undefined}
        {...form.register('state')}
      >
        <option value="">{t`Choose a state`}</option>
        {other ? <option value={other}>{other}</option> : null}
        {US_STATES.map(([name, code]) => (
          <option key={code} value={code}>
            {name} ({code})
          </option>
        ))}
      </select>
    </Field>
  );
}

// The amenities growers filter by, to tick; others go in the comma-separated field after it.
export function AmenityPicker({ form }: Form) {
  const { i18n } = useLingui();
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium">
        <Trans>Amenities growers search for</Trans>
      </legend>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        {COMMON_AMENITIES.map((a) => (
          <label key={a} className="flex cursor-pointer items-center gap-2 text-sm">
            <input
              type="checkbox"
              value={a}
              className="h-4 w-4 accent-primary"
              {...form.register('picked')}
            />
            {amenityLabel(i18n, a)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
