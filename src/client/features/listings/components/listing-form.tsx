import { zodResolver } from '@hookform/resolvers/zod';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '#client/components/ui/button.tsx';
import { ChoiceCards } from '#client/components/ui/choice-cards.tsx';
import { TextAreaField, TextField } from '#client/components/ui/field.tsx';
import { CANCELLATION_POLICIES, DEFAULT_CANCELLATION_POLICY } from '#shared/cancellation.ts';
import { WORK_HOURS_MAX, WORK_HOURS_MIN } from '#shared/constants.ts';
import {
  BOOKING_MODES,
  type CreateListingInput,
  createListingSchema,
  type Listing,
} from '#shared/listings.ts';
import { usStateCode } from '#shared/us-states.ts';
import {
  AgreementFields,
  agreementFormSchema,
  agreementToForm,
  agreementToInput,
} from './listing-agreement-fields.tsx';
import { BookingFields } from './listing-booking-fields.tsx';
import { ListingPhotos } from './listing-photos.tsx';
import { AmenityPicker, isCommonAmenity, StateField } from './listing-place-fields.tsx';

// The form keeps text as typed; the shared schema checks what would be sent, so the browser
// applies exactly the server's rules.
const formSchema = z
  .object({
    type: z.enum(['rental', 'exchange', 'community']),
    title: z.string(),
    size: z.string(),
    description: z.string(),
    price: z.string(),
    workHours: z.string(),
    location: z.string(),
    city: z.string(),
    state: z.string(),
    // The common amenities ticked, and any others typed (ADR 038).
    picked: z.array(z.string()),
    amenities: z.string(),
    images: z.array(z.string()),
    plots: z.string(),
    seasonStart: z.string(),
    seasonEnd: z.string(),
    bookingMode: z.enum(BOOKING_MODES),
    cancellationPolicy: z.enum(CANCELLATION_POLICIES),
    agreement: agreementFormSchema,
  })
  .superRefine((v, ctx) => {
    for (const [field, raw, message] of [
      ['price', v.price, 'Price must be a whole number of dollars'],
      ['workHours', v.workHours, 'Work hours must be a whole number'],
      ['plots', v.plots, 'Plots must be a whole number'],
    ] as const) {
      if (raw.trim() && !/^\d+$/.test(raw.trim())) ctx.addIssue({ code: 'custom', path: [field], message });
    }
    const parsed = createListingSchema.safeParse(toInput(v));
    if (!parsed.success)
      for (const issue of parsed.error.issues)
        ctx.addIssue({ code: 'custom', path: issue.path as string[], message: issue.message });
  });
export type ListingFormValues = z.infer<typeof formSchema>;

export function toInput(v: ListingFormValues): CreateListingInput {
  const int = (s: string) => (s.trim() ? Number.parseInt(s.trim(), 10) : null);
  return {
    type: v.type,
    title: v.title,
    description: v.description,
    price: v.type === 'rental' ? int(v.price) : null,
    workHours: v.type === 'exchange' ? int(v.workHours) : null,
    location: v.location,
    city: v.city,
    state: v.state,
    size: v.size.trim() || null,
    amenities: [...v.picked, ...v.amenities.split(',')],
    images: v.images,
    plots: int(v.plots) ?? 1,
    seasonStart: int(v.seasonStart),
    seasonEnd: int(v.seasonEnd),
    bookingMode: v.bookingMode,
    cancellationPolicy: v.cancellationPolicy,
    agreement: agreementToInput(v.agreement),
  };
}

