import { Trans, useLingui } from '@lingui/react/macro';
import { CalendarDays, Clock, Mail, Share2, User } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '#client/components/ui/button.tsx';
import { usePageHead } from '#client/lib/head.ts';
import { useOrigin } from '#client/lib/origin.ts';
import { useHoldText } from '#client/lib/payment-terms.ts';
import { type Locale, localePath } from '#shared/i18n.ts';
import { RISE_OF_YARDSHARING as A, articleHead, BLOG_AUTHOR } from '#shared/seo.ts';
import { ARTICLE, formatLongDate, POSTS, TOPIC } from './blog-data.ts';
import { ContentLayout } from './components/content-layout.tsx';
import { PostCard } from './components/post-card.tsx';

function ShareLinks() {
  const origin = useOrigin();
  const { t, i18n } = useLingui();
  const articleUrl = origin + localePath(i18n.locale as Locale, A.path);
  const url = encodeURIComponent(articleUrl);
  const text = encodeURIComponent(i18n._(ARTICLE.title));
  const body = encodeURIComponent(t`I thought you would enjoy this article: ${articleUrl}`);
  const mailto = `mailto:?subject=${text}&body=${body}`;
  const links = [
    {
      label: t`Share on Facebook`,
      href: `https://www.facebook.com/sharer/sharer.php?u=${url}`,
      icon: Share2,
    },
    { label: t`Share on X`, href: `https://twitter.com/intent/tweet?url=${url}&text=${text}`, icon: Share2 },
    {
      label: t`Share on LinkedIn`,
      href: `https://www.linkedin.com/sharing/share-offsite/?url=${url}`,
      icon: Share2,
    },
  ];
  return (
    <section aria-labelledby="share-heading" className="rounded-xl border border-border bg-card p-5">
      <h2 id="share-heading" className="text-base font-semibold">
        <Trans>Share this article</Trans>
      </h2>
      <ul className="mt-3 flex flex-wrap gap-2">
        {links.map((l) => (
          <li key={l.label}>
            <a
              href={l.href}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex h-10 items-center gap-2 rounded-lg border border-input bg-card px-3 text-sm font-medium hover:bg-accent"
            >
              <l.icon aria-hidden="true" className="h-4 w-4" />
              {l.label}
            </a>
          </li>
        ))}
        <li>
          <a
            href={mailto}
            className="inline-flex h-10 items-center gap-2 rounded-lg border border-input bg-card px-3 text-sm font-medium hover:bg-accent"
          >
            <Mail aria-hidden="true" className="h-4 w-4" />
            <Trans>Share by e-mail</Trans>
          </a>
        </li>
      </ul>
    </section>
  );
}

