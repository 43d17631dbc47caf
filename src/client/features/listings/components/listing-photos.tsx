import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { ChevronLeft, ChevronRight, ImagePlus, X } from 'lucide-react';
import { useRef } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { Label } from '#client/components/ui/input.tsx';
import { ApiError, errorMessage } from '#client/lib/api.ts';
import { toast } from '#client/lib/toast-store.ts';
import { cn } from '#client/lib/utils.ts';
import { IMAGE_MAX_BYTES, IMAGES_PER_UPLOAD } from '#shared/constants.ts';
import { uploadImages } from '../api/listing-mutations.ts';
import type { ListingFormValues } from './listing-form.tsx';

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

// The listing's photos: upload (each at least 640 px on its shorter side, ADR 038), order, cover.
export function ListingPhotos({
  form,
  progress,
  setProgress,
}: {
  form: UseFormReturn<ListingFormValues>;
  progress: number | null;
  setProgress: (p: number | null) => void;
}) {
  const { t } = useLingui();
  const { errors } = form.formState;
  const images = form.watch('images');
  const setImages = (next: string[]) => form.setValue('images', next, { shouldDirty: true });
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

  return (
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
  );
}
