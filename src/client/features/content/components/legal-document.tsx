import type * as React from 'react';

export type LegalSection = { id: string; title: string; body: React.ReactNode };

// Terms and Privacy: a title, the last-updated date, a table of contents and numbered sections.
export function LegalDocument({
  title,
  updated,
  intro,
  sections,
}: {
  title: string;
  updated: string;
  intro: React.ReactNode;
  sections: LegalSection[];
}) {
  return (
    <div className="mx-auto max-w-4xl px-4 py-10 md:py-16">
      <h1 className="text-3xl font-bold md:text-4xl">{title}</h1>
      <p className="mt-2 text-sm text-muted-foreground">Last updated: {updated}</p>
      <div className="mt-6 space-y-3 leading-relaxed">{intro}</div>
      <nav aria-label="Contents" className="mt-8 rounded-xl border border-border bg-card p-5">
        <h2 className="text-sm font-semibold uppercase tracking-wide text-muted-foreground">Contents</h2>
        <ol className="mt-3 grid list-decimal gap-1.5 pl-5 text-sm sm:grid-cols-2">
          {sections.map((s) => (
            <li key={s.id}>
              <a href={`#${s.id}`} className="text-primary underline-offset-4 hover:underline">
                {s.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      <div className="mt-10 space-y-10">
        {sections.map((s, i) => (
          <section key={s.id} id={s.id} aria-labelledby={`${s.id}-heading`} className="scroll-mt-24">
            <h2 id={`${s.id}-heading`} className="text-xl font-semibold md:text-2xl">
              {i + 1}. {s.title}
            </h2>
            <div className="mt-3 space-y-3 leading-relaxed text-foreground/90 [&_ul]:list-disc [&_ul]:space-y-1.5 [&_ul]:pl-6">
              {s.body}
            </div>
          </section>
        ))}
      </div>
    </div>
  );
}
