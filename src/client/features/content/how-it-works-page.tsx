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
import { PLATFORM_FEE_PERCENT } from '#shared/constants.ts';
import { staticPageHead } from '#shared/seo.ts';
import { PageHero, Section } from './components/page-parts.tsx';

const WAYS = [
  {
    icon: Wallet,
    title: 'Rent a plot',
    text: 'Pay a monthly price set by the host for your own patch of a yard, garden or farm. Good when you want a dependable space and your weekends to yourself.',
    to: '/listings?type=rental',
    cta: 'Browse rentals',
  },
  {
    icon: Handshake,
    title: 'Exchange work for space',
    text: 'Trade a set number of hours a week, from weeding to harvesting, for room to grow your own food. No money changes hands and no membership is needed.',
    to: '/listings?type=exchange',
    cta: 'Browse work exchanges',
  },
  {
    icon: Users,
    title: 'Join a community garden',
    text: 'Free, shared gardens run by neighbours, schools and local groups. Bring your curiosity and a pair of gloves; the community brings the rest.',
    to: '/listings?type=community',
    cta: 'Find community gardens',
  },
];

const GROWER_STEPS = [
  [
    'Search near you',
    'Look up your city or state and filter by rentals, work exchanges or free community gardens.',
  ],
  [
    'Read the listing',
    'Check the size, sun, water, amenities and reviews from growers who have worked the space before.',
  ],
  [
    'Message the host',
    'Introduce yourself, say what you would like to grow and agree on access times before anything is paid.',
  ],
  [
    'Book and grow',
    'Pay for rentals through the secure checkout, or start your agreed hours for an exchange. Then plant.',
  ],
];

const HOST_STEPS = [
  [
    'Describe your space',
    'Add photos, size, location, what is on site (water, tools, shed) and the kind of arrangement you want.',
  ],
  [
    'Choose the arrangement',
    'Set a monthly price, the hours of help you would like each week, or open it as a free community garden.',
  ],
  [
    'Meet growers',
    'Answer messages, meet in person if you like, and agree on access, care and what happens at season end.',
  ],
  [
    'Get paid or get help',
    `Rental payments arrive after the rental begins, minus the ${PLATFORM_FEE_PERCENT}% service fee. Exchanges pay in help and produce.`,
  ],
];

const FEATURES = [
  {
    icon: Search,
    title: 'Search by place and type',
    text: 'Find spaces by city or state and switch between rentals, exchanges and community gardens in one tap.',
  },
  {
    icon: MessageCircle,
    title: 'Built-in messaging',
    text: 'Talk to hosts and growers without sharing your phone number or e-mail until you are ready.',
  },
  {
    icon: ShieldCheck,
    title: 'Protected payments',
    text: 'Rental payments are held until 24 hours after the rental period begins, so both sides have time to settle in.',
  },
  {
    icon: Star,
    title: 'Honest reviews',
    text: 'Growers rate the spaces they have worked, from 1 to 5 stars, so the next grower knows what to expect.',
  },
];

const FAQ = [
  [
    'Does it cost anything to join?',
    'No. Creating an account, listing a space, messaging and joining exchanges or community gardens are all free.',
  ],
  [
    'What fees does Yardshare charge?',
    `Only rentals carry a fee: a ${PLATFORM_FEE_PERCENT}% service fee, shown on the payment button before you pay. Work exchanges and community gardens are free.`,
  ],
  [
    'When does the host receive a rental payment?',
    'Payments are held until 24 hours after the rental period begins. That gives the grower time to arrive and confirm the space is as described.',
  ],
  [
    'How do payments work?',
    'Rentals are paid through a hosted crypto checkout. You are redirected to the payment page, and confirmation on the blockchain can take a few minutes.',
  ],
  [
    'How many hours is a work exchange?',
    'Each host sets the hours per week in the listing, between 1 and 40. Most exchanges ask for a few hours of garden work each week.',
  ],
  [
    'I travel a lot. Can I still take part?',
    'Yes. Many growers are travellers and digital nomads who pick up an exchange or a short rental wherever they are staying for the season.',
  ],
  [
    'What if something goes wrong?',
    'Start by messaging the other person: most issues are misunderstandings. If that does not work, contact us and we will help you both find a fair way forward.',
  ],
];

type Cell = boolean | string;
const COMPARISON: { feature: string; yardshare: Cell; membership: Cell; waitlist: Cell }[] = [
  {
    feature: 'Cost to join',
    yardshare: 'Free',
    membership: 'Yearly membership fee',
    waitlist: 'Annual plot fee',
  },
  {
    feature: 'Paid rentals, work exchanges and free gardens in one place',
    yardshare: true,
    membership: false,
    waitlist: false,
  },
  {
    feature: 'Message hosts before committing',
    yardshare: true,
    membership: 'After paying to join',
    waitlist: false,
  },
  {
    feature: 'Backyards and small urban plots',
    yardshare: true,
    membership: 'Mostly farms',
    waitlist: 'Municipal sites only',
  },
  {
    feature: 'Typical wait for a space',
    yardshare: 'Days',
    membership: 'Weeks',
    waitlist: 'Months to years',
  },
  { feature: 'Reviews of each space', yardshare: true, membership: 'Varies by network', waitlist: false },
];

function CellValue({ value }: { value: Cell }) {
  if (value === true)
    return (
      <span className="inline-flex items-center gap-1 text-primary">
        <Check aria-hidden="true" className="h-4 w-4" /> Yes
      </span>
    );
  if (value === false)
    return (
      <span className="inline-flex items-center gap-1 text-muted-foreground">
        <Minus aria-hidden="true" className="h-4 w-4" /> No
      </span>
    );
  return <span>{value}</span>;
}

