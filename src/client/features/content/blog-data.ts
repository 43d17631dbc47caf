import { RISE_OF_YARDSHARING } from '#shared/seo.ts';

// The blog's posts: one published, two coming soon.
export type BlogPost = {
  slug: string;
  title: string;
  excerpt: string;
  date?: string;
  dateTime?: string;
  readTime: string;
  status: 'published' | 'coming-soon';
  topics: string[];
};

export const POSTS: BlogPost[] = [
  {
    slug: RISE_OF_YARDSHARING.slug,
    title: RISE_OF_YARDSHARING.title,
    excerpt:
      'Lawns are becoming vegetable beds as neighbours share yards with people who want to grow. Where the movement came from, why it is taking off, and how to join in.',
    date: RISE_OF_YARDSHARING.dateLabel,
    dateTime: RISE_OF_YARDSHARING.datePublished,
    readTime: RISE_OF_YARDSHARING.readTime,
    status: 'published',
    topics: ['Urban Farming', 'Yardsharing'],
  },
  {
    slug: 'community-gardening-benefits',
    title: 'Community Gardening Benefits',
    excerpt:
      'Fresher food, stronger neighbourhoods, calmer minds: what research and gardeners say a shared garden gives back.',
    readTime: 'about 10 min read',
    status: 'coming-soon',
    topics: ['Community Gardens', 'Health & Wellbeing'],
  },
  {
    slug: 'digital-nomad-gardeners',
    title: 'Digital Nomad Gardeners',
    excerpt:
      'Laptop by day, trowel by evening: how remote workers trade a few hours a week for a garden wherever they land.',
    readTime: 'about 7 min read',
    status: 'coming-soon',
    topics: ['Work Exchange', 'Digital Nomads'],
  },
];

export const TOPICS = [
  'Yardsharing',
  'Urban Farming',
  'Community Gardens',
  'Work Exchange',
  'Digital Nomads',
  'Sustainable Living',
  'Health & Wellbeing',
];
