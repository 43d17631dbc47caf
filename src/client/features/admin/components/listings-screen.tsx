import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { Card } from '#client/components/ui/card.tsx';
import { formatDate, formatMoney } from '#client/lib/format.ts';
import type { AdminListing } from '#shared/moderation.ts';
import { useAdminListings } from '../api/admin.ts';
import { ActionButton } from './action-dialog.tsx';
import { hideListing, unhideListing } from './actions.ts';
import { LISTING_TYPE_TEXT } from './labels.ts';
import { ListingThumb, UserRef } from './parts.tsx';
import { ListingHiddenBadge } from './report-subject.tsx';
import { SearchScreen, useSearchPage } from './search-screen.tsx';

// Listings with their state and the hide / restore action (the console's listings and a user's page).
export function ListingRows({ listings, showHost = true }: { listings: AdminListing[]; showHost?: boolean }) {
  const { i18n } = useLingui();
  return (
    <Card>
      <ul className="divide-y divide-border">
        {listings.map((l) => (
          <li key={l.id} className="flex flex-wrap items-center gap-3 px-4 py-3 sm:flex-nowrap">
            <ListingThumb images={l.images} className="h-12 w-16" />
            <div className="min-w-0 flex-1 text-sm">
              <p className="flex flex-wrap items-center gap-2">
                {l.active && !l.hidden ? (
                  <Link
                    to={`/listings/${l.id}`}
                    className="font-medium text-primary underline decoration-current/30 underline-offset-2 hover:decoration-current"
                  >
                    {l.title}
                  </Link>
                ) : (
                  <span className="font-medium">{l.title}</span>
                )}
                <ListingHiddenBadge listing={l} />
                {l.openReports ? (
                  <span className="text-xs font-semibold text-amber-800">
                    <OpenReports openCount={l.openReports} />
                  </span>
                ) : null}
              </p>
              <p className="text-xs text-muted-foreground">
                #{l.id} · {i18n._(LISTING_TYPE_TEXT[l.type])}
                {l.price !== null ? (
                  <PerMonth price={formatMoney(l.price * 100, i18n.locale, { whole: true })} />
                ) : (
                  ''
                )}{' '}
                · {l.city}, {l.state} · <Listed date={formatDate(l.createdAt, i18n.locale)} />
              </p>
              {showHost ? (
                <p className="text-xs text-muted-foreground">
                  <Trans>
                    Host: <UserRef user={l.host} />
                  </Trans>
                </p>
              ) : null}
            </div>
            <div className="ml-auto shrink-0">
              {l.hidden === 'admin' ? (
                <ActionButton request={unhideListing(l)}>
                  <Trans>Restore</Trans>
                </ActionButton>
              ) : !l.hidden && l.active ? (
                <ActionButton variant="danger" request={hideListing(l)}>
                  <Trans>Hide</Trans>
                </ActionButton>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
    </Card>
  );
}

function OpenReports({ openCount }: { openCount: number }) {
  return <Plural value={openCount} one="# open report" other="# open reports" />;
}

function PerMonth({ price }: { price: string }) {
  return (
    <>
      {' · '}
      <Trans>{price}/month</Trans>
    </>
  );
}

function Listed({ date }: { date: string }) {
  return <Trans>listed {date}</Trans>;
}

// /admin/listings: every listing (the host's unpublished and hidden ones too), newest first, or
// those whose title, city, description or id matches.
export function ListingsScreen() {
  const { t } = useLingui();
  const { q, page } = useSearchPage();
  return (
    <SearchScreen
      id="admin-listings-heading"
      title={t`Listings`}
      label={t`Search listings`}
      placeholder={t`Title, city, words or id`}
      q={q}
      query={useAdminListings(q, page)}
      empty={q ? t`No listing matches “${q}”.` : t`No listings yet.`}
    >
      {(items) => <ListingRows listings={items} />}
    </SearchScreen>
  );
}
