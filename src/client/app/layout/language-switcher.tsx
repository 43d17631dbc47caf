import { useLingui } from '@lingui/react/macro';
import { Globe } from 'lucide-react';
import { useLocation } from 'react-router';
import { rememberLocale } from '#client/lib/locale-choice.ts';
import { cn } from '#client/lib/utils.ts';
import { LOCALE_NAMES, LOCALES, type Locale, localePath } from '#shared/i18n.ts';

// The same page in each language (ADR 031). Plain links: changing language is a full page load,
// so the next page comes pre-rendered in its language; the click remembers the choice.
function useLanguageLinks() {
  const { i18n } = useLingui();
  const { pathname, search, hash } = useLocation();
  const current = i18n.locale as Locale;
  return LOCALES.map((locale) => ({
    locale,
    current: locale === current,
    href: localePath(locale, `${pathname}${search}${hash}`),
  }));
}

type LanguageLinkProps = { locale: Locale; current: boolean; href: string; className: string };

// A link to the page in one language; the click remembers it.
function LanguageLink({ locale, current, href, className }: LanguageLinkProps) {
  return (
    <a
      href={href}
      hrefLang={locale}
      lang={locale}
      aria-current={current ? 'true' : undefined}
      onClick={() => rememberLocale(locale)}
      className={cn(className, current && 'font-semibold text-primary')}
    >
      {LOCALE_NAMES[locale]}
    </a>
  );
}

// The header's: a disclosure with the current language's code, opened without script.
export function LanguageMenu() {
  const { t, i18n } = useLingui();
  const links = useLanguageLinks();
  const language = LOCALE_NAMES[i18n.locale as Locale];
  return (
    <details className="group relative">
      {/* The name holds the visible code too (WCAG 2.5.3, label in name): "Language: English en". */}
      <summary className="flex h-10 cursor-pointer list-none items-center gap-1 rounded-md px-2 text-sm font-medium text-foreground/80 hover:bg-accent [&::-webkit-details-marker]:hidden">
        <Globe aria-hidden="true" className="h-4 w-4" />
        <span className="sr-only">{t`Language: ${language}`}</span>
        <span className="uppercase">{i18n.locale}</span>
      </summary>
      <ul className="absolute right-0 z-50 mt-1 min-w-36 rounded-md border border-border bg-background p-1 shadow-lg">
        {links.map((l) => (
          <li key={l.locale}>
            <LanguageLink {...l} className="block rounded px-3 py-2 text-sm hover:bg-accent" />
          </li>
        ))}
      </ul>
    </details>
  );
}

// The footer's: every language in a row.
export function LanguageLinks({ className }: { className?: string }) {
  const { t } = useLingui();
  const links = useLanguageLinks();
  return (
    <nav aria-label={t`Language`} className={className}>
      <ul className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
        {links.map((l) => (
          <li key={l.locale}>
            <LanguageLink {...l} className="hover:text-primary hover:underline" />
          </li>
        ))}
      </ul>
    </nav>
  );
}
