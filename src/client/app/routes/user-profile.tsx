import { Trans, useLingui } from '@lingui/react/macro';
import { UserX } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { BlockButton, ReportButton } from '#client/components/safety/safety-actions.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { CenteredSpinner } from '#client/components/ui/spinner.tsx';
import { ListingCard } from '#client/features/listings/components/listing-card.tsx';
import { useHostReviews } from '#client/features/reviews/api/reviews.ts';
import { ReviewItem } from '#client/features/reviews/components/review-item.tsx';
import { useUserProfile } from '#client/features/users/api/users.ts';
import { ProfileHeader } from '#client/features/users/components/profile-header.tsx';
import { ProfileReviews } from '#client/features/users/components/profile-reviews.tsx';
import { usePageHead } from '#client/lib/head.ts';
import { useUser } from '#client/lib/session.ts';
import { cardPhotos } from '#shared/photos.ts';

// /users/:id: a member's public profile (users), their active listings (listings) and the
// reviews they received, of their spaces and from hosts (reviews). Never a username or e-mail.
export default function UserProfilePage() {
  const { id = '' } = useParams();
  const valid = /^\d{1,10}$/.test(id);
  const userId = valid ? Number(id) : 0;
  const { data: profile, isLoading, error } = useUserProfile(userId, valid);
  const live = Boolean(profile && !profile.deleted);
  const hostReviews = useHostReviews(userId, live);
  const { user } = useUser();
  const { t } = useLingui();
  const name = profile?.displayName ?? '';
  usePageHead({
    title: profile ? t`${name} on Yardshare` : t`Member profile`,
    description: profile?.bio ?? t`A member of the Yardshare community.`,
    noindex: true,
    path: `/users/${id}`,
  });

  if (valid && isLoading) return <CenteredSpinner />;
  if (!valid || error || !profile) {
    return (
      <section className="mx-auto max-w-xl px-4 py-20 text-center">
        <h1 className="text-2xl font-bold">
          <Trans>Member not found</Trans>
        </h1>
        <p className="mt-3 text-muted-foreground">
          <Trans>This profile does not exist.</Trans>
        </p>
        <Button asChild className="mt-8">
          <Link to="/listings">
            <Trans>Browse All Listings</Trans>
          </Link>
        </Button>
      </section>
    );
  }
  if (profile.deleted) {
    return (
      <section className="mx-auto max-w-xl px-4 py-20 text-center">
        <UserX aria-hidden="true" className="mx-auto h-10 w-10 text-muted-foreground" />
        <h1 className="mt-4 text-2xl font-bold">
          <Trans>Deleted user</Trans>
        </h1>
      </section>
    );
  }

  const fromHosts = hostReviews.data ?? [];
  const count = profile.listings.length;
  const hostCount = fromHosts.length;
  return (
    <div className="mx-auto grid max-w-6xl gap-8 px-4 py-8 md:grid-cols-[300px_1fr]">
      <aside className="space-y-3 md:sticky md:top-20 md:self-start">
        <ProfileHeader profile={profile} />
        {user && user.id !== profile.id ? (
          <div className="flex flex-wrap items-center justify-center gap-2">
            <BlockButton
              userId={profile.id}
              name={profile.displayName}
              variant="ghost"
              className="text-muted-foreground"
            />
            <ReportButton
              target={{ subjectType: 'user', subjectId: profile.id, title: t`Report ${name}` }}
              label={t`Report ${name}`}
            />
          </div>
        ) : null}
      </aside>
      <div className="min-w-0 space-y-10">
        <section aria-labelledby="profile-listings-heading" className="space-y-4">
          <h2 id="profile-listings-heading" className="text-xl font-semibold">
            {count ? (
              <Trans>
                {name}'s spaces ({count})
              </Trans>
            ) : (
              <Trans>{name}'s spaces</Trans>
            )}
          </h2>
          {profile.listings.length ? (
            <ul className="grid gap-6 sm:grid-cols-2 xl:grid-cols-3">
              {profile.listings.map((l) => (
                <li key={l.id}>
                  <ListingCard listing={l} photos={cardPhotos(l.images[0])} />
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-muted-foreground">
              <Trans>No active listings.</Trans>
            </p>
          )}
        </section>
        <ProfileReviews reviews={profile.reviews} />
        {fromHosts.length ? (
          <section aria-labelledby="profile-host-reviews-heading" className="space-y-3">
            <h2 id="profile-host-reviews-heading" className="text-xl font-semibold">
              <Trans>Reviews from hosts ({hostCount})</Trans>
            </h2>
            <ul className="space-y-3">
              {fromHosts.map((r) => (
                <ReviewItem key={r.id} r={r} />
              ))}
            </ul>
          </section>
        ) : null}
      </div>
    </div>
  );
}
