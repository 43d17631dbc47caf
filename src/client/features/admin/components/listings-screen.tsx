import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Link, useSearchParams } from 'react-router';
import { Card } from '#client/components/ui/card.tsx';
import { formatDate, formatMoney } from '#client/lib/format.ts';
import type { AdminListing } from '#shared/moderation.ts';
import { useAdminListings } from '../api/admin.ts';
import { ActionButton } from './action-dialog.tsx';
import { hideListing, unhideListing } from './actions.ts';
import { LISTING_TYPE_TEXT } from './labels.ts';
import { Loaded, Pager, pageParam, ScreenHeader, SearchForm, UserRef } from './parts.tsx';
import { ListingHiddenBadge } from './report-subject.tsx';

// Listings with their state and the hide / restore action (the console's listings and a user's page).
export function ListingRows({ listings, showHost = true }: { listings: AdminListing[]; showHost?: boolean }) {
  const { i18n } = useLingui();
  return (
    <Card>
      <ul className="divide-y divide-border">
        {listings.map((l) => (
          <li key={l.id} className="flex flex-wrap items-center gap-3 px-4 py-3 sm:flex-nowrap">
            {l.images[0] ? (
              <img
                src={l.images[0]}
                alt=""
                className="h-12 w-16 shrink-0 rounded-md object-cover"
                loading="lazy"
              />
            ) : (
              <div aria-hidden="true" className="h-12 w-16 shrink-0 rounded-md bg-accent" />
            )}
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
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const page = pageParam(params);
  const listings = useAdminListings(q, page);
  const data = listings.data;
  return (
    <section aria-labelledby="admin-listings-heading">
      <ScreenHeader title={t`Listings`} id="admin-listings-heading">
        <SearchForm
          key={q}
          label={t`Search listings`}
          placeholder={t`Title, city, words or id`}
          initial={q}
          onSearch={(next) => setParams(next ? { q: next } : {})}
        />
      </ScreenHeader>
      <Loaded
        query={listings}
        isEmpty={!data?.items.length}
        empty={q ? t`No listing matches “${q}”.` : t`No listings yet.`}
      >
        {data ? <ListingRows listings={data.items} /> : null}
        {data ? (
          <Pager
            page={data.page}
            pageSize={data.pageSize}
            total={data.total}
            onPage={(p) => setParams({ ...(q ? { q } : {}), page: String(p) })}
          />
        ) : null}
      </Loaded>
    </section>
  );
}
