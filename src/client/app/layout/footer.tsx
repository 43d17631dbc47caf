import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { useOrigin } from '#client/lib/origin.ts';
import { type Locale, localePath } from '#shared/i18n.ts';
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
      { to: '/community-stories#hosts', label: msg`Host Stories` },
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

// The social links share Yardshare's home page (in the visitor's language) on networks that take a
// link to share; Yardshare has no accounts of its own to link to (ADR 052). Brand names: the same
// in every language.
function ShareLinks() {
  const { t, i18n } = useLingui();
  const home = useOrigin() + localePath(i18n.locale as Locale, '/');
  const url = encodeURIComponent(home);
  const subject = encodeURIComponent('Yardshare');
  const body = encodeURIComponent(t`Share land, grow food: ${home}`);
  const links = [
    { name: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${url}` },
    { name: 'X', href: `https://twitter.com/intent/tweet?url=${url}&text=${subject}` },
    { name: 'LinkedIn', href: `https://www.linkedin.com/sharing/share-offsite/?url=${url}` },
  ];
  const linkClass = 'text-muted-foreground underline-offset-4 hover:text-foreground hover:underline';
  return (
    <div className="mt-4 text-sm">
      <p id="footer-share" className="font-semibold">
        <Trans>Share Yardshare</Trans>
      </p>
      <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-2" aria-labelledby="footer-share">
        {links.map((l) => (
          <li key={l.name}>
            <a href={l.href} target="_blank" rel="noopener noreferrer" className={linkClass}>
              {l.name}
            </a>
          </li>
        ))}
        <li>
          <a href={`mailto:?subject=${subject}&body=${body}`} className={linkClass}>
            <Trans>E-mail</Trans>
          </a>
        </li>
      </ul>
    </div>
  );
}

export function Footer() {
  const { i18n } = useLingui();
  const year = new Date().getFullYear();
  return (
    <footer className="mt-16 border-t border-border bg-muted">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="text-lg font-bold text-primary">Yardshare</p>
          <p className="mt-2 text-sm text-muted-foreground">
            <Trans>Connecting people with land to people who want to grow food.</Trans>
          </p>
          <ShareLinks />
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