export default function BlogArticlePage() {
  // The configured hold (ADR 045); pre-rendered pages carry it in their state.
  const hold = useHoldText() ?? '…';
  const origin = useOrigin();
  usePageHead((texts) => articleHead(origin, texts), 'article');
  const { t, i18n } = useLingui();
  const related = POSTS.filter((p) => p.slug !== A.slug);
  return (
    <ContentLayout
      back={{ to: '/blog', label: t`Back to all posts` }}
      eyebrow={i18n._(TOPIC.urbanFarming)}
      title={i18n._(ARTICLE.title)}
      meta={
        <>
          <span className="inline-flex items-center gap-1.5">
            <User aria-hidden="true" className="h-4 w-4" />
            {BLOG_AUTHOR}
          </span>
          <span className="inline-flex items-center gap-1.5">
            <CalendarDays aria-hidden="true" className="h-4 w-4" />
            <time dateTime={A.datePublished}>{formatLongDate(A.datePublished, i18n.locale)}</time>
          </span>
          <span className="inline-flex items-center gap-1.5">
            <Clock aria-hidden="true" className="h-4 w-4" />
            {i18n._(ARTICLE.readTime)}
          </span>
        </>
      }
    >
      <article className="space-y-5 text-lg leading-relaxed [&_h2]:mt-10 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:leading-tight">
        <img
          src={A.image}
          alt={i18n._(ARTICLE.imageAlt)}
          width={1200}
          height={630}
          className="aspect-[40/21] h-auto w-full rounded-xl border border-border"
        />
        <p className="text-xl text-muted-foreground">
          <Trans>
            Walk through almost any suburb and you will pass acres of lawn that someone mows every Saturday
            and nobody eats. A few streets away, someone in an apartment is growing basil on a windowsill and
            wishing for more. Yardsharing is the simple idea of introducing those two people.
          </Trans>
        </p>

        <h2>
          <Trans>What yardsharing is</Trans>
        </h2>
        <p>
          <Trans>
            Yardsharing means opening up a yard, a garden or a piece of farmland to someone else who wants to
            grow food in it. The arrangements come in a few familiar shapes. Some hosts rent out a plot by the
            month. Some trade space for help: a grower gives a few hours of weeding, watering or harvesting
            each week and gets their own beds in return. Others open their land as a free community garden
            that anyone nearby can join.
          </Trans>
        </p>
        <p>
          <Trans>
            None of this is new. Allotments, victory gardens and shared farm plots have existed for centuries.
            What has changed is how easy it has become for a homeowner and a would-be gardener to find each
            other, talk, and agree on something that works for both.
          </Trans>
        </p>

        <h2>
          <Trans>Why it is taking off now</Trans>
        </h2>
        <p>
          <Trans>
            Several trends have met at the same garden gate. Food prices have made people look harder at what
            they can grow themselves. Waiting lists for city allotments often run to years. More people rent,
            and renters rarely have soil of their own. Remote work has freed a generation of professionals to
            spend a season somewhere new, and many of them want to spend it outdoors.
          </Trans>
        </p>
        <p>
          <Trans>
            At the same time, many homeowners have more yard than they can tend. Older gardeners who can no
            longer dig every bed, busy families, and owners of second homes all have land that would rather be
            growing something. Sharing it turns a chore into a relationship, and often into a share of the
            harvest.
          </Trans>
        </p>

        <h2>
          <Trans>What hosts get out of it</Trans>
        </h2>
        <p>
          <Trans>
            The most common answer hosts give us is not money. It is the pleasure of seeing the garden alive
            again. A rental brings in a modest monthly income; a work exchange brings help with the rest of
            the property; a community garden brings neighbours. Many hosts say they learn as much from their
            growers as the growers learn from them.
          </Trans>
        </p>
        <p>
          <Trans>
            There are practical benefits too. A tended garden is healthier than a neglected one, and a grower
            on site a few times a week means someone notices a leaking hose or a fallen branch. Lawns that
            become vegetable beds need less water and mowing, and give more back to pollinators.
          </Trans>
        </p>

        <h2>
          <Trans>What growers get out of it</Trans>
        </h2>
        <p>
          <Trans>
            For growers, a shared yard is a way to grow real quantities of food without buying land. It is
            also a way to learn: to find out what thrives in local soil, when the first frost arrives, and
            which pests to watch for, from someone who has gardened that ground for years.
          </Trans>
        </p>
        <p>
          <Trans>
            For travellers and digital nomads, work exchanges are a way to belong somewhere quickly. Unlike
            membership-based work-exchange networks, there is no yearly fee to join; you browse, message a
            host and agree on the hours that suit you both.
          </Trans>
        </p>

        <h2>
          <Trans>Making it work: five habits of good yardshares</Trans>
        </h2>
        <ul className="list-disc space-y-2 pl-6">
          <li>
            <Trans>
              <strong>Agree on the basics first.</strong> Access days and times, water use, tools, and who
              handles the compost.
            </Trans>
          </li>
          <li>
            <Trans>
              <strong>Write it down.</strong> A short agreement, even a friendly message thread, avoids most
              misunderstandings later.
            </Trans>
          </li>
          <li>
            <Trans>
              <strong>Be clear about chemicals.</strong> Many hosts prefer organic methods; say so in the
              listing.
            </Trans>
          </li>
          <li>
            <Trans>
              <strong>Plan the end of the season.</strong> Decide what happens to perennials, cover crops and
              tools when the arrangement ends.
            </Trans>
          </li>
          <li>
            <Trans>
              <strong>Share the harvest.</strong> It is not required, but a basket of tomatoes on the porch
              does wonders for a partnership.
            </Trans>
          </li>
        </ul>

        <h2>
          <Trans>Safety and trust</Trans>
        </h2>
        <p>
          <Trans>
            Letting someone into your yard, or working in a stranger&apos;s, takes trust. Talk through
            messages first, meet in person before committing, and read the reviews other growers have left.
            For rentals, paying through the platform helps both sides: payments are held until {hold} after
            the rental begins, so the grower can confirm the space is as described before the host is paid.
          </Trans>
        </p>

        <h2>
          <Trans>The bigger picture</Trans>
        </h2>
        <p>
          <Trans>
            One shared yard will not change the food system. Thousands of them start to. Each yard that grows
            food shortens a supply chain, teaches someone a skill and connects two households that might never
            have met. That is the network we are building at Yardshare: the world&apos;s largest community
            garden, spread across everyone&apos;s back yard.
          </Trans>
        </p>

        <h2>
          <Trans>How to start</Trans>
        </h2>
        <p>
          <Trans>
            If you have land,{' '}
            <Link to="/create-listing" className="text-primary underline underline-offset-4">
              list your space
            </Link>{' '}
            in a few minutes: describe it, add a photo or two and choose rental, exchange or community. If you
            want to grow,{' '}
            <Link to="/listings" className="text-primary underline underline-offset-4">
              browse spaces near you
            </Link>{' '}
            and send a host a message. The best time to plant was last season. The second best time is now.
          </Trans>
        </p>
      </article>

      <div className="mt-12 space-y-10">
        <ShareLinks />
        <section aria-labelledby="related-heading">
          <h2 id="related-heading" className="text-2xl font-bold">
            <Trans>Related posts</Trans>
          </h2>
          <ul className="mt-4 grid gap-4 md:grid-cols-2">
            {related.map((p) => (
              <li key={p.slug}>
                <PostCard post={p} headingLevel="h3" />
              </li>
            ))}
          </ul>
        </section>
        <Button asChild variant="outline">
          <Link to="/blog">
            <Trans>Back to all posts</Trans>
          </Link>
        </Button>
      </div>
    </ContentLayout>
  );
}
