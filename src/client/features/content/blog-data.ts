import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { intlLocale } from '#client/lib/format.ts';
import { RISE_OF_YARDSHARING } from '#shared/seo.ts';

// The blog's posts: one published, two coming soon. Texts are message descriptors, rendered with
// the page's i18n instance.
export type BlogPost = {
  slug: string;
  title: MessageDescriptor;
  excerpt: MessageDescriptor;
  dateTime?: string;
  readTime: MessageDescriptor;
  status: 'published' | 'coming-soon';
  topics: MessageDescriptor[];
};

// "March 25, 2025" / "25 de marzo de 2025" / "2025年3月25日" for an ISO date (UTC, so pre-rendered
// and hydrated markup agree).
export function formatLongDate(iso: string, locale = 'en'): string {
  return new Date(iso).toLocaleDateString(intlLocale(locale), {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

export const TOPIC = {
  yardsharing: msg`Yardsharing`,
  urbanFarming: msg`Urban Farming`,
  communityGardens: msg`Community Gardens`,
  workExchange: msg`Work Exchange`,
  digitalNomads: msg`Digital Nomads`,
  sustainableLiving: msg`Sustainable Living`,
  health: msg`Health & Wellbeing`,
};

// The published article's title and texts the page shows (the English ones in #shared/seo.ts
// serve the page head).
export const ARTICLE = {
  title: msg`The Rise of Yardsharing`,
  imageAlt: msg`Raised garden beds in a shared backyard, drawn in green and earth tones`,
  readTime: msg`8 min read`,
};

export const POSTS: BlogPost[] = [
  {
    slug: RISE_OF_YARDSHARING.slug,
    title: ARTICLE.title,
    excerpt: msg`Lawns are becoming vegetable beds as neighbours share yards with people who want to grow. Where the movement came from, why it is taking off, and how to join in.`,
    dateTime: RISE_OF_YARDSHARING.datePublished,
    readTime: ARTICLE.readTime,
    status: 'published',
    topics: [TOPIC.urbanFarming, TOPIC.yardsharing],
  },
  {
    slug: 'community-gardening-benefits',
    title: msg`Community Gardening Benefits`,
    excerpt: msg`Fresher food, stronger neighbourhoods, calmer minds: what research and gardeners say a shared garden gives back.`,
    readTime: msg`about 10 min read`,
    status: 'coming-soon',
    topics: [TOPIC.communityGardens, TOPIC.health],
  },
  {
    slug: 'digital-nomad-gardeners',
    title: msg`Digital Nomad Gardeners`,
    excerpt: msg`Laptop by day, trowel by evening: how remote workers trade a few hours a week for a garden wherever they land.`,
    readTime: msg`about 7 min read`,
    status: 'coming-soon',
    topics: [TOPIC.workExchange, TOPIC.digitalNomads],
  },
];

export const TOPICS: MessageDescriptor[] = [
  TOPIC.yardsharing,
  TOPIC.urbanFarming,
  TOPIC.communityGardens,
  TOPIC.workExchange,
  TOPIC.digitalNomads,
  TOPIC.sustainableLiving,
  TOPIC.health,
];
