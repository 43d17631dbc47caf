import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { formatMoney, formatNumber } from '#client/lib/format.ts';
import type { ListingSort } from '#shared/listing-search.ts';
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

export const SORT_LABELS: Record<ListingSort, MessageDescriptor> = {
  newest: msg`Newest`,
  price_asc: msg`Price: low to high`,
  price_desc: msg`Price: high to low`,
  distance: msg`Distance`,
};

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
