import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { Eye, Pencil, Plus, Sprout, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { updateProfileSchema } from '#shared/auth.ts';
import { priceText, TYPE_LABELS } from '#shared/listing-text.ts';
import { UserAvatar } from '../../../components/ui/avatar.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { TextAreaField, TextField } from '../../../components/ui/input.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { usePageHead } from '../../../lib/head.ts';
import { toast } from '../../../lib/toast-store.ts';
import { useUpdateProfile, useUser } from '../../auth/api/auth.ts';
import { myListingsQuery, useDeleteListing } from '../../listings/api/listings.ts';
import { PaymentsTab } from '../../payments/components/payments-tab.tsx';

function MyListings() {
  const { data: listings, isLoading, error } = useQuery(myListingsQuery);
  const remove = useDeleteListing();
  const [pending, setPending] = useState<number | null>(null);

  if (isLoading)
    return (
      <div className="flex justify-center py-12">
        <Spinner />
      </div>
    );
  if (error)
    return (
      <p className="py-8 text-center text-destructive">
        Could not load your listings. Please try again later.
      </p>
    );
  return (
    <div className="space-y-4">
      <div className="flex items-center justify-between gap-4">
        <h2 className="text-xl font-semibold">My Listings</h2>
        <Button asChild>
          <Link to="/create-listing">
            <Plus aria-hidden="true" /> Add New Listing
          </Link>
        </Button>
      </div>
      {!listings?.length ? (
        <Card>
          <CardContent className="flex flex-col items-center gap-3 py-12 text-center">
            <Sprout aria-hidden="true" className="h-10 w-10 text-primary" />
            <h3 className="text-lg font-semibold">No Listings Yet</h3>
            <p className="max-w-sm text-sm text-muted-foreground">
              Share your yard, garden or farm with growers near you.
            </p>
          </CardContent>
        </Card>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2">
          {listings.map((l) => (
            <li key={l.id}>
              <Card className="flex h-full gap-4 overflow-hidden p-3">
                {l.images[0] ? (
                  <img
                    src={l.images[0]}
                    alt=""
                    className="h-24 w-24 shrink-0 rounded-lg object-cover"
                    loading="lazy"
                  />
                ) : (
                  <div className="h-24 w-24 shrink-0 rounded-lg bg-muted" />
                )}
                <div className="flex min-w-0 flex-1 flex-col">
                  <Badge className="w-fit">{TYPE_LABELS[l.type]}</Badge>
                  <h3 className="mt-1 truncate font-semibold">{l.title}</h3>
                  <p className="truncate text-sm text-muted-foreground">
                    {l.city}, {l.state} · {priceText(l)}
                  </p>
                  <div className="mt-auto flex flex-wrap gap-1 pt-2">
                    <Button asChild size="sm" variant="outline">
                      <Link to={`/listings/${l.id}`} aria-label={`View ${l.title}`}>
                        <Eye aria-hidden="true" /> View
                      </Link>
                    </Button>
                    <Button asChild size="sm" variant="outline">
                      <Link to={`/listings/${l.id}/edit`} aria-label={`Edit ${l.title}`}>
                        <Pencil aria-hidden="true" /> Edit
                      </Link>
                    </Button>
                    <Button
                      size="sm"
                      variant="outline"
                      className="text-destructive"
                      aria-label={`Delete ${l.title}`}
                      onClick={() => setPending(l.id)}
                    >
                      <Trash2 aria-hidden="true" /> Delete
                    </Button>
                  </div>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title="Are you sure?"
        description="This will permanently delete your listing"
        confirmLabel="Delete"
        onConfirm={() => {
          if (pending === null) return;
          remove.mutate(pending, {
            onSuccess: () => toast({ title: 'Listing deleted' }),
            onError: (err) =>
              toast({
                title: 'Failed to delete listing',
                description: errorMessage(err, 'Please try again'),
                variant: 'destructive',
              }),
          });
          setPending(null);
        }}
      />
    </div>
  );
}

const settingsSchema = z.object({
  name: z.string().trim().min(1, 'Full name is required').max(100),
  bio: z.string().max(1000, 'Bio must be at most 1000 characters'),
});

function AccountSettings() {
  const { user } = useUser();
  const save = useUpdateProfile();
  const form = useForm<z.infer<typeof settingsSchema>>({
    resolver: zodResolver(settingsSchema),
    values: { name: user?.name ?? '', bio: user?.bio ?? '' },
  });
  if (!user) return null;
  const { errors } = form.formState;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Account Settings</CardTitle>
        <CardDescription>Your username and email cannot be changed.</CardDescription>
      </CardHeader>
      <CardContent>
        <form
          className="space-y-4"
          noValidate
          onSubmit={form.handleSubmit((v) => save.mutate(updateProfileSchema.parse(v)))}
        >
          <TextField id="settings-username" label="Username" value={user.username} readOnly disabled />
          <TextField id="settings-email" label="Email" value={user.email} readOnly disabled />
          <TextField
            id="settings-name"
            label="Full Name"
            error={errors.name?.message}
            {...form.register('name')}
          />
          <TextAreaField
            id="settings-bio"
            label="Bio"
            error={errors.bio?.message}
            rows={4}
            placeholder="Tell hosts and growers about yourself"
            {...form.register('bio')}
          />
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save Changes'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

export default function ProfilePage() {
  usePageHead({
    title: 'Your profile',
    description: 'Your listings, payments and account settings on Yardshare.',
    noindex: true,
    path: '/profile',
  });
  const { user } = useUser();
  if (!user) return null;
  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 md:grid-cols-[280px_1fr]">
      <Card className="h-fit">
        <CardContent className="flex flex-col items-center gap-2 pt-6 text-center">
          <UserAvatar user={user} className="h-20 w-20 text-2xl" />
          <h1 className="mt-2 text-xl font-bold">{user.name}</h1>
          <p className="text-sm text-muted-foreground">@{user.username}</p>
          <p className="text-sm text-muted-foreground break-all">{user.email}</p>
          {user.bio ? <p className="mt-2 text-sm">{user.bio}</p> : null}
          <Button asChild variant="outline" className="mt-4 w-full">
            <Link to="/messages">View Messages</Link>
          </Button>
        </CardContent>
      </Card>
      <Tabs defaultValue="listings">
        <TabsList className="w-full sm:w-fit">
          <TabsTrigger value="listings">My Listings</TabsTrigger>
          <TabsTrigger value="payments">Payments</TabsTrigger>
          <TabsTrigger value="settings">Account Settings</TabsTrigger>
        </TabsList>
        <TabsContent value="listings">
          <MyListings />
        </TabsContent>
        <TabsContent value="payments">
          <PaymentsTab />
        </TabsContent>
        <TabsContent value="settings">
          <AccountSettings />
        </TabsContent>
      </Tabs>
    </div>
  );
}
