// Photos in the width a screen needs (ADR 039). Every upload of ours, /uploads/<32 hex>.webp, also
// answers at /uploads/<32 hex>-w<width>.webp for each width below: the copy made at upload (or by the
// variants job for older photos), or the photo itself when it is no wider than that.
export const PHOTO_WIDTHS = [480, 800, 1200, 1600] as const;
export type PhotoWidth = (typeof PHOTO_WIDTHS)[number];

const OURS = /^\/uploads\/([0-9a-f]{32})\.webp$/;
const VARIANT = /^([0-9a-f]{32})-w(\d{3,4})\.webp$/;

export const variantName = (name: string, width: PhotoWidth) => name.replace(/\.webp$/, `-w${width}.webp`);

// The upload a variant's file name belongs to, and its width; null for any other name.
export function parseVariantName(name: string): { original: string; width: PhotoWidth } | null {
  const m = VARIANT.exec(name);
  if (!m) return null;
  const width = Number(m[2]) as PhotoWidth;
  return PHOTO_WIDTHS.includes(width) ? { original: `${m[1]}.webp`, width } : null;
}

// The srcset of one of our photos; undefined for any other image (a static file, an outside URL).
export function photoSrcSet(src: string | undefined): string | undefined {
  if (!src || !OURS.test(src)) return undefined;
  return PHOTO_WIDTHS.map((w) => `${src.replace(/\.webp$/, `-w${w}.webp`)} ${w}w`).join(', ');
}

// The rendered width of a photo on each layout, for `sizes` (mirrors the Tailwind grids that show
// them). Separate constants, so a page's script carries only its own.
// Listing cards: one column on phones, two from sm, three from lg, in a max-w-7xl page.
export const CARD_SIZES = '(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw';
// The listing page's main photo: two thirds of a max-w-6xl page from lg.
export const MAIN_SIZES = '(min-width: 1024px) 740px, 100vw';
export const THUMB_SIZES = '(min-width: 640px) 160px, 25vw';
export const FULL_SIZES = '100vw';

// A listing card's cover: its srcset and sizes, or undefined for an image that has no copies.
export function cardPhotos(src: string | undefined): { srcSet: string; sizes: string } | undefined {
  const srcSet = photoSrcSet(src);
  return srcSet ? { srcSet, sizes: CARD_SIZES } : undefined;
}
