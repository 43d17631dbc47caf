import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

// The common amenities' names in the page's language; the address keeps the English value (the
// search matches the hosts' own words), and any other amenity shows as written.
const AMENITY_LABELS: Record<string, MessageDescriptor> = {
  'water access': msg`Water access`,
  'full sun': msg`Full sun`,
  'tool shed': msg`Tool shed`,
  'compost bins': msg`Compost bins`,
  'raised beds': msg`Raised beds`,
  'drip irrigation': msg`Drip irrigation`,
  fenced: msg`Fenced`,
  greenhouse: msg`Greenhouse`,
  'rain barrels': msg`Rain barrels`,
  'fruit trees': msg`Fruit trees`,
  parking: msg`Parking`,
  'seed library': msg`Seed library`,
};

export function amenityLabel(i18n: I18n, amenity: string): string {
  const label = AMENITY_LABELS[amenity.toLowerCase()];
  return label ? i18n._(label) : amenity;
}
