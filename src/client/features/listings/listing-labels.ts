import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { formatMoney, formatNumber } from '#client/lib/format.ts';
import type { ListingType } from '#shared/constants.ts';

// The UI's listing texts in the page's language (the server keeps #shared/listing-text.ts).

// "Rental" / "Exchange" / "Community": the type badge.
export const TYPE_LABELS: Record<ListingType, MessageDescriptor> = {
  rental: msg`Rental`,
  exchange: msg`Exchange`,
  community: msg`Community`,
};

export function typeLabel(i18n: I18n, type: ListingType): string {
  return i18n._(TYPE_LABELS[type]);
}

// The card and side-card price: "$50 / month", "6 hrs / week", "Free community garden".
export function priceLabel(
  i18n: I18n,
  l: { type: ListingType; price: number | null; workHours: number | null },
): string | null {
  if (l.type === 'rental' && l.price !== null) {
    const price = formatMoney(l.price * 100, i18n.locale, { whole: true });
    return i18n._(msg`${price} / month`);
  }
  if (l.type === 'exchange' && l.workHours !== null) {
    const hours = formatNumber(l.workHours, i18n.locale);
    return i18n._(msg`${hours} hrs / week`);
  }
  if (l.type === 'community') return i18n._(msg`Free community garden`);
  return null;
}
