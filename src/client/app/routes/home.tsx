import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Calendar, Handshake, MapPin, Sprout, Users } from 'lucide-react';
import { useState } from 'react';
import { Link, useHref, useNavigate } from 'react-router';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent } from '#client/components/ui/card.tsx';
import { IconInput, Label } from '#client/components/ui/input.tsx';
import { FeaturedListings } from '#client/features/listings/components/featured-listings.tsx';
import { NearMap } from '#client/features/listings/components/map/near-map.tsx';
import { PlaceInput } from '#client/features/listings/components/places/place-input.tsx';
import { SaveButton } from '#client/features/saved/components/save-button.tsx';
import { usePageHead } from '#client/lib/head.ts';
import { useOrigin } from '#client/lib/origin.ts';
import { organizationJsonLd, websiteJsonLd } from '#shared/seo/site.ts';

const ACCESS = [
  {
    type: 'rental',
    icon: Sprout,
    title: msg`Rental spaces`,
    text: msg`Rent a garden plot or a corner of farmland by the month, at a price set by the host.`,
  },
  {
    type: 'exchange',
    icon: Handshake,
    title: msg`Work exchange`,
    text: msg`Trade a few hours of help each week for a space of your own to grow in.`,
  },
  {
    type: 'community',
    icon: Users,
    title: msg`Community gardens`,
    text: msg`Join free shared gardens, meet neighbours and swap seeds and know-how.`,
  },
] as const;

const HOSTING = [
  {
    icon: Sprout,
    title: msg`Rent It Out`,
    text: msg`Earn a monthly income from space you are not using. You set the price.`,
  },
  {
    icon: Handshake,
    title: msg`Exchange Work`,
    text: msg`Get help with the garden or farm in return for growing space.`,
  },
  {
    icon: Users,
    title: msg`Build Community`,
    text: msg`Open a free community garden and bring your neighbourhood together.`,
  },
];

// Browse, with the location when one is entered and the date when one is chosen (listings with a
// free plot that day).
function toListings(location: string, available = '') {
  const p = new URLSearchParams();
  if (location.trim()) p.set('location', location.trim());
  if (available) p.set('available', available);
  const qs = p.toString();
  return qs ? `/listings?${qs}` : '/listings';
}

