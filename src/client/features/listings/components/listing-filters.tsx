import { Trans, useLingui } from '@lingui/react/macro';
import { X } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { Field } from '#client/components/ui/field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { formatMoney } from '#client/lib/format.ts';
import { COMMON_AMENITIES, LISTING_SORTS, type ListingSort } from '#shared/listing-search.ts';
import { amenityLabel } from '../amenity-labels.ts';
import { PANEL_KEYS, type PanelFilters, SORT_LABELS } from './filter-chips.ts';
import { KeptParams } from './kept-params.tsx';
import { NearPlaceField, selectClass } from './near-place-field.tsx';

const whole = (s: string) => (/^\d{1,7}$/.test(s.trim()) ? Number(s.trim()) : undefined);

// The 'Filters' panel: price range, minimum size, amenities, a free day, a place to sort by
// distance from, and the order. Nothing changes until 'Apply filters'; every value goes to the address.
// A plain GET form to `action` first, its fields named as the address's parameters and the page's
// others kept hidden, so it works before and without the script (ADR 051).
export function ListingFiltersPanel({
  id,
  value,
  onApply,
  action,
  params,
}: {
  id: string;
  value: PanelFilters;
  onApply: (next: PanelFilters) => void;
  action: string;
  params: URLSearchParams;
}) {
  const { t, i18n } = useLingui();
  const zero = formatMoney(0, i18n.locale, { whole: true });
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
        method="get"
        action={action}
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
        {/* ?filters=open (the panel opened before the script) is not kept: the results follow. */}
        <KeptParams params={params} owned={[...PANEL_KEYS, 'filters']} />
        <fieldset className="space-y-1.5" aria-describedby={priceError ? `${uid}-price-error` : undefined}>
          <legend className="text-sm font-medium">
            <Trans>Price per month ($)</Trans>
          </legend>
          <div className="flex items-center gap-2">
            <Input
              aria-label={t`Lowest price per month`}
              name="minPrice"
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
              name="maxPrice"
              inputMode="numeric"
              placeholder={t`Max`}
              value={maxPrice}
              aria-invalid={!!priceError}
              onChange={(e) => setMaxPrice(e.target.value)}
            />
          </div>
          {/* The amount as the app writes prices (its currency joined to it), kept on one line; no
              word left alone on the last line. */}
          <p className="text-pretty text-xs text-muted-foreground">
            <Trans>
              Exchanges and community gardens count as <span className="whitespace-nowrap">{zero}</span>.
            </Trans>
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
            name="minSize"
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
            name="available"
            type="date"
            value={available}
            onChange={(e) => setAvailable(e.target.value)}
          />
        </Field>
        <Field id={`${uid}-sort`} label={t`Sort by`}>
          {/* The server's own order is sent as no order, as the page's address leaves it out. */}
          <select
            id={`${uid}-sort`}
            name="sort"
            className={selectClass}
            value={shownSort === defaultSort ? '' : shownSort}
            onChange={(e) => setSort(e.target.value)}
          >
            {sorts.map((s) => (
              <option key={s} value={s === defaultSort ? '' : s}>
                {i18n._(SORT_LABELS[s])}
              </option>
            ))}
          </select>
        </Field>
        <NearPlaceField
          id={`${uid}-near`}
          near={near}
          radiusKm={radiusKm}
          onNear={setNear}
          onRadius={setRadiusKm}
        />
        <fieldset className="sm:col-span-2 lg:col-span-4">
          <legend className="mb-2 text-sm font-medium">
            <Trans>Amenities (all of them)</Trans>
          </legend>
          <div className="grid grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-3 lg:grid-cols-6">
            {choices.map((a) => (
              <label key={a} className="flex min-h-9 cursor-pointer items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  name="amenities"
                  value={a}
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
