import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from 'react-router';
import { Card, CardContent, CardDescription, CardHeader } from '#client/components/ui/card.tsx';
import { errorMessage } from '#client/lib/api.ts';
import { usePageHead } from '#client/lib/head.ts';
import { toast } from '#client/lib/toast-store.ts';
import { useCreateListing } from '../api/listing-mutations.ts';
import { ListingForm } from './listing-form.tsx';

export default function CreateListingPage() {
  const { t } = useLingui();
  usePageHead({
    title: t`List Your Growing Space`,
    description: t`Share your yard, garden or farm with growers near you on Yardshare.`,
    noindex: true,
    path: '/create-listing',
  });
  const create = useCreateListing();
  const navigate = useNavigate();
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <Card>
        <CardHeader>
          <h1 className="text-2xl font-semibold leading-tight">
            <Trans>List Your Growing Space</Trans>
          </h1>
          <CardDescription>
            <Trans>Tell growers about your space. You can edit it at any time from your profile.</Trans>
          </CardDescription>
        </CardHeader>
        <CardContent>
          <ListingForm
            submitLabel={t`Create Listing`}
            pending={create.isPending}
            onSubmit={(input) =>
              create.mutate(input, {
                onSuccess: () => {
                  toast({
                    title: t`Listing created successfully`,
                    description: t`Your space is now visible to others`,
                  });
                  navigate('/profile');
                },
                onError: (err) =>
                  toast({
                    title: t`Failed to create listing`,
                    description: errorMessage(err, t`Please try again`),
                    variant: 'destructive',
                  }),
              })
            }
          />
        </CardContent>
      </Card>
    </div>
  );
}
