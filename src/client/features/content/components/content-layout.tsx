import { ArrowLeft } from 'lucide-react';
import type * as React from 'react';
import { Link } from 'react-router';

// The layout the blog and the resources pages share: a back link (to all posts or to home), a
// title block and a reading column.
export function ContentLayout({
  back,
  eyebrow,
  title,
  meta,
  intro,
  children,
}: {
  back: { to: string; label: string };
  eyebrow?: string;
  title: string;
  meta?: React.ReactNode;
  intro?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <div className="mx-auto max-w-4xl px-4 py-8 md:py-12">
      <Link
        to={back.to}
        className="inline-flex items-center gap-2 rounded-md text-sm font-medium text-primary hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="h-4 w-4" />
        {back.label}
      </Link>
      <header className="mt-6 border-b border-border pb-8">
        {eyebrow ? (
          <p className="text-sm font-semibold uppercase tracking-wide text-primary">{eyebrow}</p>
        ) : null}
        <h1 className="mt-2 text-3xl font-bold leading-tight md:text-5xl">{title}</h1>
        {meta ? (
          <div className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground">
            {meta}
          </div>
        ) : null}
        {intro ? <div className="mt-4 text-lg text-muted-foreground">{intro}</div> : null}
      </header>
      <div className="mt-8">{children}</div>
    </div>
  );
}
