// Heads of the listings pages, in the language of the texts given (no language imported here: the
// first visit's code needs parseListingType and no page texts).
import type { ListingType } from '../constants.ts';
import type { HeadTexts } from '../texts/types.ts';
import { absoluteUrl, DEFAULT_IMAGE, fullTitle, type PageHead } from './head.ts';
import { parseListingType } from './listing-type.ts';

export { parseListingType };

export function listingsHead(
  origin: string,
  params: { type?: string; location?: string },
  texts: HeadTexts,
): PageHead {
  const words = texts.listings;
  const type = parseListingType(params.type);
  const location = params.location?.replace(/\s+/g, ' ').trim().slice(0, 80) || undefined;
  const base = type ? words.typeTitles[type] : words.browse;
  const title = location ? words.titleIn(base, location) : base;
  const lead = type ? words.typeLeads[type] : words.lead;
  const description = words.description(lead, location);
  const q = new URLSearchParams();
  if (type) q.set('type', type);
  if (location) q.set('location', location);
  const path = `/listings${q.size ? `?${q}` : ''}`;
  return {
    title,
    description,
    keywords: [
      ...words.keywords,
      type ? words.typeTitles[type].toLowerCase() : words.defaultTypeKeyword,
      ...(location ? [words.locationKeyword(location)] : []),
    ],
    path,
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'CollectionPage',
      name: fullTitle(title),
      description,
      url: origin + path,
    },
  };
}

export type ListingForHead = {
  id: number;
  title: string;
  description: string;
  type: ListingType;
  price: number | null;
  workHours: number | null;
  city: string;
  state: string;
  images: string[];
};

export function listingPriceText(
  l: Pick<ListingForHead, 'type' | 'price' | 'workHours'>,
  texts: HeadTexts,
): string {
  const words = texts.listing;
  if (l.type === 'rental') return l.price != null ? words.pricePerMonth(l.price) : words.rental;
  if (l.type === 'exchange') return l.workHours != null ? words.hoursPerWeek(l.workHours) : words.exchange;
  return words.community;
}

export function listingHead(origin: string, l: ListingForHead, texts: HeadTexts): PageHead {
  const words = texts.listing;
  const path = `/listings/${l.id}`;
  const where = `${l.city}, ${l.state}`;
  const image = l.images[0];
  const offerPrice = l.type === 'rental' ? l.price : l.type === 'community' ? 0 : null;
  return {
    title: words.title(l.title, where),
    description: words.description(listingPriceText(l, texts), where, l.description),
    keywords: [words.typeKeywords[l.type], l.city, l.state, words.growingSpace],
    path,
    image: image ?? DEFAULT_IMAGE,
    imageAlt: image ? l.title : texts.defaultImageAlt,
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: l.title,
      description: l.description,
      url: origin + path,
      image: absoluteUrl(origin, image ?? DEFAULT_IMAGE),
      category: l.type,
      ...(offerPrice != null
        ? {
            offers: {
              '@type': 'Offer',
              price: String(offerPrice),
              priceCurrency: 'USD',
              availability: 'https://schema.org/InStock',
              url: origin + path,
              areaServed: where,
            },
          }
        : {}),
    },
  };
}
