import { useLingui } from '@lingui/react/macro';
import { X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { rememberedLocale, rememberLocale } from '#client/lib/locale-choice.ts';
import { LOCALE_NAMES, type Locale, localePath, pickLocale } from '#shared/i18n.ts';

// The offer is written in the language it offers: the visitor may not read the page's. These five
// sentences are the one place UI text lives outside the catalogues (ADR 031): the catalogues hold
// only the page's language.
const OFFER: Record<Locale, { text: string; go: string }> = {
  en: { text: 'Yardshare is available in English.', go: 'Continue in English' },
  es: { text: 'Yardshare está disponible en español.', go: 'Continuar en español' },
  fr: { text: 'Yardshare est disponible en français.', go: 'Continuer en français' },
  de: { text: 'Yardshare gibt es auch auf Deutsch.', go: 'Weiter auf Deutsch' },
  ja: { text: 'Yardshare は日本語でもご利用いただけます。', go: '日本語で続ける' },
};

// Shown on a home page when the browser prefers another of our languages and the visitor has not
// chosen one: it suggests, it never redirects. Rendered after hydration only (the HTML stays one
// cacheable answer for everyone).
export default function LanguageSuggestion() {
  const { t, i18n } = useLingui();
  const [offer, setOffer] = useState<Locale | null>(null);
  useEffect(() => {
    if (rememberedLocale()) return;
    const preferred = pickLocale(navigator.languages ?? [navigator.language]);
    if (preferred && preferred !== i18n.locale) setOffer(preferred);
  }, [i18n.locale]);
  if (!offer) return null;
  const words = OFFER[offer];
  return (
    <aside
      lang={offer}
      aria-label={LOCALE_NAMES[offer]}
      className="fixed inset-x-0 bottom-0 z-50 border-t border-border bg-accent px-4 py-3 text-sm shadow-lg"
    >
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-center gap-x-4 gap-y-1">
        <span>{words.text}</span>
        <a
          href={localePath(offer, '/')}
          hrefLang={offer}
          onClick={() => rememberLocale(offer)}
          className="font-semibold text-primary underline"
        >
          {words.go}
        </a>
        <button
          type="button"
          className="rounded p-1 hover:bg-background"
          lang={i18n.locale}
          aria-label={t`Dismiss`}
          onClick={() => {
            rememberLocale(i18n.locale as Locale);
            setOffer(null);
          }}
        >
          <X aria-hidden="true" className="h-4 w-4" />
        </button>
      </div>
    </aside>
  );
}
