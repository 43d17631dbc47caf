import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { usePageHead } from '#client/lib/head.ts';
import { staticPageHead } from '#shared/seo.ts';
import { POSTS, TOPICS } from './blog-data.ts';
import { ContentLayout } from './components/content-layout.tsx';
import { PostCard } from './components/post-card.tsx';

export default function BlogPage() {
  usePageHead((texts) => staticPageHead('/blog', {}, texts), '/blog');
  const { t, i18n } = useLingui();
  return (
    <ContentLayout
      back={{ to: '/', label: t`Back to home` }}
      eyebrow={t`The Yardshare blog`}
      title={t`Stories from shared soil`}
      intro={t`Ideas, guides and news on yardsharing, community gardens, work exchanges and growing food wherever you live.`}
    >
      <div className="grid gap-10 lg:grid-cols-[1fr_14rem]">
        <section aria-labelledby="posts-heading">
          <h2 id="posts-heading" className="sr-only">
            <Trans>Posts</Trans>
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
            <Trans>Topics</Trans>
          </h2>
          <ul className="mt-3 flex flex-wrap gap-2">
            {TOPICS.map((topic) => (
              <li key={topic.id} className="rounded-full border border-border bg-card px-3 py-1 text-sm">
                {i18n._(topic)}
              </li>
            ))}
          </ul>
          <p className="mt-6 text-sm text-muted-foreground">
            <Trans>
              Looking for practical how-tos? Visit our{' '}
              <Link to="/resources" className="font-medium text-primary underline underline-offset-4">
                growing resources
              </Link>
              .
            </Trans>
          </p>
        </aside>
      </div>
    </ContentLayout>
  );
}
