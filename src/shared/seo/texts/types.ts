import type { ListingType } from '../../constants.ts';

// The static pages a head is written for (their paths, unprefixed).
export const STATIC_PATHS = [
  '/',
  '/how-it-works',
  '/our-mission',
  '/community-stories',
  '/contact',
  '/terms',
  '/privacy-policy',
  '/blog',
  '/resources',
  '/auth',
  '/create-listing',
  '/profile',
  '/messages',
  '/bookings',
  '/notifications',
  '/saved',
  '/reset-password',
  '/verify-email',
  '/unsubscribe',
  '/payment/success',
  '/payment/cancel',
] as const;
export type StaticPath = (typeof STATIC_PATHS)[number];

export type PageText = { title: string; description: string; keywords?: string[] };

// Every word of the page heads, one object per language (ADR 031). A missing key is a type error.
export type HeadTexts = {
  defaultDescription: string;
  defaultKeywords: string[];
  defaultImageAlt: string;
  pages: Record<StaticPath, PageText>;
  article: { title: string; description: string; imageAlt: string; keywords: string[]; author: string };
  listings: {
    browse: string;
    typeTitles: Record<ListingType, string>;
    typeLeads: Record<ListingType, string>;
    lead: string;
    titleIn: (base: string, location: string) => string;
    description: (lead: string, location: string | undefined) => string;
    keywords: string[];
    defaultTypeKeyword: string;
    locationKeyword: (location: string) => string;
  };
  listing: {
    title: (title: string, where: string) => string;
    description: (price: string, where: string, description: string) => string;
    pricePerMonth: (dollars: number) => string;
    hoursPerWeek: (hours: number) => string;
    rental: string;
    exchange: string;
    community: string;
    typeKeywords: Record<ListingType, string>;
    growingSpace: string;
  };
  notFound: { title: string; description: string };
  listingNotFound: { title: string; description: string };
  memberProfile: string;
  booking: string;
  editListing: string;
};
