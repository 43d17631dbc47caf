import { X } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { Field, Input } from '#client/components/ui/input.tsx';
import { cn } from '#client/lib/utils.ts';
import { COMMON_AMENITIES, LISTING_SORTS, type ListingSort, SORT_LABELS } from '#shared/listing-search.ts';
import type { BrowseFilters } from '../api/listings.ts';

// The filters the panel edits (type, place and keywords have their own controls on the page).
export type PanelFilters = Pick<
  BrowseFilters,
  'minPrice' | 'maxPrice' | 'minSize' | 'amenities' | 'available' | 'sort' | 'near' | 'radiusKm'
>;
export const PANEL_KEYS = [
  'minPrice',
  'maxPrice',
  'minSize',
  'amenities',
  'available',
  'sort',
  'near',
  'radiusKm',
] as const satisfies readonly (keyof PanelFilters)[];

const RADII = [10, 25, 50, 100, 250];
const selectClass =
  'flex h-10 w-full rounded-lg border border-input bg-card px-3 py-2 text-base md:text-sm focus-visible:outline-2 focus-visible:outline-ring';

const whole = (s: string) => (/^\d{1,7}$/.test(s.trim()) ? Number(s.trim()) : undefined);

// The 'Filters' panel: price range, minimum size, amenities, a free day, a place to sort by
// distance from, and the order. Nothing changes until 'Apply filters'; every value goes to the address.
export function ListingFiltersPanel({
  id,
  value,
  onApply,
}: {
  id: string;
  value: PanelFilters;
  onApply: (next: PanelFilters) => void;
}) {
  const uid = useId();
  const [minPrice, setMinPrice] = useState(value.minPrice?.toString() ?? '');
  const [maxPrice, setMaxPrice] = useState(value.maxPrice?.toString() ?? '');
  const [minSize, setMinSize] = useState(value.minSize?.toString() ?? '');
  const [amenities, setAmenities] = useState<string[]>(value.amenities ?? []);
  const [available, setAvailable] = useState(value.available ?? '');
  const [near, setNear] = useState(value.near ?? '');
  const [radiusKm, setRadiusKm] = useState(String(value.radiusKm ?? 50));
  const [sort, setSort] = useState<string>(value.sort ?? '');

  const min = whole(minPrice);
  const max = whole(maxPrice);
  const priceError =
    (minPrice.trim() && min === undefined) || (maxPrice.trim() && max === undefined)
      ? 'Prices are whole numbers of dollars'
      : min !== undefined && max !== undefined && min > max
        ? 'The lowest price must not be above the highest'
        : undefined;
  const sizeError =
    minSize.trim() && whole(minSize) === undefined ? 'Size is a whole number of square feet' : undefined;
  // Amenities from the address that are not among the common ones stay checked and listed.
  const choices = [
    ...COMMON_AMENITIES,
    ...(value.amenities ?? []).filter(
      (a) => !COMMON_AMENITIES.some((c) => c.toLowerCase() === a.toLowerCase()),
    ),
  ];
  const checked = (a: string) => amenities.some((x) => x.toLowerCase() === a.toLowerCase());
  // The server's order when none is asked for: by distance from a place, else newest.
  const defaultSort: ListingSort = near.trim() ? 'distance' : 'newest';
  const sorts = LISTING_SORTS.filter((s) => s !== 'distance' || near.trim());
  const shownSort = sorts.includes(sort as ListingSort) ? sort : defaultSort;

  return (
    <section id={id} aria-label="Filters" className="mt-4 rounded-xl border border-border bg-card p-4 sm:p-5">
      <form
        noValidate
        className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4"
        onSubmit={(e) => {
          e.preventDefault();
          if (priceError || sizeError) return;
          const place = near.trim();
          onApply({
            minPrice: min,
            maxPrice: max,
            minSize: whole(minSize) || undefined,
            amenities: amenities.length ? amenities : undefined,
            available: available || undefined,
            near: place || undefined,
            radiusKm: place ? Number(radiusKm) : undefined,
            sort: shownSort === defaultSort ? undefined : (shownSort as ListingSort),
          });
        }}
      >
        <fieldset className="space-y-1.5" aria-describedby={priceError ? `${uid}-price-error` : undefined}>
          <legend className="text-sm font-medium">Price per month ($)</legend>
          <div className="flex items-center gap-2">
            <Input
              aria-label="Lowest price per month"
              inputMode="numeric"
              placeholder="Min"
              value={minPrice}
              aria-invalid={!!priceError}
              onChange={(e) => setMinPrice(e.target.value)}
            />
            <span aria-hidden="true" className="text-muted-foreground">
              –
            </span>
            <Input
              aria-label="Highest price per month"
              inputMode="numeric"
              placeholder="Max"
              value={maxPrice}
              aria-invalid={!!priceError}
              onChange={(e) => setMaxPrice(e.target.value)}
            />
          </div>
          <p className="text-xs text-muted-foreground">Exchanges and community gardens count as $0.</p>
          {priceError ? (
            <p id={`${uid}-price-error`} role="alert" className="text-sm text-destructive">
              {priceError}
            </p>
          ) : null}
        </fieldset>
        <Field id={`${uid}-size`} label="Minimum size (sq ft)" error={sizeError}>
          <Input
            id={`${uid}-size`}
            inputMode="numeric"
            placeholder="Any size"
            value={minSize}
            aria-invalid={!!sizeError}
            aria-describedby={sizeError ? `${uid}-size-error` : undefined}
            onChange={(e) => setMinSize(e.target.value)}
          />
        </Field>
        <Field id={`${uid}-available`} label="Available on">
          <Input
            id={`${uid}-available`}
            type="date"
            value={available}
            onChange={(e) => setAvailable(e.target.value)}
          />
        </Field>
        <Field id={`${uid}-sort`} label="Sort by">
          <select
            id={`${uid}-sort`}
            className={selectClass}
            value={shownSort}
            onChange={(e) => setSort(e.target.value)}
          >
            {sorts.map((s) => (
              <option key={s} value={s}>
                {SORT_LABELS[s]}
              </option>
            ))}
          </select>
        </Field>
        <fieldset className="space-y-1.5 sm:col-span-2">
          <legend className="text-sm font-medium">Near a place</legend>
          <div className="flex gap-2">
            <Input
              aria-label="Near a place (city, state)"
              className="min-w-0 flex-1"
              placeholder="City, State"
              value={near}
              onChange={(e) => setNear(e.target.value)}
            />
            <select
              aria-label="Distance"
              className={cn(selectClass, 'w-28 shrink-0')}
              value={radiusKm}
              onChange={(e) => setRadiusKm(e.target.value)}
            >
              {RADII.map((r) => (
                <option key={r} value={String(r)}>
                  {r} km
                </option>
              ))}
            </select>
          </div>
        </fieldset>
        <fieldset className="sm:col-span-2 lg:col-span-4">
          <legend className="mb-2 text-sm font-medium">Amenities (all of them)</legend>
          <div className="grid grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-3 lg:grid-cols-6">
            {choices.map((a) => (
              <label key={a} className="flex min-h-9 cursor-pointer items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="h-4 w-4 shrink-0 cursor-pointer accent-primary"
                  checked={checked(a)}
                  onChange={(e) =>
                    setAmenities((list) =>
                      e.target.checked
                        ? [...list, a]
                        : list.filter((x) => x.toLowerCase() !== a.toLowerCase()),
                    )
                  }
                />
                {a}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="flex flex-col gap-2 sm:col-span-2 sm:flex-row lg:col-span-4">
          <Button type="submit">Apply filters</Button>
          <Button
            type="button"
            variant="ghost"
            onClick={() => {
              setMinPrice('');
              setMaxPrice('');
              setMinSize('');
              setAmenities([]);
              setAvailable('');
              setNear('');
              setSort('');
            }}
          >
            <X aria-hidden="true" /> Reset
          </Button>
        </div>
      </form>
    </section>
  );
}

// The active filters in words, for the chips above the results.
export function describeFilters(f: PanelFilters): { key: keyof PanelFilters | 'price'; label: string }[] {
  const out: { key: keyof PanelFilters | 'price'; label: string }[] = [];
  if (f.minPrice !== undefined && f.maxPrice !== undefined)
    out.push({ key: 'price', label: `$${f.minPrice}–$${f.maxPrice} / month` });
  else if (f.minPrice !== undefined) out.push({ key: 'price', label: `From $${f.minPrice} / month` });
  else if (f.maxPrice !== undefined) out.push({ key: 'price', label: `Up to $${f.maxPrice} / month` });
  if (f.minSize !== undefined)
    out.push({ key: 'minSize', label: `${f.minSize.toLocaleString('en-US')}+ sq ft` });
  if (f.near) out.push({ key: 'near', label: `Within ${f.radiusKm ?? 50} km of ${f.near}` });
  for (const a of f.amenities ?? []) out.push({ key: 'amenities', label: a });
  if (f.sort) out.push({ key: 'sort', label: `Sorted: ${SORT_LABELS[f.sort]}` });
  return out;
}
