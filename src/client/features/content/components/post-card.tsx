import { Trans, useLingui } from '@lingui/react/macro';
import { CalendarDays, Clock } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '#client/components/ui/badge.tsx';
import { cn } from '#client/lib/utils.ts';
import { type BlogPost, formatLongDate } from '../blog-data.ts';

// A post in a list. Coming-soon posts are shown but disabled: no link, marked as such.
export function PostCard({ post, headingLevel = 'h2' }: { post: BlogPost; headingLevel?: 'h2' | 'h3' }) {
  const { i18n } = useLingui();
  const H = headingLevel;
  const title = i18n._(post.title);
  const articlePath = `/blog/${post.slug}`;
  const soon = post.status === 'coming-soon';
  return (
    <article
      data-status={post.status}
      className={cn(
        'relative flex h-full flex-col rounded-xl border border-border bg-card p-6 shadow-sm',
        soon ? 'bg-muted/50' : 'transition-shadow hover:shadow-md',
      )}
    >
      <div className="flex flex-wrap items-center gap-2">
        {soon ? (
          <Badge className="bg-secondary text-secondary-foreground">
            <Trans>Coming Soon</Trans>
          </Badge>
        ) : (
          <Badge>
            <Trans>New</Trans>
          </Badge>
        )}
        {post.topics.map((t) => (
          <span key={t.id} className="text-xs font-medium text-muted-foreground">
            {i18n._(t)}
          </span>
        ))}
      </div>
      <H className="mt-3 text-xl font-semibold leading-tight">
        {soon ? (
          <span>{title}</span>
        ) : (
          <Link to={articlePath} className="after:absolute after:inset-0 hover:text-primary">
            {title}
          </Link>
        )}
      </H>
      <p className="mt-2 flex-1 text-muted-foreground">{i18n._(post.excerpt)}</p>
      <div className="mt-4 flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
        {post.dateTime ? (
          <span className="inline-flex items-center gap-1.5">
            <CalendarDays aria-hidden="true" className="h-4 w-4" />
            <time dateTime={post.dateTime}>{formatLongDate(post.dateTime, i18n.locale)}</time>
          </span>
        ) : null}
        <span className="inline-flex items-center gap-1.5">
          <Clock aria-hidden="true" className="h-4 w-4" />
          {i18n._(post.readTime)}
        </span>
      </div>
      {soon ? (
        <button
          type="button"
          disabled
          className="mt-4 w-fit cursor-not-allowed rounded-lg border border-input px-3 py-1.5 text-sm text-muted-foreground"
        >
          <Trans>Coming Soon</Trans>
        </button>
      ) : null}
    </article>
  );
}
