import { zodResolver } from '@hookform/resolvers/zod';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { ChevronLeft, ChevronRight, ImagePlus, X } from 'lucide-react';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '#client/components/ui/button.tsx';
import { ChoiceCards } from '#client/components/ui/choice-cards.tsx';
import { TextAreaField, TextField } from '#client/components/ui/field.tsx';
import { Label } from '#client/components/ui/input.tsx';
import { ApiError, errorMessage } from '#client/lib/api.ts';
import { toast } from '#client/lib/toast-store.ts';
import { cn } from '#client/lib/utils.ts';
import { CANCELLATION_POLICIES, DEFAULT_CANCELLATION_POLICY } from '#shared/cancellation.ts';
import { IMAGE_MAX_BYTES, IMAGES_PER_UPLOAD, WORK_HOURS_MAX, WORK_HOURS_MIN } from '#shared/constants.ts';
import {
  BOOKING_MODES,
  type CreateListingInput,
  createListingSchema,
  type Listing,
} from '#shared/listings.ts';
import { uploadImages } from '../api/listing-mutations.ts';
import {
  AgreementFields,
  agreementFormSchema,
  agreementToForm,
  agreementToInput,
} from './listing-agreement-fields.tsx';
import { BookingFields } from './listing-booking-fields.tsx';

// The photo at `from` moved to `to`; the first photo is the listing's cover.
export function movePhoto(images: string[], from: number, to: number): string[] {
  if (to < 0 || to >= images.length || from === to) return images;
  const next = [...images];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved);
  return next;
}

const photoAction =
  'flex h-7 w-7 cursor-pointer items-center justify-center rounded-md border border-input bg-card text-foreground hover:bg-accent disabled:cursor-default disabled:opacity-40';

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
    amenities: v.amenities.split(','),
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
    state: l?.state ?? '',
    amenities: l?.amenities.join(', ') ?? '',
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
  const images = form.watch('images');
  const setImages = (next: string[]) => form.setValue('images', next, { shouldDirty: true });
  const [progress, setProgress] = useState<number | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  async function onFiles(list: FileList | null) {
    const files = Array.from(list ?? []);
    if (fileInput.current) fileInput.current.value = '';
    if (!files.length) return;
    const tooBig = files.find((f) => f.size > IMAGE_MAX_BYTES);
    if (tooBig) {
      const file = tooBig.name;
      toast({
        title: t`Upload failed`,
        description: t`Failed to upload images: ${file} is larger than 5MB`,
        variant: 'destructive',
      });
      return;
    }
    if (images.length + files.length > IMAGES_PER_UPLOAD) {
      const most = IMAGES_PER_UPLOAD;
      toast({
        title: t`Upload failed`,
        description: t`Failed to upload images: at most ${most} per listing`,
        variant: 'destructive',
      });
      return;
    }
    setProgress(0);
    try {
      const paths = await uploadImages(files, setProgress);
      form.setValue('images', [...images, ...paths], { shouldValidate: true });
      const count = paths.length;
      toast({
        title: t`Images uploaded`,
        description: t`${plural(count, { one: '# image uploaded', other: '# images uploaded' })}`,
      });
    } catch (err) {
      const reason = err instanceof ApiError ? errorMessage(err, '') : '';
      toast({
        title: t`Upload failed`,
        // The spec's text first, then the server's reason when there is one.
        description: reason ? t`Failed to upload images: ${reason}` : t`Failed to upload images`,
        variant: 'destructive',
      });
    } finally {
      setProgress(null);
    }
  }

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
        {text('state', t`State`, { autoComplete: 'address-level1' })}
      </div>
      {text('amenities', t`Amenities (comma-separated)`, {
        placeholder: t`Water access, Tool shed, Compost`,
      })}
      <BookingFields form={form} type={type} />
      <AgreementFields form={form} type={type} />
      <div className="space-y-2">
        <Label htmlFor="listing-images">
          <Trans>Photos (max 5MB per image)</Trans>
        </Label>
        <div className="flex flex-wrap gap-3">
          {images.map((src, i) => {
            const n = i + 1;
            return (
              <div key={src} className="relative">
                <div className="relative">
                  <img
                    src={src}
                    alt={i === 0 ? t`Uploaded preview ${n} (cover)` : t`Uploaded preview ${n}`}
                    className={cn(
                      'h-24 w-24 rounded-lg object-cover',
                      i === 0 && 'ring-2 ring-primary ring-offset-2 ring-offset-background',
                    )}
                  />
                  {i === 0 ? (
                    <span className="absolute bottom-1 left-1 rounded bg-primary px-1.5 py-0.5 text-[11px] font-semibold text-primary-foreground">
                      <Trans>Cover</Trans>
                    </span>
                  ) : null}
                </div>
                <button
                  type="button"
                  aria-label={t`Remove photo`}
                  className="absolute -right-2 -top-2 rounded-full bg-card p-1 shadow cursor-pointer"
                  onClick={() =>
                    form.setValue(
                      'images',
                      images.filter((i) => i !== src),
                    )
                  }
                >
                  <X className="h-4 w-4" />
                </button>
                {images.length > 1 ? (
                  <div className="mt-1 flex w-24 items-center justify-between">
                    <button
                      type="button"
                      aria-label={t`Move photo ${n} left`}
                      disabled={i === 0}
                      onClick={() => setImages(movePhoto(images, i, i - 1))}
                      className={photoAction}
                    >
                      <ChevronLeft aria-hidden="true" className="h-4 w-4" />
                    </button>
                    <button
                      type="button"
                      aria-label={t`Move photo ${n} right`}
                      disabled={i === images.length - 1}
                      onClick={() => setImages(movePhoto(images, i, i + 1))}
                      className={photoAction}
                    >
                      <ChevronRight aria-hidden="true" className="h-4 w-4" />
                    </button>
                  </div>
                ) : null}
                {i > 0 ? (
                  <button
                    type="button"
                    aria-label={t`Make cover (photo ${n})`}
                    onClick={() => setImages(movePhoto(images, i, 0))}
                    className={cn(photoAction, 'mt-1 w-24 text-xs font-medium')}
                  >
                    <Trans>Make cover</Trans>
                  </button>
                ) : null}
              </div>
            );
          })}
          <label
            htmlFor="listing-images"
            className="flex h-24 w-24 cursor-pointer flex-col items-center justify-center gap-1 rounded-lg border-2 border-dashed border-input text-xs text-muted-foreground hover:bg-accent has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring"
          >
            <ImagePlus aria-hidden="true" className="h-6 w-6" />
            <Trans>Add photos</Trans>
            <input
              ref={fileInput}
              id="listing-images"
              type="file"
              accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
              multiple
              className="sr-only"
              disabled={progress !== null}
              onChange={(e) => onFiles(e.target.files)}
            />
          </label>
        </div>
        {progress !== null ? (
          <div
            role="progressbar"
            aria-label={t`Upload progress`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(progress * 100)}
            className="h-2 w-full overflow-hidden rounded-full bg-muted"
          >
            <div
              className="h-full bg-primary transition-all"
              style={{ width: `${Math.round(progress * 100)}%` }}
            />
          </div>
        ) : null}
        {errors.images ? <p className="text-sm text-destructive">{errors.images.message}</p> : null}
      </div>
      <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={pending || progress !== null}>
        {pending ? t`Saving...` : submitLabel}
      </Button>
    </form>
  );
}
