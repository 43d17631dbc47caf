import { Trans, useLingui } from '@lingui/react/macro';
import { BellPlus } from 'lucide-react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { Button } from '#client/components/ui/button.tsx';
import { authPath, here } from '#client/lib/return-path.ts';
import { useUser } from '#client/lib/session.ts';
import { toast } from '#client/lib/toast-store.ts';
import { useSaveSearch } from '../api/saved-mutations.ts';

// Saves the /listings search in the address; the server keeps only the search's own parameters.
export function SaveSearchButton() {
  const [params] = useSearchParams();
  const { t } = useLingui();
  const { user } = useUser();
  const navigate = useNavigate();
  const location = useLocation();
  const save = useSaveSearch();
  return (
    <Button
      type="button"
      size="sm"
      variant="outline"
      disabled={save.isPending}
      onClick={() => {
        if (!user) {
          toast({
            title: t`Authentication required`,
            description: t`Please log in to save searches.`,
            variant: 'destructive',
          });
          navigate(authPath(here(location)));
          return;
        }
        save.mutate({ query: params.toString() });
      }}
    >
      <BellPlus aria-hidden="true" /> <Trans>Save this search</Trans>
    </Button>
  );
}
