import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Quote } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '#client/components/ui/button.tsx';
import { usePageHead } from '#client/lib/head.ts';
import { staticPageHead } from '#shared/seo.ts';
import { PageHero, Section } from './components/page-parts.tsx';

const STORIES = [
  {
    name: 'Margaret O.',
    host: true,
    role: msg`Host`,
    place: msg`Sacramento, California`,
    arrangement: msg`Rental`,
    quote: msg`After my husband passed, the vegetable garden he loved went quiet. Now two young families rent the beds. I get to watch the kids pull carrots every Saturday, and the garden is fuller than it has been in twenty years.`,
  },
  {
    name: 'Diego R.',
    host: false,
    role: msg`Grower`,
    place: msg`Asheville, North Carolina`,
    arrangement: msg`Work exchange`,
    quote: msg`I work remotely and move with the seasons. Six hours a week helping on a small market farm earns me my own rows of peppers and squash, and I have learned more about soil in one summer than in ten years of reading.`,
  },
  {
    name: 'Aisha K.',
    host: false,
    role: msg`Grower`,
    place: msg`Columbus, Ohio`,
    arrangement: msg`Community garden`,
    quote: msg`I live in a third-floor apartment and thought gardening was for people with yards. The community garden I found here is free, five minutes away, and full of neighbours who swap seedlings like trading cards.`,
  },
];

export default function CommunityStoriesPage() {
  usePageHead((texts) => staticPageHead('/community-stories', {}, texts), '/community-stories');
  const { t } = useLingui();
  return (
    <>
      <PageHero
        eyebrow={t`Community stories`}
        title={t`Stories from the garden gate`}
        intro={t`Hosts and growers tell us what sharing land has changed for them. Here are three of our favourites.`}
      />
      {/* Hosts' and growers' stories apart: the footer's "Host Stories" opens #hosts (ADR 052). */}
      <Section id="hosts" title={t`From our hosts`}>
        <StoryList stories={STORIES.filter((s) => s.host)} />
      </Section>
      <Section id="growers" title={t`From our growers`}>
        <StoryList stories={STORIES.filter((s) => !s.host)} />
      </Section>
      <Section id="share" title={t`Share your story`}>
        <p className="max-w-2xl text-muted-foreground">
          <Trans>
            Has a shared garden changed your week, your table or your street? We would love to hear about it.
          </Trans>
        </p>
        <Button asChild className="mt-6">
          <Link to="/contact">
            <Trans>Tell us your story</Trans>
          </Link>
        </Button>
      </Section>
    </>
  );
}

function StoryList({ stories }: { stories: typeof STORIES }) {
  const { i18n } = useLingui();
  return (
    <ul className="grid gap-6 md:grid-cols-3">
      {stories.map((s) => (
        <li key={s.name}>
          <figure className="flex h-full flex-col rounded-xl border border-border bg-card p-6 shadow-sm">
            <Quote aria-hidden="true" className="h-7 w-7 text-primary" />
            <blockquote className="mt-3 flex-1 leading-relaxed">
              <p>{i18n._(s.quote)}</p>
            </blockquote>
            <figcaption className="mt-6 border-t border-border pt-4">
              <span className="block font-semibold">{s.name}</span>
              <span className="block text-sm text-muted-foreground">
                {i18n._(s.role)} · {i18n._(s.arrangement)} · {i18n._(s.place)}
              </span>
            </figcaption>
          </figure>
        </li>
      ))}
    </ul>
  );
}
