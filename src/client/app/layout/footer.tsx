import { Link } from 'react-router';

const COLUMNS = [
  {
    title: 'For Growers',
    links: [
      { to: '/listings', label: 'Find Spaces' },
      { to: '/listings?type=exchange', label: 'Work Exchanges' },
      { to: '/listings?type=community', label: 'Community Gardens' },
      { to: '/resources', label: 'Growing Resources' },
    ],
  },
  {
    title: 'For Hosts',
    links: [
      { to: '/create-listing', label: 'List Your Space' },
      { to: '/how-it-works', label: 'How Hosting Works' },
      { to: '/terms', label: 'Safety Guidelines' },
      { to: '/community-stories', label: 'Host Stories' },
    ],
  },
  {
    title: 'About',
    links: [
      { to: '/our-mission', label: 'Our Mission' },
      { to: '/blog', label: 'Blog' },
      { to: '/community-stories', label: 'Community Stories' },
      { to: '/contact', label: 'Contact Us' },
    ],
  },
];

const SOCIAL = ['Facebook', 'Instagram', 'X', 'YouTube'];

export function Footer() {
  return (
    <footer className="mt-16 border-t border-border bg-muted">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="text-lg font-bold text-primary">Yardshare</p>
          <p className="mt-2 text-sm text-muted-foreground">
            Connecting people with land to people who want to grow food.
          </p>
          <ul className="mt-4 flex flex-wrap gap-3 text-sm" aria-label="Social links">
            {SOCIAL.map((s) => (
              <li key={s}>
                {/* Placeholders until the accounts exist. */}
                <span className="text-muted-foreground">{s}</span>
              </li>
            ))}
          </ul>
        </div>
        {COLUMNS.map((c) => (
          <div key={c.title}>
            <h2 className="text-sm font-semibold">{c.title}</h2>
            <ul className="mt-3 space-y-2 text-sm">
              {c.links.map((l) => (
                <li key={l.label}>
                  <Link to={l.to} className="text-muted-foreground hover:text-foreground hover:underline">
                    {l.label}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
      <div className="border-t border-border">
        <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-6 text-sm text-muted-foreground sm:flex-row sm:items-center sm:justify-between">
          <p>© {new Date().getFullYear()} Yardshare. All rights reserved.</p>
          <div className="flex gap-4">
            <Link to="/terms" className="hover:underline">
              Terms of Service
            </Link>
            <Link to="/privacy-policy" className="hover:underline">
              Privacy Policy
            </Link>
          </div>
        </div>
      </div>
    </footer>
  );
}
