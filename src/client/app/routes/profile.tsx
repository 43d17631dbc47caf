import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { BlockedUsers } from '#client/components/safety/blocked-users.tsx';
import { UserAvatar } from '#client/components/ui/avatar.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent } from '#client/components/ui/card.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#client/components/ui/tabs.tsx';
import { DataSettings } from '#client/features/account/components/data-settings.tsx';
import { DeleteAccount } from '#client/features/account/components/delete-account.tsx';
import { EmailSettings } from '#client/features/account/components/email-settings.tsx';
import { PasswordSettings } from '#client/features/account/components/password-settings.tsx';
import { ProfilePhotoSettings } from '#client/features/account/components/profile-photo-settings.tsx';
import { MyListings } from '#client/features/listings/components/my-listings.tsx';
import { NotificationSettings } from '#client/features/notifications/components/notification-settings.tsx';
import { PaymentsTab } from '#client/features/payments/components/payments-tab.tsx';
import { PayoutMethodForm } from '#client/features/payouts/components/payout-method-form.tsx';
import { AccountSettings } from '#client/features/profile/components/account-settings.tsx';
import { HostReviews } from '#client/features/reviews/components/host-reviews.tsx';
import { usePageHead } from '#client/lib/head.ts';
import { useUser } from '#client/lib/session.ts';

// /profile: the user's card and the reviews hosts wrote of them, beside tabs from several features
// (listings, payments; the settings from profile, account and notifications).
export default function ProfilePage() {
  const { t } = useLingui();
  usePageHead({
    title: t`Your profile`,
    description: t`Your listings, payments and account settings on Yardshare.`,
    noindex: true,
    path: '/profile',
  });
  const { user } = useUser();
  if (!user) return null;
  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 md:grid-cols-[280px_1fr]">
      <div className="space-y-6">
        <Card className="h-fit">
          <CardContent className="flex flex-col items-center gap-2 pt-6 text-center">
            <UserAvatar user={user} className="h-20 w-20 text-2xl" />
            <h1 className="mt-2 text-xl font-bold">{user.name}</h1>
            <p className="text-sm text-muted-foreground">@{user.username}</p>
            <p className="text-sm text-muted-foreground break-all">{user.email}</p>
            {user.bio ? <p className="mt-2 text-sm">{user.bio}</p> : null}
            <Button asChild variant="outline" className="mt-4 w-full">
              <Link to="/messages">
                <Trans>View Messages</Trans>
              </Link>
            </Button>
          </CardContent>
        </Card>
        <HostReviews userId={user.id} />
      </div>
      <Tabs defaultValue="listings" className="min-w-0">
        <TabsList className="w-full sm:w-fit">
          <TabsTrigger value="listings">
            <Trans>My Listings</Trans>
          </TabsTrigger>
          <TabsTrigger value="payments">
            <Trans>Payments</Trans>
          </TabsTrigger>
          <TabsTrigger value="settings">
            <Trans>Account Settings</Trans>
          </TabsTrigger>
        </TabsList>
        <TabsContent value="listings">
          <MyListings />
        </TabsContent>
        <TabsContent value="payments">
          <PaymentsTab />
        </TabsContent>
        <TabsContent value="settings" className="space-y-6">
          <AccountSettings />
          <ProfilePhotoSettings />
          <EmailSettings />
          <PasswordSettings />
          <PayoutMethodForm />
          <NotificationSettings />
          <BlockedUsers />
          <DataSettings />
          <DeleteAccount />
        </TabsContent>
      </Tabs>
    </div>
  );
}
