import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { LanguageLinks } from './language-switcher.tsx';

const COLUMNS: { title: MessageDescriptor; links: { to: string; label: MessageDescriptor }[] }[] = [
  {
    title: msg`For Growers`,
    links: [
      { to: '/listings', label: msg`Find Spaces` },
      { to: '/listings?type=exchange', label: msg`Work Exchanges` },
      { to: '/listings?type=community', label: msg`Community Gardens` },
      { to: '/resources', label: msg`Growing Resources` },
    ],
  },
  {
    title: msg`For Hosts`,
    links: [
      { to: '/create-listing', label: msg`List Your Space` },
      { to: '/how-it-works', label: msg`How Hosting Works` },
      { to: '/terms', label: msg`Safety Guidelines` },
      { to: '/community-stories', label: msg`Host Stories` },
    ],
  },
  {
    title: msg`About`,
    links: [
      { to: '/our-mission', label: msg`Our Mission` },
      { to: '/blog', label: msg`Blog` },
      { to: '/community-stories', label: msg`Community Stories` },
      { to: '/contact', label: msg`Contact Us` },
    ],
  },
];

// Brand names: the same in every language.
const SOCIAL = ['Facebook', 'Instagram', 'X', 'YouTube'];

export function Footer() {
  const { t, i18n } = useLingui();
  const year = new Date().getFullYear();
  return (
    <footer className="mt-16 border-t border-border bg-muted">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="text-lg font-bold text-primary">Yardshare</p>
          <p className="mt-2 text-sm text-muted-foreground">
            <Trans>Connecting people with land to people who want to grow food.</Trans>
          </p>
          <ul className="mt-4 flex flex-wrap gap-3 text-sm" aria-label={t`Social links`}>
            {SOCIAL.map((s) => (
              <li key={s}>
                {/* Placeholders until the accounts exist. */}
                <span className="text-muted-foreground">{s}</span>
              </li>
            ))}
          </ul>
        </div>
        {COLUMNS.map((c) => (
          <div key={c.title.id}>
            <h2 className="text-sm font-semibold">{i18n._(c.title)}</h2>
            <ul className="mt-3 space-y-2 text-sm">
              {c.links.map((l) => (
                <li key={l.label.id}>
                  <Link to={l.to} className="text-muted-foreground hover:text-foreground hover:underline">
                    {i18n._(l.label)}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
      <div className="border-t border-border">
        <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-6 text-sm text-muted-foreground sm:flex-row sm:items-center sm:justify-between">
          <p>
            <Trans>© {year} Yardshare. All rights reserved.</Trans>
          </p>
          <LanguageLinks />
          <div className="flex gap-4">
            <Link to="/terms" className="hover:underline">
              <Trans>Terms of Service</Trans>
            </Link>
            <Link to="/privacy-policy" className="hover:underline">
              <Trans>Privacy Policy</Trans>
            </Link>
          </div>
        </div>
      </div>
    </footer>
  );
}
