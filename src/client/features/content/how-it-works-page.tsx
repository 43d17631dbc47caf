import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Check,
  Handshake,
  MessageCircle,
  Minus,
  Search,
  ShieldCheck,
  Sprout,
  Star,
  Users,
  Wallet,
} from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#client/components/ui/tabs.tsx';
import { usePageHead } from '#client/lib/head.ts';
import { useHoldText } from '#client/lib/payment-terms.ts';
import { PLATFORM_FEE_PERCENT } from '#shared/constants.ts';
import { staticPageHead } from '#shared/seo.ts';
import { PageHero, Section } from './components/page-parts.tsx';

const feePercent = PLATFORM_FEE_PERCENT;
// The configured hold (PAYOUT_HOLD_HOURS) is given when a text is shown: see withHold.
const hold = '';

const WAYS = [
  {
    icon: Wallet,
    title: msg`Rent a plot`,
    text: msg`Pay a monthly price set by the host for your own patch of a yard, garden or farm. Good when you want a dependable space and your weekends to yourself.`,
    to: '/listings?type=rental',
    cta: msg`Browse rentals`,
  },
  {
    icon: Handshake,
    title: msg`Exchange work for space`,
    text: msg`Trade a set number of hours a week, from weeding to harvesting, for room to grow your own food. No money changes hands and no membership is needed.`,
    to: '/listings?type=exchange',
    cta: msg`Browse work exchanges`,
  },
  {
    icon: Users,
    title: msg`Join a community garden`,
    text: msg`Free, shared gardens run by neighbours, schools and local groups. Bring your curiosity and a pair of gloves; the community brings the rest.`,
    to: '/listings?type=community',
    cta: msg`Find community gardens`,
  },
];

const GROWER_STEPS = [
  [
    msg`Search near you`,
    msg`Look up your city or state and filter by rentals, work exchanges or free community gardens.`,
  ],
  [
    msg`Read the listing`,
    msg`Check the size, sun, water, amenities and reviews from growers who have worked the space before.`,
  ],
  [
    msg`Message the host`,
    msg`Introduce yourself, say what you would like to grow and agree on access times before anything is paid.`,
  ],
  [
    msg`Book and grow`,
    msg`Pay for rentals through the secure checkout, or start your agreed hours for an exchange. Then plant.`,
  ],
];

const HOST_STEPS = [
  [
    msg`Describe your space`,
    msg`Add photos, size, location, what is on site (water, tools, shed) and the kind of arrangement you want.`,
  ],
  [
    msg`Choose the arrangement`,
    msg`Set a monthly price, the hours of help you would like each week, or open it as a free community garden.`,
  ],
  [
    msg`Meet growers`,
    msg`Answer messages, meet in person if you like, and agree on access, care and what happens at season end.`,
  ],
  [
    msg`Get paid or get help`,
    msg`Rental payments arrive after the rental begins, minus the ${feePercent}% service fee. Exchanges pay in help and produce.`,
  ],
];

const FEATURES = [
  {
    icon: Search,
    title: msg`Search by place and type`,
    text: msg`Find spaces by city or state and switch between rentals, exchanges and community gardens in one tap.`,
  },
  {
    icon: MessageCircle,
    title: msg`Built-in messaging`,
    text: msg`Talk to hosts and growers without sharing your phone number or e-mail until you are ready.`,
  },
  {
    icon: ShieldCheck,
    title: msg`Protected payments`,
    text: msg`Rental payments are held until ${hold} after the rental period begins, so both sides have time to settle in.`,
  },
  {
    icon: Star,
    title: msg`Honest reviews`,
    text: msg`Growers rate the spaces they have worked, from 1 to 5 stars, so the next grower knows what to expect.`,
  },
];

const FAQ = [
  [
    msg`Does it cost anything to join?`,
    msg`No. Creating an account, listing a space, messaging and joining exchanges or community gardens are all free.`,
  ],
  [
    msg`What fees does Yardshare charge?`,
    msg`Only rentals carry a fee: a ${feePercent}% service fee, shown on the payment button before you pay. Work exchanges and community gardens are free.`,
  ],
  [
    msg`When does the host receive a rental payment?`,
    msg`Payments are held until ${hold} after the rental period begins. That gives the grower time to arrive and confirm the space is as described.`,
  ],
  [
    msg`How do payments work?`,
    msg`Rentals are paid through a hosted crypto checkout. You are redirected to the payment page, and confirmation on the blockchain can take a few minutes.`,
  ],
  [
    msg`How many hours is a work exchange?`,
    msg`Each host sets the hours per week in the listing, between 1 and 40. Most exchanges ask for a few hours of garden work each week.`,
  ],
  [
    msg`I travel a lot. Can I still take part?`,
    msg`Yes. Many growers are travellers and digital nomads who pick up an exchange or a short rental wherever they are staying for the season.`,
  ],
  [
    msg`What if something goes wrong?`,
    msg`Start by messaging the other person: most issues are misunderstandings. If that does not work, contact us and we will help you both find a fair way forward.`,
  ],
];

