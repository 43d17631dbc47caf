import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { BookOpen, CalendarDays, Clock, FileText, Sprout, Users } from 'lucide-react';
import { Link } from 'react-router';
import { usePageHead } from '#client/lib/head.ts';
import { staticPageHead } from '#shared/seo.ts';
import { formatLongDate } from './blog-data.ts';
import { ContentLayout } from './components/content-layout.tsx';

const CATEGORIES = [
  {
    icon: Sprout,
    title: msg`Getting Started`,
    description: msg`First steps for new growers: choosing a space, what to plant first, and the tools you actually need.`,
  },
  {
    icon: BookOpen,
    title: msg`Soil & Planting`,
    description: msg`Testing and building soil, companion planting, watering schedules and organic pest control.`,
  },
  {
    icon: FileText,
    title: msg`Hosting & Agreements`,
    description: msg`Templates and checklists for writing fair rental and work-exchange agreements, and keeping everyone safe.`,
  },
  {
    icon: Users,
    title: msg`Community Building`,
    description: msg`Starting a community garden, running a seed swap, and keeping volunteers happy through the seasons.`,
  },
];

const GUIDES = [
  {
    title: msg`The Beginner's Guide to Growing on Shared Land`,
    description: msg`Everything a first-time grower needs for a successful first season on someone else’s ground, from the first conversation to the last harvest.`,
    dateTime: '2025-02-10',
    readTime: 15,
  },
  {
    title: msg`Writing a Fair Yard-Sharing Agreement`,
    description: msg`The eight points every host and grower should agree on, with plain-language examples you can adapt for rentals and work exchanges.`,
    dateTime: '2025-03-03',
    readTime: 8,
  },
  {
    title: msg`Planning a Four-Season Shared Garden`,
    description: msg`Crop rotation, succession sowing and cover crops, laid out month by month so a shared plot keeps producing all year.`,
    dateTime: '2025-03-18',
    readTime: 12,
  },
];

const PARTNERS = [
  {
    name: msg`Cooperative Extension offices`,
    text: msg`University-run local advice on soil testing, pests and what grows well in your county.`,
  },
  {
    name: msg`Neighbourhood seed libraries`,
    text: msg`Borrow seeds in spring, return saved seeds in autumn; many libraries also host swaps.`,
  },
  {
    name: msg`Community land trusts`,
    text: msg`Non-profits that keep land in community hands, often including gardens and small farms.`,
  },
  {
    name: msg`Master Gardener volunteers`,
    text: msg`Trained volunteers who answer questions and teach workshops, often for free.`,
  },
  {
    name: msg`Food banks and gleaning networks`,
    text: msg`Where surplus harvests from shared gardens can feed neighbours who need it.`,
  },
];

function ReadTime({ minutes }: { minutes: number }) {
  return <Trans>{minutes} min read</Trans>;
}

export default function ResourcesPage() {
  usePageHead((texts) => staticPageHead('/resources', {}, texts), '/resources');
  const { t, i18n } = useLingui();
  return (
    <ContentLayout
      back={{ to: '/', label: t`Back to home` }}
      eyebrow={t`Resources`}
      title={t`Growing resources`}
      intro={t`Practical guides for growers and hosts, and the organisations that help shared gardens thrive.`}
    >
      <section aria-labelledby="categories-heading">
        <h2 id="categories-heading" className="text-2xl font-bold">
          <Trans>Browse by category</Trans>
        </h2>
        <ul className="mt-4 grid gap-4 sm:grid-cols-2">
          {CATEGORIES.map((c) => (
            <li key={c.title.id} className="rounded-xl border border-border bg-card p-5">
              <c.icon aria-hidden="true" className="h-6 w-6 text-primary" />
              <h3 className="mt-2 text-lg font-semibold">{i18n._(c.title)}</h3>
              <p className="mt-1 text-muted-foreground">{i18n._(c.description)}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="guides-heading" className="mt-12">
        <h2 id="guides-heading" className="text-2xl font-bold">
          <Trans>Featured guides</Trans>
        </h2>
        <ul className="mt-4 grid gap-4">
          {GUIDES.map((g) => (
            <li key={g.title.id} className="rounded-xl border border-border bg-card p-5">
              <h3 className="text-lg font-semibold">{i18n._(g.title)}</h3>
              <p className="mt-1 text-muted-foreground">{i18n._(g.description)}</p>
              <div className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
                <span className="inline-flex items-center gap-1.5">
                  <CalendarDays aria-hidden="true" className="h-4 w-4" />
                  <time dateTime={g.dateTime}>{formatLongDate(g.dateTime, i18n.locale)}</time>
                </span>
                <span className="inline-flex items-center gap-1.5">
                  <Clock aria-hidden="true" className="h-4 w-4" />
                  <ReadTime minutes={g.readTime} />
                </span>
              </div>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="partners-heading" className="mt-12">
        <h2 id="partners-heading" className="text-2xl font-bold">
          <Trans>Partner organizations</Trans>
        </h2>
        <p className="mt-2 text-muted-foreground">
          <Trans>We work alongside local groups like these. Look for them near you.</Trans>
        </p>
        <ul className="mt-4 divide-y divide-border rounded-xl border border-border bg-card">
          {PARTNERS.map((p) => (
            <li key={p.name.id} className="p-4">
              <h3 className="font-semibold">{i18n._(p.name)}</h3>
              <p className="text-sm text-muted-foreground">{i18n._(p.text)}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="submit-heading" className="mt-12 rounded-xl bg-accent p-6">
        <h2 id="submit-heading" className="text-xl font-bold">
          <Trans>Know a great resource?</Trans>
        </h2>
        <p className="mt-2">
          <Trans>
            Guides, tools and organisations that helped your garden could help someone else&apos;s too.
          </Trans>
        </p>
        <Link
          to="/contact"
          className="mt-3 inline-block font-medium text-primary underline underline-offset-4"
        >
          <Trans>Submit a resource through our contact page</Trans>
        </Link>
      </section>
    </ContentLayout>
  );
}
