import { Trans, useLingui } from '@lingui/react/macro';
import { ChevronLeft, ChevronRight, ImageOff } from 'lucide-react';
import { type KeyboardEvent, type PointerEvent, useRef, useState } from 'react';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '#client/components/ui/dialog.tsx';
import { FULL_SIZES, MAIN_SIZES, photoSrcSet, THUMB_SIZES } from '#shared/photos.ts';

// A horizontal move this long (px) on the photo is a swipe.
const SWIPE_PX = 50;

// The listing's photos: the first as the main one, thumbnails of the rest; any of them opens a
// full-screen viewer with previous/next buttons, arrow keys, swipes and an 'n / total' counter.
export function ListingGallery({ images, title }: { images: string[]; title: string }) {
  const { t } = useLingui();
  const [open, setOpen] = useState<number | null>(null);
  const total = images.length;
  if (!total) {
    return (
      <div className="overflow-hidden rounded-xl bg-muted">
        <div className="flex aspect-[3/2] w-full flex-col items-center justify-center gap-2 text-muted-foreground">
          <ImageOff aria-hidden="true" className="h-8 w-8" />
          <Trans>No images available</Trans>
        </div>
      </div>
    );
  }
  return (
    <div className="space-y-2">
      <button
        type="button"
        onClick={() => setOpen(0)}
        aria-label={t`Open photo 1 of ${total}`}
        className="block w-full cursor-zoom-in overflow-hidden rounded-xl bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      >
        <img
          src={images[0]}
          srcSet={photoSrcSet(images[0])}
          sizes={MAIN_SIZES}
          alt={title}
          width={1200}
          height={800}
          fetchPriority="high"
          className="aspect-[3/2] w-full object-cover"
        />
      </button>
      {total > 1 ? (
        <ul aria-label={t`More photos`} className="grid grid-cols-4 gap-2 sm:grid-cols-5">
          {images.slice(1).map((src, i) => {
            const n = i + 2;
            return (
              <li key={src}>
                <button
                  type="button"
                  onClick={() => setOpen(i + 1)}
                  aria-label={t`Open photo ${n} of ${total}`}
                  className="block w-full cursor-zoom-in overflow-hidden rounded-lg bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
                >
                  <img
                    src={src}
                    srcSet={photoSrcSet(src)}
                    sizes={THUMB_SIZES}
                    alt=""
                    loading="lazy"
                    decoding="async"
                    width={240}
                    height={160}
                    className="aspect-[3/2] w-full object-cover transition-opacity hover:opacity-90"
                  />
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
      <Dialog open={open !== null} onOpenChange={(o) => !o && setOpen(null)}>
        {open !== null ? <PhotoViewer images={images} title={title} index={open} onIndex={setOpen} /> : null}
      </Dialog>
    </div>
  );
}

function PhotoViewer({
  images,
  title,
  index,
  onIndex,
}: {
  images: string[];
  title: string;
  index: number;
  onIndex: (i: number) => void;
}) {
  const { t } = useLingui();
  const total = images.length;
  const n = index + 1;
  const go = (step: number) => onIndex((index + step + total) % total);
  const start = useRef<{ x: number; y: number } | null>(null);

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'ArrowRight') go(1);
    else if (e.key === 'ArrowLeft') go(-1);
    else return;
    e.preventDefault();
  };
  const onPointerDown = (e: PointerEvent) => {
    start.current = { x: e.clientX, y: e.clientY };
  };
  const onPointerUp = (e: PointerEvent) => {
    const from = start.current;
    start.current = null;
    if (!from) return;
    const dx = e.clientX - from.x;
    if (Math.abs(dx) >= SWIPE_PX && Math.abs(dx) > Math.abs(e.clientY - from.y)) go(dx < 0 ? 1 : -1);
  };

  const nav =
    'absolute top-1/2 z-10 flex h-11 w-11 -translate-y-1/2 cursor-pointer items-center justify-center rounded-full bg-white/15 text-white hover:bg-white/30 focus-visible:outline-2 focus-visible:outline-white';
  return (
    <DialogContent
      onKeyDown={onKeyDown}
      className="flex h-[100dvh] w-screen max-w-none flex-col gap-0 rounded-none border-0 bg-black p-0 text-white [&>button:last-child]:h-11 [&>button:last-child]:w-11 [&>button:last-child]:right-2 [&>button:last-child]:top-2 [&>button:last-child]:flex [&>button:last-child]:items-center [&>button:last-child]:justify-center [&>button:last-child>svg]:h-6 [&>button:last-child>svg]:w-6"
    >
      <DialogTitle className="sr-only">
        <Trans>Photos of {title}</Trans>
      </DialogTitle>
      <DialogDescription className="sr-only">
        <Trans>Use the left and right arrow keys or swipe to move between photos.</Trans>
      </DialogDescription>
      <p aria-live="polite" className="px-4 py-4 text-center text-sm font-medium tabular-nums">
        {index + 1} / {total}
      </p>
      <div
        className="relative flex min-h-0 flex-1 touch-pan-y select-none items-center justify-center px-2 pb-6 sm:px-16"
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => {
          start.current = null;
        }}
      >
        <img
          src={images[index]}
          srcSet={photoSrcSet(images[index])}
          sizes={FULL_SIZES}
          alt={t`${title} (${n} of ${total})`}
          draggable={false}
          className="max-h-full max-w-full rounded-md object-contain"
        />
        {total > 1 ? (
          <>
            <button
              type="button"
              aria-label={t`Previous photo`}
              onClick={() => go(-1)}
              className={`${nav} left-2`}
            >
              <ChevronLeft aria-hidden="true" className="h-6 w-6" />
            </button>
            <button
              type="button"
              aria-label={t`Next photo`}
              onClick={() => go(1)}
              className={`${nav} right-2`}
            >
              <ChevronRight aria-hidden="true" className="h-6 w-6" />
            </button>
          </>
        ) : null}
      </div>
    </DialogContent>
  );
}
