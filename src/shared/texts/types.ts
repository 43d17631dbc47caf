// The one type of the texts the server writes (ADR 035): each language's folder, texts/<lang>/,
// holds three tables, all typed here, and <lang>/index.ts puts them together as `LanguageTexts`.
// - api.ts: the API's 4xx messages and the shared schemas' messages, keyed by the exact English
//   text (English has none: its keys are its words). Looked up by ./index.ts.
// - mail.ts: the words of e-mails and notifications; en/mail.ts is the reference (`MailTexts`).
// - heads.ts: the words of the page heads (`HeadTexts`).
// A missing key of mail.ts or heads.ts is a type error; `node scripts/check-texts.mjs` checks all
// three (./completeness.ts), with the UI's Lingui catalogues the translator's one checklist.
import type { ListingType } from '../constants.ts';
import type { en } from './en/mail.ts';

// An API message table: English text -> the language's text; `{name}` placeholders carry values.
export type TextTable = Readonly<Record<string, string>>;

// The words of e-mails and notifications (ADR 031): every language has English's keys.
export type MailTexts = typeof en;

export type LanguageTexts = { api: TextTable; mail: MailTexts; heads: HeadTexts };

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
  // Pages of the route list with no head of their own above (ADR 052).
  earnings: string;
  operatorConsole: string;
};
