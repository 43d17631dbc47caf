import { Trans, useLingui } from '@lingui/react/macro';
import { MessageSquare } from 'lucide-react';
import { useHref, useLocation, useNavigate } from 'react-router';
import { Button } from '#client/components/ui/button.tsx';
import { authPath, here } from '#client/lib/return-path.ts';
import { useUser } from '#client/lib/session.ts';
import { toast } from '#client/lib/toast-store.ts';

// Signed out goes to /auth, one's own listing is refused, otherwise the thread opens, about this
// listing (ADR 052). Before the script, the button sends its GET form to the server's
// /listings/{id}/contact, which does the same with redirects (ADR 058).
export function ContactHostButton({ hostId, listingId }: { hostId: number; listingId: number }) {
  const { t } = useLingui();
  const { user } = useUser();
  const navigate = useNavigate();
  const location = useLocation();
  const action = useHref(`/listings/${listingId}/contact`);
  return (
    <form method="get" action={action}>
      <Button
        type="submit"
        variant="outline"
        className="w-full"
        onClick={(e) => {
          e.preventDefault();
          if (!user) {
            toast({
              title: t`Authentication required`,
              description: t`Please log in to contact the host.`,
              variant: 'destructive',
            });
            navigate(authPath(here(location)));
            return;
          }
          if (user.id === hostId) {
            toast({
              title: t`Action not allowed`,
              description: t`You cannot message yourself.`,
              variant: 'destructive',
            });
            return;
          }
          navigate(`/messages/${hostId}?listing=${listingId}`);
        }}
      >
        <MessageSquare aria-hidden="true" /> <Trans>Contact Host</Trans>
      </Button>
    </form>
  );
}
