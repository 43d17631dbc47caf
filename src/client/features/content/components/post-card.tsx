import { CalendarDays, Clock } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '#client/components/ui/badge.tsx';
import { cn } from '#client/lib/utils.ts';
import type { BlogPost } from '../blog-data.ts';

// A post in a list. Coming-soon posts are shown but disabled: no link, marked as such.
export function PostCard({ post, headingLevel = 'h2' }: { post: BlogPost; headingLevel?: 'h2' | 'h3' }) {
  const H = headingLevel;
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
          <Badge className="bg-secondary text-secondary-foreground">Coming Soon</Badge>
        ) : (
          <Badge>New</Badge>
        )}
        {post.topics.map((t) => (
          <span key={t} className="text-xs font-medium text-muted-foreground">
            {t}
          </span>
        ))}
      </div>
      <H className="mt-3 text-xl font-semibold leading-tight">
        {soon ? (
          <span>{post.title}</span>
        ) : (
          <Link to={`/blog/${post.slug}`} className="after:absolute after:inset-0 hover:text-primary">
            {post.title}
          </Link>
        )}
      </H>
      <p className="mt-2 flex-1 text-muted-foreground">{post.excerpt}</p>
      <div className="mt-4 flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
        {post.date ? (
          <span className="inline-flex items-center gap-1.5">
            <CalendarDays aria-hidden="true" className="h-4 w-4" />
            <time dateTime={post.dateTime}>{post.date}</time>
          </span>
        ) : null}
        <span className="inline-flex items-center gap-1.5">
          <Clock aria-hidden="true" className="h-4 w-4" />
          {post.readTime}
        </span>
      </div>
      {soon ? (
        <button
          type="button"
          disabled
          className="mt-4 w-fit cursor-not-allowed rounded-lg border border-input px-3 py-1.5 text-sm text-muted-foreground"
        >
          Coming Soon
        </button>
      ) : null}
    </article>
  );
}
