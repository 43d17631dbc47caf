import { CalendarDays, Clock, Mail, Share2, User } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '#client/components/ui/button.tsx';
import { usePageHead } from '#client/lib/head.ts';
import { useOrigin } from '#client/lib/origin.ts';
import { RISE_OF_YARDSHARING as A, articleHead, BLOG_AUTHOR } from '#shared/seo.ts';
import { POSTS } from './blog-data.ts';
import { ContentLayout } from './components/content-layout.tsx';
import { PostCard } from './components/post-card.tsx';

function ShareLinks() {
  const origin = useOrigin();
  const url = encodeURIComponent(origin + A.path);
  const text = encodeURIComponent(A.title);
  const links = [
    { label: 'Share on Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${url}`, icon: Share2 },
    { label: 'Share on X', href: `https://twitter.com/intent/tweet?url=${url}&text=${text}`, icon: Share2 },
    {
      label: 'Share on LinkedIn',
      href: `https://www.linkedin.com/sharing/share-offsite/?url=${url}`,
      icon: Share2,
    },
  ];
  return (
    <section aria-labelledby="share-heading" className="rounded-xl border border-border bg-card p-5">
      <h2 id="share-heading" className="text-base font-semibold">
        Share this article
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
            href={`mailto:?subject=${text}&body=${encodeURIComponent(`I thought you would enjoy this article: ${origin}${A.path}`)}`}
            className="inline-flex h-10 items-center gap-2 rounded-lg border border-input bg-card px-3 text-sm font-medium hover:bg-accent"
          >
            <Mail aria-hidden="true" className="h-4 w-4" />
            Share by e-mail
          </a>
        </li>
      </ul>
    </section>
  );
}

export default function BlogArticlePage() {
  usePageHead(articleHead(useOrigin()));
  const related = POSTS.filter((p) => p.slug !== A.slug);
  return (
    <ContentLayout
      back={{ to: '/blog', label: 'Back to all posts' }}
      eyebrow="Urban Farming"
      title={A.title}
      meta={
        <>
          <span className="inline-flex items-center gap-1.5">
            <User aria-hidden="true" className="h-4 w-4" />
            {BLOG_AUTHOR}
          </span>
          <span className="inline-flex items-center gap-1.5">
            <CalendarDays aria-hidden="true" className="h-4 w-4" />
            <time dateTime={A.datePublished}>{A.dateLabel}</time>
          </span>
          <span className="inline-flex items-center gap-1.5">
            <Clock aria-hidden="true" className="h-4 w-4" />
            {A.readTime}
          </span>
        </>
      }
    >
      <article className="space-y-5 text-lg leading-relaxed [&_h2]:mt-10 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:leading-tight">
        <img
          src={A.image}
          alt={A.imageAlt}
          width={1200}
          height={630}
          className="aspect-[40/21] h-auto w-full rounded-xl border border-border"
        />
        <p className="text-xl text-muted-foreground">
          Walk through almost any suburb and you will pass acres of lawn that someone mows every Saturday and
          nobody eats. A few streets away, someone in an apartment is growing basil on a windowsill and
          wishing for more. Yardsharing is the simple idea of introducing those two people.
        </p>

        <h2>What yardsharing is</h2>
        <p>
          Yardsharing means opening up a yard, a garden or a piece of farmland to someone else who wants to
          grow food in it. The arrangements come in a few familiar shapes. Some hosts rent out a plot by the
          month. Some trade space for help: a grower gives a few hours of weeding, watering or harvesting each
          week and gets their own beds in return. Others open their land as a free community garden that
          anyone nearby can join.
        </p>
        <p>
          None of this is new. Allotments, victory gardens and shared farm plots have existed for centuries.
          What has changed is how easy it has become for a homeowner and a would-be gardener to find each
          other, talk, and agree on something that works for both.
        </p>

        <h2>Why it is taking off now</h2>
        <p>
          Several trends have met at the same garden gate. Food prices have made people look harder at what
          they can grow themselves. Waiting lists for city allotments often run to years. More people rent,
          and renters rarely have soil of their own. Remote work has freed a generation of professionals to
          spend a season somewhere new, and many of them want to spend it outdoors.
        </p>
        <p>
          At the same time, many homeowners have more yard than they can tend. Older gardeners who can no
          longer dig every bed, busy families, and owners of second homes all have land that would rather be
          growing something. Sharing it turns a chore into a relationship, and often into a share of the
          harvest.
        </p>

        <h2>What hosts get out of it</h2>
        <p>
          The most common answer hosts give us is not money. It is the pleasure of seeing the garden alive
          again. A rental brings in a modest monthly income; a work exchange brings help with the rest of the
          property; a community garden brings neighbours. Many hosts say they learn as much from their growers
          as the growers learn from them.
        </p>
        <p>
          There are practical benefits too. A tended garden is healthier than a neglected one, and a grower on
          site a few times a week means someone notices a leaking hose or a fallen branch. Lawns that become
          vegetable beds need less water and mowing, and give more back to pollinators.
        </p>

        <h2>What growers get out of it</h2>
        <p>
          For growers, a shared yard is a way to grow real quantities of food without buying land. It is also
          a way to learn: to find out what thrives in local soil, when the first frost arrives, and which
          pests to watch for, from someone who has gardened that ground for years.
        </p>
        <p>
          For travellers and digital nomads, work exchanges are a way to belong somewhere quickly. Unlike
          membership-based work-exchange networks, there is no yearly fee to join; you browse, message a host
          and agree on the hours that suit you both.
        </p>

        <h2>Making it work: five habits of good yardshares</h2>
        <ul className="list-disc space-y-2 pl-6">
          <li>
            <strong>Agree on the basics first.</strong> Access days and times, water use, tools, and who
            handles the compost.
          </li>
          <li>
            <strong>Write it down.</strong> A short agreement, even a friendly message thread, avoids most
            misunderstandings later.
          </li>
          <li>
            <strong>Be clear about chemicals.</strong> Many hosts prefer organic methods; say so in the
            listing.
          </li>
          <li>
            <strong>Plan the end of the season.</strong> Decide what happens to perennials, cover crops and
            tools when the arrangement ends.
          </li>
          <li>
            <strong>Share the harvest.</strong> It is not required, but a basket of tomatoes on the porch does
            wonders for a partnership.
          </li>
        </ul>

        <h2>Safety and trust</h2>
        <p>
          Letting someone into your yard, or working in a stranger&apos;s, takes trust. Talk through messages
          first, meet in person before committing, and read the reviews other growers have left. For rentals,
          paying through the platform helps both sides: payments are held until 24 hours after the rental
          begins, so the grower can confirm the space is as described before the host is paid.
        </p>

        <h2>The bigger picture</h2>
        <p>
          One shared yard will not change the food system. Thousands of them start to. Each yard that grows
          food shortens a supply chain, teaches someone a skill and connects two households that might never
          have met. That is the network we are building at Yardshare: the world&apos;s largest community
          garden, spread across everyone&apos;s back yard.
        </p>

        <h2>How to start</h2>
        <p>
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
        </p>
      </article>

      <div className="mt-12 space-y-10">
        <ShareLinks />
        <section aria-labelledby="related-heading">
          <h2 id="related-heading" className="text-2xl font-bold">
            Related posts
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
          <Link to="/blog">Back to all posts</Link>
        </Button>
      </div>
    </ContentLayout>
  );
}