// /: the landing page around the listings feature's featured spaces.
export default function HomePage() {
  const origin = useOrigin();
  usePageHead(
    (texts) => ({
      ...texts.pages['/'],
      path: '/',
      jsonLd: [organizationJsonLd(origin, texts.defaultDescription), websiteJsonLd(origin)],
    }),
    'home',
  );
  const navigate = useNavigate();
  const listingsHref = useHref('/listings');
  const { t, i18n } = useLingui();
  const [where, setWhere] = useState('');
  const [when, setWhen] = useState('');
  const [near, setNear] = useState('');
  // The place picked from the suggestions: the map shows what View Interactive Map would open.
  const [nearPlace, setNearPlace] = useState('');

  return (
    <>
      <section className="bg-gradient-to-b from-accent to-background">
        <div className="mx-auto grid max-w-7xl gap-8 px-4 py-14 md:py-24 lg:grid-cols-2 lg:items-center">
          <div>
            <h1 className="text-4xl font-bold leading-tight tracking-tight md:text-5xl">
              <Trans>Share land. Grow food. Build community.</Trans>
            </h1>
            <p className="mt-4 max-w-xl text-lg text-muted-foreground">
              <Trans>
                Yardshare connects people with unused yards, gardens and farmland to people who want to grow.
                Rent a plot, trade work for space, or join a free community garden.
              </Trans>
            </p>
          </div>
          <Card className="shadow-lg">
            <CardContent className="pt-6">
              {/* A plain GET form first: sent before the script runs, it still opens /listings with
                  the place and the day (ADR 051). */}
              {/* biome-ignore lint/a11y/useSemanticElements: a form with role=search is the widely supported landmark */}
              <form
                role="search"
                method="get"
                action={listingsHref}
                className="space-y-4"
                onSubmit={(e) => {
                  e.preventDefault();
                  navigate(toListings(where, when));
                }}
              >
                <div className="space-y-1.5">
                  <Label htmlFor="hero-where">
                    <Trans>Where</Trans>
                  </Label>
                  <PlaceInput
                    icon={MapPin}
                    id="hero-where"
                    name="location"
                    inline
                    placeholder={t`Enter location`}
                    value={where}
                    onValue={setWhere}
                  />
                </div>
                <div className="space-y-1.5">
                  <Label htmlFor="hero-when">
                    <Trans>When</Trans>
                  </Label>
                  <IconInput
                    icon={Calendar}
                    id="hero-when"
                    name="available"
                    type="date"
                    value={when}
                    onChange={(e) => setWhen(e.target.value)}
                  />
                </div>
                <Button type="submit" size="lg" className="w-full">
                  <Trans>Find Your Space Now!</Trans>
                </Button>
              </form>
            </CardContent>
          </Card>
        </div>
      </section>

      <section className="mx-auto max-w-7xl px-4 py-16" aria-labelledby="access-heading">
        <h2 id="access-heading" className="text-center text-3xl font-bold">
          <Trans>Three ways to grow</Trans>
        </h2>
        <div className="mt-8 grid gap-6 md:grid-cols-3">
          {ACCESS.map((a) => (
            <Link key={a.type} to={`/listings?type=${a.type}`} className="group rounded-xl">
              <Card className="h-full transition-shadow group-hover:shadow-md">
                <CardContent className="pt-6">
                  <a.icon aria-hidden="true" className="h-10 w-10 text-primary" />
                  <h3 className="mt-4 text-xl font-semibold">{i18n._(a.title)}</h3>
                  <p className="mt-2 text-muted-foreground">{i18n._(a.text)}</p>
                </CardContent>
              </Card>
            </Link>
          ))}
        </div>
      </section>

      <FeaturedListings
        cardAction={(l) => <SaveButton listingId={l.id} title={l.title} titles={l.titles} />}
      />

      <section aria-labelledby="near-heading" className="bg-accent/40">
        <div className="mx-auto grid max-w-7xl gap-6 px-4 py-16 lg:grid-cols-[22rem_1fr] lg:items-start">
          <div className="rounded-xl bg-card p-6 shadow-lg">
            <h2 id="near-heading" className="text-2xl font-bold">
              <Trans>Find spaces near you</Trans>
            </h2>
            <p className="mt-2 text-muted-foreground">
              <Trans>See growing spaces on the map around your town.</Trans>
            </p>
            {/* A plain GET form first, as the hero's (ADR 051, 058): the place and the map view. */}
            <form
              method="get"
              action={listingsHref}
              className="mt-4 flex flex-col gap-2"
              onSubmit={(e) => {
                e.preventDefault();
                navigate(`${toListings(near)}${near.trim() ? '&' : '?'}view=map`);
              }}
            >
              <label htmlFor="near-location" className="sr-only">
                <Trans>Location</Trans>
              </label>
              <input type="hidden" name="view" value="map" />
              <PlaceInput
                icon={MapPin}
                id="near-location"
                name="location"
                placeholder={t`Enter location`}
                value={near}
                onValue={setNear}
                onPick={setNearPlace}
              />
              <Button type="submit">
                <Trans>View Interactive Map</Trans>
              </Button>
            </form>
          </div>
          <NearMap location={nearPlace} />
        </div>
      </section>

      <section className="mx-auto max-w-7xl px-4 py-16" aria-labelledby="host-heading">
        <h2 id="host-heading" className="text-center text-3xl font-bold">
          <Trans>Have land to share?</Trans>
        </h2>
        <p className="mx-auto mt-2 max-w-2xl text-center text-muted-foreground">
          <Trans>A lawn, a side yard or a few spare acres can feed a family. Put yours to work.</Trans>
        </p>
        <div className="mt-8 grid gap-6 md:grid-cols-3">
          {HOSTING.map((h) => (
            <Card key={h.title.id}>
              <CardContent className="pt-6 text-center">
                <h.icon aria-hidden="true" className="mx-auto h-10 w-10 text-primary" />
                <h3 className="mt-4 text-xl font-semibold">{i18n._(h.title)}</h3>
                <p className="mt-2 text-muted-foreground">{i18n._(h.text)}</p>
              </CardContent>
            </Card>
          ))}
        </div>
        <div className="mt-8 text-center">
          <Button asChild size="lg">
            <Link to="/create-listing">
              <Trans>Become a Host</Trans>
            </Link>
          </Button>
        </div>
      </section>
    </>
  );
}
