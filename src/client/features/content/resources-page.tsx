import { BookOpen, CalendarDays, Clock, FileText, Sprout, Users } from 'lucide-react';
import { Link } from 'react-router';
import { usePageHead } from '#client/lib/head.ts';
import { staticPageHead } from '#shared/seo.ts';
import { ContentLayout } from './components/content-layout.tsx';

const CATEGORIES = [
  {
    icon: Sprout,
    title: 'Getting Started',
    description:
      'First steps for new growers: choosing a space, what to plant first, and the tools you actually need.',
  },
  {
    icon: BookOpen,
    title: 'Soil & Planting',
    description:
      'Testing and building soil, companion planting, watering schedules and organic pest control.',
  },
  {
    icon: FileText,
    title: 'Hosting & Agreements',
    description:
      'Templates and checklists for writing fair rental and work-exchange agreements, and keeping everyone safe.',
  },
  {
    icon: Users,
    title: 'Community Building',
    description:
      'Starting a community garden, running a seed swap, and keeping volunteers happy through the seasons.',
  },
];

const GUIDES = [
  {
    title: "The Beginner's Guide to Growing on Shared Land",
    description:
      'Everything a first-time grower needs for a successful first season on someone else’s ground, from the first conversation to the last harvest.',
    date: 'February 10, 2025',
    dateTime: '2025-02-10',
    readTime: 15,
  },
  {
    title: 'Writing a Fair Yard-Sharing Agreement',
    description:
      'The eight points every host and grower should agree on, with plain-language examples you can adapt for rentals and work exchanges.',
    date: 'March 3, 2025',
    dateTime: '2025-03-03',
    readTime: 8,
  },
  {
    title: 'Planning a Four-Season Shared Garden',
    description:
      'Crop rotation, succession sowing and cover crops, laid out month by month so a shared plot keeps producing all year.',
    date: 'March 18, 2025',
    dateTime: '2025-03-18',
    readTime: 12,
  },
];

const PARTNERS = [
  {
    name: 'Cooperative Extension offices',
    text: 'University-run local advice on soil testing, pests and what grows well in your county.',
  },
  {
    name: 'Neighbourhood seed libraries',
    text: 'Borrow seeds in spring, return saved seeds in autumn; many libraries also host swaps.',
  },
  {
    name: 'Community land trusts',
    text: 'Non-profits that keep land in community hands, often including gardens and small farms.',
  },
  {
    name: 'Master Gardener volunteers',
    text: 'Trained volunteers who answer questions and teach workshops, often for free.',
  },
  {
    name: 'Food banks and gleaning networks',
    text: 'Where surplus harvests from shared gardens can feed neighbours who need it.',
  },
];

export default function ResourcesPage() {
  usePageHead(staticPageHead('/resources'));
  return (
    <ContentLayout
      back={{ to: '/', label: 'Back to home' }}
      eyebrow="Resources"
      title="Growing resources"
      intro="Practical guides for growers and hosts, and the organisations that help shared gardens thrive."
    >
      <section aria-labelledby="categories-heading">
        <h2 id="categories-heading" className="text-2xl font-bold">
          Browse by category
        </h2>
        <ul className="mt-4 grid gap-4 sm:grid-cols-2">
          {CATEGORIES.map((c) => (
            <li key={c.title} className="rounded-xl border border-border bg-card p-5">
              <c.icon aria-hidden="true" className="h-6 w-6 text-primary" />
              <h3 className="mt-2 text-lg font-semibold">{c.title}</h3>
              <p className="mt-1 text-muted-foreground">{c.description}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="guides-heading" className="mt-12">
        <h2 id="guides-heading" className="text-2xl font-bold">
          Featured guides
        </h2>
        <ul className="mt-4 grid gap-4">
          {GUIDES.map((g) => (
            <li key={g.title} className="rounded-xl border border-border bg-card p-5">
              <h3 className="text-lg font-semibold">{g.title}</h3>
              <p className="mt-1 text-muted-foreground">{g.description}</p>
              <div className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
                <span className="inline-flex items-center gap-1.5">
                  <CalendarDays aria-hidden="true" className="h-4 w-4" />
                  <time dateTime={g.dateTime}>{g.date}</time>
                </span>
                <span className="inline-flex items-center gap-1.5">
                  <Clock aria-hidden="true" className="h-4 w-4" />
                  {g.readTime} min read
                </span>
              </div>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="partners-heading" className="mt-12">
        <h2 id="partners-heading" className="text-2xl font-bold">
          Partner organizations
        </h2>
        <p className="mt-2 text-muted-foreground">
          We work alongside local groups like these. Look for them near you.
        </p>
        <ul className="mt-4 divide-y divide-border rounded-xl border border-border bg-card">
          {PARTNERS.map((p) => (
            <li key={p.name} className="p-4">
              <h3 className="font-semibold">{p.name}</h3>
              <p className="text-sm text-muted-foreground">{p.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="submit-heading" className="mt-12 rounded-xl bg-accent p-6">
        <h2 id="submit-heading" className="text-xl font-bold">
          Know a great resource?
        </h2>
        <p className="mt-2">
          Guides, tools and organisations that helped your garden could help someone else&apos;s too.
        </p>
        <Link
          to="/contact"
          className="mt-3 inline-block font-medium text-primary underline underline-offset-4"
        >
          Submit a resource through our contact page
        </Link>
      </section>
    </ContentLayout>
  );
}
