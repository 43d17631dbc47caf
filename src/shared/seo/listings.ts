// Heads of the listings pages.
import { LISTING_TYPES, type ListingType } from '../constants.ts';
import { absoluteUrl, DEFAULT_IMAGE, DEFAULT_IMAGE_ALT, fullTitle, type PageHead } from './head.ts';

const TYPE_TITLES: Record<ListingType, string> = {
  rental: 'Garden and yard rentals',
  exchange: 'Work exchange growing spaces',
  community: 'Free community gardens',
};
const TYPE_TEXT: Record<ListingType, string> = {
  rental: 'Rent a yard, garden plot or piece of farmland by the month',
  exchange: 'Trade a few hours of work each week for space to grow',
  community: 'Join a free shared community garden',
};

export function parseListingType(value: unknown): ListingType | undefined {
  return typeof value === 'string' && (LISTING_TYPES as readonly string[]).includes(value)
    ? (value as ListingType)
    : undefined;
}

export function listingsHead(origin: string, params: { type?: string; location?: string }): PageHead {
  const type = parseListingType(params.type);
  const location = params.location?.replace(/\s+/g, ' ').trim().slice(0, 80) || undefined;
  const base = type ? TYPE_TITLES[type] : 'Browse growing spaces';
  const title = location ? `${base} in ${location}` : base;
  const lead = type ? TYPE_TEXT[type] : 'Find rentals, work exchanges and free community gardens';
  const description = `${lead}${location ? ` in and around ${location}` : ' near you'}. Browse spaces shared by local hosts on Yardshare and message them directly.`;
  const q = new URLSearchParams();
  if (type) q.set('type', type);
  if (location) q.set('location', location);
  const path = `/listings${q.size ? `?${q}` : ''}`;
  return {
    title,
    description,
    keywords: [
      'garden listings',
      'growing space',
      type ? TYPE_TITLES[type].toLowerCase() : 'garden rental',
      ...(location ? [`gardens in ${location}`] : []),
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

export function listingPriceText(l: Pick<ListingForHead, 'type' | 'price' | 'workHours'>): string {
  if (l.type === 'rental') return l.price != null ? `$${l.price} / month` : 'Rental';
  if (l.type === 'exchange') return l.workHours != null ? `${l.workHours} hrs / week` : 'Work exchange';
  return 'Free community garden';
}

export function listingHead(origin: string, l: ListingForHead): PageHead {
  const path = `/listings/${l.id}`;
  const where = `${l.city}, ${l.state}`;
  const image = l.images[0];
  const offerPrice = l.type === 'rental' ? l.price : l.type === 'community' ? 0 : null;
  return {
    title: `${l.title} in ${where}`,
    description: `${listingPriceText(l)} in ${where}. ${l.description}`,
    keywords: [
      l.type === 'rental' ? 'garden rental' : l.type === 'exchange' ? 'work exchange' : 'community garden',
      l.city,
      l.state,
      'growing space',
    ],
    path,
    image: image ?? DEFAULT_IMAGE,
    imageAlt: image ? l.title : DEFAULT_IMAGE_ALT,
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