type Cell = boolean | MessageDescriptor;
const COMPARISON: { feature: MessageDescriptor; yardshare: Cell; membership: Cell; waitlist: Cell }[] = [
  {
    feature: msg`Cost to join`,
    yardshare: msg`Free`,
    membership: msg`Yearly membership fee`,
    waitlist: msg`Annual plot fee`,
  },
  {
    feature: msg`Paid rentals, work exchanges and free gardens in one place`,
    yardshare: true,
    membership: false,
    waitlist: false,
  },
  {
    feature: msg`Message hosts before committing`,
    yardshare: true,
    membership: msg`After paying to join`,
    waitlist: false,
  },
  {
    feature: msg`Backyards and small urban plots`,
    yardshare: true,
    membership: msg`Mostly farms`,
    waitlist: msg`Municipal sites only`,
  },
  {
    feature: msg`Typical wait for a space`,
    yardshare: msg`Days`,
    membership: msg`Weeks`,
    waitlist: msg`Months to years`,
  },
  {
    feature: msg`Reviews of each space`,
    yardshare: true,
    membership: msg`Varies by network`,
    waitlist: false,
  },
];

// A text that quotes the hold says it only once the server's figure is known (ADR 045).
function useSay() {
  const { i18n } = useLingui();
  const holdText = useHoldText();
  return (d: MessageDescriptor) => {
    if (!('hold' in (d.values ?? {}))) return i18n._(d);
    if (!holdText) return '';
    const withHold: MessageDescriptor = { ...d, values: { ...d.values, hold: holdText } };
    return i18n._(withHold);
  };
}

function CellValue({ value }: { value: Cell }) {
  const { i18n } = useLingui();
  if (value === true)
    return (
      <span className="inline-flex items-center gap-1 text-primary">
        <Check aria-hidden="true" className="h-4 w-4" /> <Trans>Yes</Trans>
      </span>
    );
  if (value === false)
    return (
      <span className="inline-flex items-center gap-1 text-muted-foreground">
        <Minus aria-hidden="true" className="h-4 w-4" /> <Trans>No</Trans>
      </span>
    );
  return <span>{i18n._(value)}</span>;
}

function StepList({ steps }: { steps: MessageDescriptor[][] }) {
  const { i18n } = useLingui();
  return (
    <ol className="grid gap-4 md:grid-cols-2">
      {steps.map(([title, text], i) => (
        <li key={title.id} className="flex gap-4 rounded-xl border border-border bg-card p-5">
          <span
            aria-hidden="true"
            className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-primary font-semibold text-primary-foreground"
          >
            {i + 1}
          </span>
          <div>
            <h4 className="font-semibold">{i18n._(title)}</h4>
            <p className="mt-1 text-sm text-muted-foreground">{i18n._(text)}</p>
          </div>
        </li>
      ))}
    </ol>
  );
}

