import { Link } from 'react-router';
import { usePageHead } from '#client/lib/head.ts';
import { staticPageHead } from '#shared/seo.ts';
import { POSTS, TOPICS } from './blog-data.ts';
import { ContentLayout } from './components/content-layout.tsx';
import { PostCard } from './components/post-card.tsx';

export default function BlogPage() {
  usePageHead(staticPageHead('/blog'));
  return (
    <ContentLayout
      back={{ to: '/', label: 'Back to home' }}
      eyebrow="The Yardshare blog"
      title="Stories from shared soil"
      intro="Ideas, guides and news on yardsharing, community gardens, work exchanges and growing food wherever you live."
    >
      <div className="grid gap-10 lg:grid-cols-[1fr_14rem]">
        <section aria-labelledby="posts-heading">
          <h2 id="posts-heading" className="sr-only">
            Posts
          </h2>
          <ul className="grid gap-6">
            {POSTS.map((p) => (
              <li key={p.slug}>
                <PostCard post={p} headingLevel="h3" />
              </li>
            ))}
          </ul>
        </section>
        <aside aria-labelledby="topics-heading">
          <h2 id="topics-heading" className="text-lg font-semibold">
            Topics
          </h2>
          <ul className="mt-3 flex flex-wrap gap-2">
            {TOPICS.map((t) => (
              <li key={t} className="rounded-full border border-border bg-card px-3 py-1 text-sm">
                {t}
              </li>
            ))}
          </ul>
          <p className="mt-6 text-sm text-muted-foreground">
            Looking for practical how-tos? Visit our{' '}
            <Link to="/resources" className="font-medium text-primary underline underline-offset-4">
              growing resources
            </Link>
            .
          </p>
        </aside>
      </div>
    </ContentLayout>
  );
}
