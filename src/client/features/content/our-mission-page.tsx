import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { HeartHandshake, Leaf, Scale, Sprout, Sun, Users } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '#client/components/ui/button.tsx';
import { usePageHead } from '#client/lib/head.ts';
import { staticPageHead } from '#shared/seo.ts';
import { PageHero, Section } from './components/page-parts.tsx';

const VALUES = [
  {
    icon: Sprout,
    title: msg`Grow more food, closer to home`,
    text: msg`Every lawn turned into beds is food that does not need a truck, a warehouse or a plastic clamshell.`,
  },
  {
    icon: HeartHandshake,
    title: msg`Trust between neighbours`,
    text: msg`Clear listings, honest reviews and direct conversation, so a stranger at the garden gate quickly becomes a friend.`,
  },
  {
    icon: Scale,
    title: msg`Fair to hosts and growers`,
    text: msg`Free to join, a single visible fee on rentals, and arrangements that both sides agree on before anything starts.`,
  },
  {
    icon: Leaf,
    title: msg`Care for the soil`,
    text: msg`We favour practices that leave the ground healthier than we found it: compost, cover crops and no harsh chemicals.`,
  },
];

const IMPACT = [
  {
    icon: Sun,
    title: msg`Idle land put to work`,
    text: msg`Yards, side lots and unused corners of farms become productive again, season after season.`,
  },
  {
    icon: Users,
    title: msg`People who can grow`,
    text: msg`Renters, apartment dwellers, students and travellers get a place to grow without owning land.`,
  },
  {
    icon: Leaf,
    title: msg`Knowledge that travels`,
    text: msg`Experienced hosts teach new growers; growers bring seeds, skills and fresh ideas from wherever they come from.`,
  },
];

export default function OurMissionPage() {
  usePageHead((texts) => staticPageHead('/our-mission', {}, texts), '/our-mission');
  const { t, i18n } = useLingui();
  return (
    <>
      <PageHero
        eyebrow={t`Our mission`}
        title={t`Every patch of good soil deserves a gardener`}
        intro={t`Millions of square feet of yard sit idle while people who want to grow food have nowhere to do it. Yardshare exists to bring the two together.`}
      />
      <Section id="vision" title={t`Our vision`}>
        <div className="grid gap-6 text-lg leading-relaxed md:grid-cols-2">
          <p>
            <Trans>
              We picture neighbourhoods where the fence between a lawn and a would-be gardener is easy to
              open. Where a retired couple with a big backyard shares it with a young family, and both go home
              with tomatoes. Where a traveller spends a summer trading work for a plot on a small farm.
            </Trans>
          </p>
          <p>
            <Trans>
              Our goal is to become the world&apos;s largest community garden and farm network: a place where
              anyone, anywhere, can find land to grow on, and anyone with land can share it safely and fairly.
            </Trans>
          </p>
        </div>
      </Section>
      <Section id="values" title={t`What we value`}>
        <ul className="grid gap-6 sm:grid-cols-2">
          {VALUES.map((v) => (
            <li key={v.title.id} className="rounded-xl border border-border bg-card p-6">
              <v.icon aria-hidden="true" className="h-7 w-7 text-primary" />
              <h3 className="mt-3 text-lg font-semibold">{i18n._(v.title)}</h3>
              <p className="mt-2 text-muted-foreground">{i18n._(v.text)}</p>
            </li>
          ))}
        </ul>
      </Section>
      <Section
        id="impact"
        title={t`The impact we work for`}
        intro={t`We measure ourselves by what grows, who gets to grow it, and what they learn along the way.`}
      >
        <ul className="grid gap-6 md:grid-cols-3">
          {IMPACT.map((i) => (
            <li key={i.title.id}>
              <i.icon aria-hidden="true" className="h-7 w-7 text-earth" />
              <h3 className="mt-3 font-semibold">{i18n._(i.title)}</h3>
              <p className="mt-2 text-muted-foreground">{i18n._(i.text)}</p>
            </li>
          ))}
        </ul>
        <div className="mt-10 flex flex-wrap gap-3">
          <Button asChild size="lg">
            <Link to="/create-listing">
              <Trans>Share your land</Trans>
            </Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to="/community-stories">
              <Trans>Read community stories</Trans>
            </Link>
          </Button>
        </div>
      </Section>
    </>
  );
}
