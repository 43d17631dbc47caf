import { useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { Heart } from 'lucide-react';
import { useLocation, useNavigate } from 'react-router';
import { Button } from '#client/components/ui/button.tsx';
import { loadMessages } from '#client/lib/i18n.ts';
import { authPath, here } from '#client/lib/return-path.ts';
import { useUser } from '#client/lib/session.ts';
import { toast } from '#client/lib/toast-store.ts';
import { cn } from '#client/lib/utils.ts';
import { localTitle } from '#shared/listing-title.ts';
import type { Listing } from '#shared/listings.ts';
import { useSavedIds } from '../api/saved.ts';

// The heart: saves or unsaves a listing; signed out, the spec's toast and /auth.
export function SaveButton({
  listingId,
  title: written,
  titles,
  className,
}: {
  listingId: number;
  title: string;
  titles?: Listing['titles'];
  className?: string;
}) {
  const { t, i18n } = useLingui();
  const title = localTitle({ title: written, titles }, i18n.locale);
  const { user } = useUser();
  const navigate = useNavigate();
  const location = useLocation();
  const qc = useQueryClient();
  const saved = useSavedIds().has(listingId);
  return (
    <Button
      type="button"
      size="icon"
      variant="outline"
      aria-pressed={saved}
      aria-label={saved ? t`Remove ${title} from saved` : t`Save ${title}`}
      title={saved ? t`Saved` : t`Save`}
      className={cn('rounded-full bg-background/90 shadow-sm hover:bg-background', className)}
      onClick={(e) => {
        e.preventDefault();
        if (!user) {
          toast({
            title: t`Authentication required`,
            description: t`Please log in to save listings.`,
            variant: 'destructive',
          });
          navigate(authPath(here(location)));
          return;
        }
        // The write's code and messages load with the first click (docs/decisions/028).
        void Promise.all([import('../api/saved-mutations.ts'), loadMessages(i18n, 'app')]).then(([m]) =>
          m.toggleSaved(qc, i18n, listingId, !saved),
        );
      }}
    >
      <Heart aria-hidden="true" className={cn(saved && 'fill-red-500 text-red-500')} />
    </Button>
  );
}
