import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type * as React from 'react';
import { formatLegalDate } from '../legal.ts';

export type LegalSection = { id: string; title: MessageDescriptor; body: React.ReactNode };

const headingId = (id: string) => `${id}-heading`;

// Terms and Privacy: a title, the last-updated date, a table of contents and numbered sections.
// In a language other than English, a notice says the English text (`englishPath`) prevails.
export function LegalDocument({
  title,
  updated,
  englishPath,
  intro,
  sections,
}: {
  title: string;
  updated: string;
  englishPath: string;
  intro: React.ReactNode;
  sections: LegalSection[];
}) {
  const { t, i18n } = useLingui();
  const date = formatLegalDate(updated, i18n.locale);
  return (
    <div className="mx-auto max-w-4xl px-4 py-10 md:py-16">
      {i18n.locale !== 'en' ? (
        <p className="mb-6 rounded-lg border border-border bg-muted/50 p-4 text-sm text-muted-foreground">
          <Trans>
            This translation is provided for convenience. If it differs from the{' '}
            <a href={englishPath} hrefLang="en" className="text-primary underline underline-offset-4">
              English version
            </a>
            , the English version prevails.
          </Trans>
        </p>
      ) : null}
      <h1 className="text-3xl font-bold md:text-4xl">{title}</h1>
      <p className="mt-2 text-sm text-muted-foreground">
        <Trans>Last updated: {date}</Trans>
      </p>
      <div className="mt-6 space-y-3 leading-relaxed">{intro}</div>
      <nav aria-label={t`Contents`} className="mt-8 rounded-xl border border-border bg-card p-5">
        <h2 className="text-sm font-semibold uppercase tracking-wide text-muted-foreground">
          <Trans>Contents</Trans>
        </h2>
        <ol className="mt-3 grid list-decimal gap-1.5 pl-5 text-sm sm:grid-cols-2">
          {sections.map((s) => (
            <li key={s.id}>
              <a href={`#${s.id}`} className="text-primary underline-offset-4 hover:underline">
                {i18n._(s.title)}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      <div className="mt-10 space-y-10">
        {sections.map((s, i) => (
          <section key={s.id} id={s.id} aria-labelledby={headingId(s.id)} className="scroll-mt-24">
            <h2 id={headingId(s.id)} className="text-xl font-semibold md:text-2xl">
              {i + 1}. {i18n._(s.title)}
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
