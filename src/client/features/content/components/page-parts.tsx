import type * as React from 'react';
import { cn } from '#client/lib/utils.ts';

// Building blocks shared by the static pages: a hero and a titled section.
export function PageHero({
  eyebrow,
  title,
  intro,
  children,
}: {
  eyebrow?: string;
  title: string;
  intro: React.ReactNode;
  children?: React.ReactNode;
}) {
  return (
    <section className="border-b border-border bg-accent/60">
      <div className="mx-auto max-w-5xl px-4 py-12 md:py-20">
        {eyebrow ? (
          <p className="text-sm font-semibold uppercase tracking-wide text-primary">{eyebrow}</p>
        ) : null}
        <h1 className="mt-2 text-3xl font-bold leading-tight md:text-5xl">{title}</h1>
        <div className="mt-4 max-w-3xl text-lg text-muted-foreground">{intro}</div>
        {children}
      </div>
    </section>
  );
}

export function Section({
  id,
  title,
  intro,
  className,
  children,
}: {
  id?: string;
  title: string;
  intro?: React.ReactNode;
  className?: string;
  children: React.ReactNode;
}) {
  const headingId = id ? `${id}-heading` : undefined;
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className={cn('mx-auto max-w-5xl px-4 py-10 md:py-14', className)}
    >
      <h2 id={headingId} className="text-2xl font-bold md:text-3xl">
        {title}
      </h2>
      {intro ? <p className="mt-3 max-w-3xl text-muted-foreground">{intro}</p> : null}
      <div className="mt-6">{children}</div>
    </section>
  );
}