export function toFormValues(l?: Listing): ListingFormValues {
  return {
    type: l?.type ?? 'rental',
    title: l?.title ?? '',
    size: l?.size ?? '',
    description: l?.description ?? '',
    price: l?.price != null ? String(l.price) : '',
    workHours: l?.workHours != null ? String(l.workHours) : '',
    location: l?.location ?? '',
    city: l?.city ?? '',
    // A US state as its code ("Oregon" from before ADR 038 shows as OR).
    state: l ? (usStateCode(l.state) ?? l.state) : '',
    picked: (l?.amenities ?? []).filter(isCommonAmenity),
    amenities: (l?.amenities ?? []).filter((a) => !isCommonAmenity(a)).join(', '),
    images: l?.images ?? [],
    plots: String(l?.plots ?? 1),
    seasonStart: l?.seasonStart != null ? String(l.seasonStart) : '',
    seasonEnd: l?.seasonEnd != null ? String(l.seasonEnd) : '',
    bookingMode: l?.bookingMode ?? 'instant',
    cancellationPolicy: l?.cancellationPolicy ?? DEFAULT_CANCELLATION_POLICY,
    agreement: agreementToForm(l?.agreement),
  };
}

const TYPES = [
  { value: 'rental', label: msg`Rental`, hint: msg`Paid by the month` },
  { value: 'exchange', label: msg`Work Exchange`, hint: msg`Hours of work for space` },
  { value: 'community', label: msg`Community Garden`, hint: msg`Free and shared` },
] as const;

export function ListingForm({
  initial,
  submitLabel,
  pending,
  onSubmit,
}: {
  initial?: Listing;
  submitLabel: string;
  pending: boolean;
  onSubmit: (input: CreateListingInput) => void;
}) {
  const { t, i18n } = useLingui();
  const form = useForm<ListingFormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: toFormValues(initial),
  });
  const { errors } = form.formState;
  const type = form.watch('type');
  const [progress, setProgress] = useState<number | null>(null);

  const text = (name: keyof ListingFormValues, label: string, props: React.ComponentProps<'input'> = {}) => (
    <TextField
      id={`listing-${name}`}
      label={label}
      error={errors[name]?.message}
      {...props}
      {...form.register(name)}
    />
  );

  return (
    <form className="space-y-6" noValidate onSubmit={form.handleSubmit((v) => onSubmit(toInput(v)))}>
      <ChoiceCards
        legend={<Trans>Type of space</Trans>}
        columns="sm:grid-cols-3"
        choices={TYPES.map((c) => ({ value: c.value, label: i18n._(c.label), hint: i18n._(c.hint) }))}
        chosen={type}
        register={() => form.register('type')}
      />
      {text('title', t`Title`, { placeholder: t`Sunny backyard garden plot` })}
      {text('size', t`Size (optional)`, { placeholder: t`200 sq ft, 1/4 acre...` })}
      <TextAreaField
        id="listing-description"
        label={t`Description`}
        error={errors.description?.message}
        rows={5}
        placeholder={t`Sun, soil, water access, what can be grown...`}
        {...form.register('description')}
      />
      {type === 'rental'
        ? text('price', t`Monthly price ($)`, { type: 'number', min: 0, step: 1, inputMode: 'numeric' })
        : null}
      {type === 'exchange'
        ? text('workHours', t`Work hours per week`, {
            type: 'number',
            min: WORK_HOURS_MIN,
            max: WORK_HOURS_MAX,
            step: 1,
            inputMode: 'numeric',
          })
        : null}
      {text('location', t`Address / location`, {
        placeholder: t`123 Garden Lane`,
        autoComplete: 'street-address',
      })}
      <div className="grid gap-4 sm:grid-cols-2">
        {text('city', t`City`, { autoComplete: 'address-level2' })}
        <StateField form={form} />
      </div>
      <AmenityPicker form={form} />
      {text('amenities', t`Amenities (comma-separated)`, {
        placeholder: t`Water access, Tool shed, Compost`,
      })}
      <BookingFields form={form} type={type} />
      <AgreementFields form={form} type={type} />
      <ListingPhotos form={form} progress={progress} setProgress={setProgress} />
      <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={pending || progress !== null}>
        {pending ? t`Saving...` : submitLabel}
      </Button>
    </form>
  );
}
