import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { X } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { Field } from '#client/components/ui/field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { formatMoney, formatNumber } from '#client/lib/format.ts';
import { cn } from '#client/lib/utils.ts';
import { COMMON_AMENITIES, LISTING_SORTS, type ListingSort } from '#shared/listing-search.ts';
import { amenityLabel } from '../amenity-labels.ts';
import type { BrowseFilters } from '../api/browse-filters.ts';

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

const SORT_LABELS: Record<ListingSort, MessageDescriptor> = {
  newest: msg`Newest`,
  price_asc: msg`Price: low to high`,
  price_desc: msg`Price: high to low`,
  distance: msg`Distance`,
};

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
  const { t, i18n } = useLingui();
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
      ? t`Prices are whole numbers of dollars`
      : min !== undefined && max !== undefined && min > max
        ? t`The lowest price must not be above the highest`
        : undefined;
  const sizeError =
    minSize.trim() && whole(minSize) === undefined ? t`Size is a whole number of square feet` : undefined;
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
    <section
      id={id}
      aria-label={t`Filters`}
      className="mt-4 rounded-xl border border-border bg-card p-4 sm:p-5"
    >
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
          <legend className="text-sm font-medium">
            <Trans>Price per month ($)</Trans>
          </legend>
          <div className="flex items-center gap-2">
            <Input
              aria-label={t`Lowest price per month`}
              inputMode="numeric"
              placeholder={t`Min`}
              value={minPrice}
              aria-invalid={!!priceError}
              onChange={(e) => setMinPrice(e.target.value)}
            />
            <span aria-hidden="true" className="text-muted-foreground">
              –
            </span>
            <Input
              aria-label={t`Highest price per month`}
              inputMode="numeric"
              placeholder={t`Max`}
              value={maxPrice}
              aria-invalid={!!priceError}
              onChange={(e) => setMaxPrice(e.target.value)}
            />
          </div>
          <p className="text-xs text-muted-foreground">
            <Trans>Exchanges and community gardens count as $0.</Trans>
          </p>
          {priceError ? (
            <p id={`${uid}-price-error`} role="alert" className="text-sm text-destructive">
              {priceError}
            </p>
          ) : null}
        </fieldset>
        <Field id={`${uid}-size`} label={t`Minimum size (sq ft)`} error={sizeError}>
          <Input
            id={`${uid}-size`}
            inputMode="numeric"
            placeholder={t`Any size`}
            value={minSize}
            aria-invalid={!!sizeError}
            aria-describedby={sizeError ? `${uid}-size-error` : undefined}
            onChange={(e) => setMinSize(e.target.value)}
          />
        </Field>
        <Field id={`${uid}-available`} label={t`Available on`}>
          <Input
            id={`${uid}-available`}
            type="date"
            value={available}
            onChange={(e) => setAvailable(e.target.value)}
          />
        </Field>
        <Field id={`${uid}-sort`} label={t`Sort by`}>
          <select
            id={`${uid}-sort`}
            className={selectClass}
            value={shownSort}
            onChange={(e) => setSort(e.target.value)}
          >
            {sorts.map((s) => (
              <option key={s} value={s}>
                {i18n._(SORT_LABELS[s])}
              </option>
            ))}
          </select>
        </Field>
        <fieldset className="space-y-1.5 sm:col-span-2">
          <legend className="text-sm font-medium">
            <Trans>Near a place</Trans>
          </legend>
          <div className="flex gap-2">
            <Input
              aria-label={t`Near a place (city, state)`}
              className="min-w-0 flex-1"
              placeholder={t`City, State`}
              value={near}
              onChange={(e) => setNear(e.target.value)}
            />
            <select
              aria-label={t`Distance`}
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
          <legend className="mb-2 text-sm font-medium">
            <Trans>Amenities (all of them)</Trans>
          </legend>
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
                {amenityLabel(i18n, a)}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="flex flex-col gap-2 sm:col-span-2 sm:flex-row lg:col-span-4">
          <Button type="submit">
            <Trans>Apply filters</Trans>
          </Button>
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
            <X aria-hidden="true" /> <Trans>Reset</Trans>
          </Button>
        </div>
      </form>
    </section>
  );
}

// The active filters in words, for the chips above the results (value: the amenity it removes).
export type FilterChip = { key: keyof PanelFilters | 'price'; label: string; value: string };
export function describeFilters(f: PanelFilters, i18n: I18n): FilterChip[] {
  const out: FilterChip[] = [];
  const chip = (key: FilterChip['key'], label: string, value = '') => out.push({ key, label, value });
  const money = (dollars: number) => formatMoney(dollars * 100, i18n.locale, { whole: true });
  if (f.minPrice !== undefined && f.maxPrice !== undefined) {
    const min = money(f.minPrice);
    const max = money(f.maxPrice);
    chip('price', i18n._(msg`${min}–${max} / month`));
  } else if (f.minPrice !== undefined) {
    const min = money(f.minPrice);
    chip('price', i18n._(msg`From ${min} / month`));
  } else if (f.maxPrice !== undefined) {
    const max = money(f.maxPrice);
    chip('price', i18n._(msg`Up to ${max} / month`));
  }
  if (f.minSize !== undefined) {
    const size = formatNumber(f.minSize, i18n.locale);
    chip('minSize', i18n._(msg`${size}+ sq ft`));
  }
  if (f.near) {
    const radius = formatNumber(f.radiusKm ?? 50, i18n.locale);
    const place = f.near;
    chip('near', i18n._(msg`Within ${radius} km of ${place}`));
  }
  for (const a of f.amenities ?? []) chip('amenities', amenityLabel(i18n, a), a);
  if (f.sort) {
    const order = i18n._(SORT_LABELS[f.sort]);
    chip('sort', i18n._(msg`Sorted: ${order}`));
  }
  return out;
}