function StepList({ steps }: { steps: string[][] }) {
  return (
    <ol className="grid gap-4 md:grid-cols-2">
      {steps.map(([title, text], i) => (
        <li key={title} className="flex gap-4 rounded-xl border border-border bg-card p-5">
          <span
            aria-hidden="true"
            className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-primary font-semibold text-primary-foreground"
          >
            {i + 1}
          </span>
          <div>
            <h4 className="font-semibold">{title}</h4>
            <p className="mt-1 text-sm text-muted-foreground">{text}</p>
          </div>
        </li>
      ))}
    </ol>
  );
}

export default function HowItWorksPage() {
  usePageHead(staticPageHead('/how-it-works'));
  return (
    <>
      <PageHero
        eyebrow="How it works"
        title="Land that wants growing, people who want to grow"
        intro="Yardshare matches people who have growing space with people who want to grow food. Pick the arrangement that suits you, talk it through, and start planting."
      >
        <div className="mt-8 flex flex-wrap gap-3">
          <Button asChild size="lg">
            <Link to="/listings">Find a space</Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to="/create-listing">Host your space</Link>
          </Button>
        </div>
      </PageHero>

      <Section
        id="ways"
        title="Three ways to take part"
        intro="Every listing is one of three arrangements. Hosts choose; growers filter."
      >
        <div className="grid gap-4 md:grid-cols-3">
          {WAYS.map((w) => (
            <Card key={w.title} className="flex flex-col">
              <CardHeader>
                <w.icon aria-hidden="true" className="h-8 w-8 text-primary" />
                <CardTitle>{w.title}</CardTitle>
                <CardDescription>{w.text}</CardDescription>
              </CardHeader>
              <CardContent className="mt-auto">
                <Link to={w.to} className="font-medium text-primary underline-offset-4 hover:underline">
                  {w.cta}
                </Link>
              </CardContent>
            </Card>
          ))}
        </div>
      </Section>

      <Section id="guides" title="Step by step" intro="A short guide for each side of the garden gate.">
        <Tabs defaultValue="growers">
          <TabsList className="max-w-md">
            <TabsTrigger value="growers">For Growers</TabsTrigger>
            <TabsTrigger value="hosts">For Hosts</TabsTrigger>
          </TabsList>
          <TabsContent value="growers">
            <h3 className="mb-4 text-lg font-semibold">Grower guide: from search to first harvest</h3>
            <StepList steps={GROWER_STEPS} />
          </TabsContent>
          <TabsContent value="hosts">
            <h3 className="mb-4 text-lg font-semibold">Host guide: from idle lawn to living garden</h3>
            <StepList steps={HOST_STEPS} />
          </TabsContent>
        </Tabs>
      </Section>

      <Section id="features" title="What makes it work" className="md:py-10">
        <ul className="grid gap-6 sm:grid-cols-2">
          {FEATURES.map((f) => (
            <li key={f.title} className="flex gap-4">
              <f.icon aria-hidden="true" className="mt-1 h-6 w-6 shrink-0 text-primary" />
              <div>
                <h3 className="font-semibold">{f.title}</h3>
                <p className="mt-1 text-sm text-muted-foreground">{f.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </Section>

      <Section
        id="compare"
        title="How Yardshare compares"
        intro="An alternative to membership-based work-exchange networks and long allotment waitlists."
      >
        <div className="rounded-xl border border-border bg-card">
          <table className="w-full text-left text-xs sm:text-sm">
            <caption id="compare-caption" className="sr-only">
              Yardshare compared with membership-based work-exchange networks and municipal allotment
              waitlists
            </caption>
            <thead className="bg-muted">
              <tr>
                <th scope="col" className="p-2 font-semibold sm:p-3">
                  Feature
                </th>
                <th scope="col" className="p-2 font-semibold sm:p-3 text-primary">
                  Yardshare
                </th>
                <th scope="col" className="p-2 font-semibold sm:p-3">
                  Membership work-exchange networks
                </th>
                <th scope="col" className="p-2 font-semibold sm:p-3">
                  Allotment waitlists
                </th>
              </tr>
            </thead>
            <tbody>
              {COMPARISON.map((row) => (
                <tr key={row.feature} className="border-t border-border">
                  <th scope="row" className="p-2 font-medium sm:p-3">
                    {row.feature}
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
        </div>
        <p className="mt-3 text-sm text-muted-foreground">
          Data note: comparison based on publicly available information about typical services, gathered in
          March 2025. Prices, rules and waiting times vary by network and by city.
        </p>
      </Section>

      <Section id="faq" title="Frequently asked questions">
        <div className="divide-y divide-border rounded-xl border border-border bg-card">
          {FAQ.map(([q, a]) => (
            <details key={q} className="group p-4">
              <summary className="cursor-pointer list-none font-medium marker:hidden">
                <span className="flex items-center justify-between gap-4">
                  {q}
                  <Sprout
                    aria-hidden="true"
                    className="h-4 w-4 shrink-0 text-primary transition-transform group-open:rotate-45"
                  />
                </span>
              </summary>
              <p className="mt-3 text-muted-foreground">{a}</p>
            </details>
          ))}
        </div>
        <p className="mt-6 text-muted-foreground">
          Still wondering about something?{' '}
          <Link to="/contact" className="font-medium text-primary underline underline-offset-4">
            Contact us
          </Link>
          .
        </p>
      </Section>
    </>
  );
}