export default function HowItWorksPage() {
  usePageHead((texts) => staticPageHead('/how-it-works', {}, texts), '/how-it-works');
  const { t, i18n } = useLingui();
  const say = useSay();
  return (
    <>
      <PageHero
        eyebrow={t`How it works`}
        title={t`Land that wants growing, people who want to grow`}
        intro={t`Yardshare matches people who have growing space with people who want to grow food. Pick the arrangement that suits you, talk it through, and start planting.`}
      >
        <div className="mt-8 flex flex-wrap gap-3">
          <Button asChild size="lg">
            <Link to="/listings">
              <Trans>Find a space</Trans>
            </Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to="/create-listing">
              <Trans>Host your space</Trans>
            </Link>
          </Button>
        </div>
      </PageHero>

      <Section
        id="ways"
        title={t`Three ways to take part`}
        intro={t`Every listing is one of three arrangements. Hosts choose; growers filter.`}
      >
        <div className="grid gap-4 md:grid-cols-3">
          {WAYS.map((w) => (
            <Card key={w.title.id} className="flex flex-col">
              <CardHeader>
                <w.icon aria-hidden="true" className="h-8 w-8 text-primary" />
                <CardTitle>{i18n._(w.title)}</CardTitle>
                <CardDescription>{i18n._(w.text)}</CardDescription>
              </CardHeader>
              <CardContent className="mt-auto">
                <Link to={w.to} className="font-medium text-primary underline-offset-4 hover:underline">
                  {i18n._(w.cta)}
                </Link>
              </CardContent>
            </Card>
          ))}
        </div>
      </Section>

      <Section id="guides" title={t`Step by step`} intro={t`A short guide for each side of the garden gate.`}>
        <Tabs defaultValue="growers">
          <TabsList className="max-w-md">
            <TabsTrigger value="growers">
              <Trans>For Growers</Trans>
            </TabsTrigger>
            <TabsTrigger value="hosts">
              <Trans>For Hosts</Trans>
            </TabsTrigger>
          </TabsList>
          <TabsContent value="growers">
            <h3 className="mb-4 text-lg font-semibold">
              <Trans>Grower guide: from search to first harvest</Trans>
            </h3>
            <StepList steps={GROWER_STEPS} />
          </TabsContent>
          <TabsContent value="hosts">
            <h3 className="mb-4 text-lg font-semibold">
              <Trans>Host guide: from idle lawn to living garden</Trans>
            </h3>
            <StepList steps={HOST_STEPS} />
          </TabsContent>
        </Tabs>
      </Section>

      <Section id="features" title={t`What makes it work`} className="md:py-10">
        <ul className="grid gap-6 sm:grid-cols-2">
          {FEATURES.map((f) => (
            <li key={f.title.id} className="flex gap-4">
              <f.icon aria-hidden="true" className="mt-1 h-6 w-6 shrink-0 text-primary" />
              <div>
                <h3 className="font-semibold">{i18n._(f.title)}</h3>
                <p className="mt-1 text-sm text-muted-foreground">{say(f.text)}</p>
              </div>
            </li>
          ))}
        </ul>
      </Section>

      <Section
        id="compare"
        title={t`How Yardshare compares`}
        intro={t`An alternative to membership-based work-exchange networks and long allotment waitlists.`}
      >
        {/* Scrolls on its own when a language's words do not fit a phone's width; reachable by
            keyboard as a scrollable region must be. */}
        <section
          className="overflow-x-auto rounded-xl border border-border bg-card"
          aria-labelledby="compare-caption"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard.
          tabIndex={0}
        >
          <table className="w-full text-left text-xs sm:text-sm">
            <caption id="compare-caption" className="sr-only">
              <Trans>
                Yardshare compared with membership-based work-exchange networks and municipal allotment
                waitlists
              </Trans>
            </caption>
            <thead className="bg-muted">
              <tr>
                <th scope="col" className="p-2 font-semibold sm:p-3">
                  <Trans>Feature</Trans>
                </th>
                <th scope="col" className="p-2 font-semibold sm:p-3 text-primary">
                  Yardshare
                </th>
                <th scope="col" className="p-2 font-semibold sm:p-3">
                  <Trans>Membership work-exchange networks</Trans>
                </th>
                <th scope="col" className="p-2 font-semibold sm:p-3">
                  <Trans>Allotment waitlists</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {COMPARISON.map((row) => (
                <tr key={row.feature.id} className="border-t border-border">
                  <th scope="row" className="p-2 font-medium sm:p-3">
                    {i18n._(row.feature)}
                  </th>
                  <td className="p-2 sm:p-3">
                    <CellValue value={row.yardshare} />
                  </td>
                  <td className="p-2 sm:p-3">
                    <CellValue value={row.membership} />
                  </td>
                  <td className="p-2 sm:p-3">
                    <CellValue value={row.waitlist} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
        <p className="mt-3 text-sm text-muted-foreground">
          <Trans>
            Data note: comparison based on publicly available information about typical services, gathered in
            March 2025. Prices, rules and waiting times vary by network and by city.
          </Trans>
        </p>
      </Section>

      <Section id="faq" title={t`Frequently asked questions`}>
        <div className="divide-y divide-border rounded-xl border border-border bg-card">
          {FAQ.map(([q, a]) => (
            <details key={q.id} className="group p-4">
              <summary className="cursor-pointer list-none font-medium marker:hidden">
                <span className="flex items-center justify-between gap-4">
                  {i18n._(q)}
                  <Sprout
                    aria-hidden="true"
                    className="h-4 w-4 shrink-0 text-primary transition-transform group-open:rotate-45"
                  />
                </span>
              </summary>
              <p className="mt-3 text-muted-foreground">{say(a)}</p>
            </details>
          ))}
        </div>
        <p className="mt-6 text-muted-foreground">
          <Trans>
            Still wondering about something?{' '}
            <Link to="/contact" className="font-medium text-primary underline underline-offset-4">
              Contact us
            </Link>
            .
          </Trans>
        </p>
      </Section>
    </>
  );
}
