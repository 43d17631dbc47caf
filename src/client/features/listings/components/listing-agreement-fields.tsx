import { Trans, useLingui } from '@lingui/react/macro';
import type { UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import { TextAreaField, TextField } from '#client/components/ui/field.tsx';
import {
  AGREEMENT_LINE_MAX,
  AGREEMENT_TEXT_MAX,
  type AgreementTemplate,
  type AgreementTemplateInput,
  DEFAULT_AGREEMENT,
  NOTICE_DAYS_MAX,
} from '#shared/agreement.ts';
import type { ListingFormValues } from './listing-form.tsx';

// The host's part of the grow agreement (ADR 037) in the listing form: as typed, then as sent.
export const agreementFormSchema = z.object({
  houseRules: z.string(),
  duties: z.string(),
  growing: z.string(),
  accessHours: z.string(),
  water: z.string(),
  tools: z.string(),
  structuresAllowed: z.boolean(),
  growerNoticeDays: z.string(),
  hostNoticeDays: z.string(),
});
type AgreementForm = z.infer<typeof agreementFormSchema>;

export function agreementToInput(v: AgreementForm): AgreementTemplateInput {
  const days = (s: string, fallback: number) =>
    /^\d+$/.test(s.trim()) ? Number(s.trim()) : s.trim() ? -1 : fallback;
  return {
    houseRules: v.houseRules,
    duties: v.duties,
    growing: v.growing,
    accessHours: v.accessHours,
    water: v.water,
    tools: v.tools,
    structuresAllowed: v.structuresAllowed,
    growerNoticeDays: days(v.growerNoticeDays, DEFAULT_AGREEMENT.growerNoticeDays),
    hostNoticeDays: days(v.hostNoticeDays, DEFAULT_AGREEMENT.hostNoticeDays),
  };
}

export function agreementToForm(a: AgreementTemplate = DEFAULT_AGREEMENT): AgreementForm {
  return { ...a, growerNoticeDays: String(a.growerNoticeDays), hostNoticeDays: String(a.hostNoticeDays) };
}

// A compact section: what every booking's agreement says on the host's side, with defaults.
export function AgreementFields({
  form,
  type,
}: {
  form: UseFormReturn<ListingFormValues>;
  type: ListingFormValues['type'];
}) {
  const { t } = useLingui();
  const errors = form.formState.errors.agreement;
  const line = { maxLength: AGREEMENT_LINE_MAX };
  return (
    <fieldset className="space-y-4 rounded-lg border border-border p-4 pt-2">
      <legend className="px-1 text-sm font-medium">
        <Trans>Grow agreement</Trans>
      </legend>
      <p className="text-xs text-muted-foreground">
        <Trans>
          Every booking gets a written agreement from these terms and the grower’s request. Leave a line empty
          for the usual wording.
        </Trans>
      </p>
      <TextAreaField
        id="agreement-houseRules"
        label={t`House rules`}
        rows={3}
        maxLength={AGREEMENT_TEXT_MAX}
        error={errors?.houseRules?.message}
        {...form.register('agreement.houseRules')}
      />
      {type === 'exchange' ? (
        <TextAreaField
          id="agreement-duties"
          label={t`Duties in exchange for the space`}
          rows={3}
          maxLength={AGREEMENT_TEXT_MAX}
          error={errors?.duties?.message}
          {...form.register('agreement.duties')}
        />
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id="agreement-growing"
          label={t`What may be grown`}
          placeholder={t`Vegetables, herbs, fruit and flowers`}
          {...line}
          error={errors?.growing?.message}
          {...form.register('agreement.growing')}
        />
        <TextField
          id="agreement-accessHours"
          label={t`Access hours`}
          placeholder={t`Daylight hours`}
          {...line}
          error={errors?.accessHours?.message}
          {...form.register('agreement.accessHours')}
        />
        <TextField
          id="agreement-water"
          label={t`Water`}
          placeholder={t`Tap or hose on site`}
          {...line}
          error={errors?.water?.message}
          {...form.register('agreement.water')}
        />
        <TextField
          id="agreement-tools"
          label={t`Tools`}
          placeholder={t`Grower brings their own`}
          {...line}
          error={errors?.tools?.message}
          {...form.register('agreement.tools')}
        />
        <TextField
          id="agreement-growerNoticeDays"
          label={t`Notice the grower gives to end early (days)`}
          type="number"
          min={0}
          max={NOTICE_DAYS_MAX}
          inputMode="numeric"
          error={errors?.growerNoticeDays?.message}
          {...form.register('agreement.growerNoticeDays')}
        />
        <TextField
          id="agreement-hostNoticeDays"
          label={t`Notice you give to end early (days)`}
          type="number"
          min={0}
          max={NOTICE_DAYS_MAX}
          inputMode="numeric"
          error={errors?.hostNoticeDays?.message}
          {...form.register('agreement.hostNoticeDays')}
        />
      </div>
      <label className="flex items-start gap-2 text-sm">
        <input type="checkbox" className="mt-1 h-4 w-4" {...form.register('agreement.structuresAllowed')} />
        <span>
          <Trans>Growers may build permanent structures (sheds, fixed beds, greenhouses)</Trans>
        </span>
      </label>
    </fieldset>
  );
}
