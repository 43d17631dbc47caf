import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Search, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { intlLocale } from '#client/lib/format.ts';
import { savedSearchesQuery } from '../api/saved.ts';
import { useDeleteSearch } from '../api/saved-mutations.ts';

// The user's saved searches: open one on /listings, or delete it.
export function SavedSearches() {
  const { t, i18n } = useLingui();
  const { data, isLoading, isError } = useQuery(savedSearchesQuery);
  const savedOn = new Intl.DateTimeFormat(intlLocale(i18n.locale), { dateStyle: 'medium' });
  const remove = useDeleteSearch();
  if (isLoading)
    return (
      <div className="flex justify-center py-8">
        <Spinner />
      </div>
    );
  if (isError)
    return (
      <p className="text-muted-foreground">
        <Trans>Your saved searches could not be loaded.</Trans>
      </p>
    );
  if (!data?.length)
    return (
      <p className="rounded-xl border border-border bg-card p-6 text-muted-foreground">
        <Trans>
          No saved searches yet. Use “Save this search” on the{' '}
          <Link to="/listings" className="text-primary underline underline-offset-4">
            listings page
          </Link>{' '}
          to hear about new spaces that match.
        </Trans>
      </p>
    );
  return (
    <ul className="divide-y divide-border rounded-xl border border-border bg-card">
      {data.map((s) => {
        const name = s.name;
        const date = savedOn.format(new Date(s.createdAt));
        return (
          <li key={s.id} className="flex flex-wrap items-center gap-3 p-4">
            <Search aria-hidden="true" className="h-4 w-4 shrink-0 text-muted-foreground" />
            <div className="min-w-0 flex-1">
              <p className="truncate font-medium">{s.name}</p>
              <p className="text-sm text-muted-foreground">
                <Trans>Saved {date}</Trans>
              </p>
            </div>
            <div className="flex gap-2">
              <Button asChild size="sm" variant="outline">
                <Link to={s.query ? `/listings?${s.query}` : '/listings'} aria-label={t`Open ${name}`}>
                  <Trans>Open</Trans>
                </Link>
              </Button>
              <Button
                size="sm"
                variant="ghost"
                aria-label={t`Delete ${name}`}
                disabled={remove.isPending && remove.variables === s.id}
                onClick={() => remove.mutate(s.id)}
              >
                <Trash2 aria-hidden="true" /> <Trans>Delete</Trans>
              </Button>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
