import { Trans, useLingui } from '@lingui/react/macro';
import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { UserAvatar } from '#client/components/ui/avatar.tsx';
import { Card } from '#client/components/ui/card.tsx';
import { formatDate } from '#client/lib/format.ts';
import { useAdminUsers } from '../api/admin.ts';
import { UserBadges } from './parts.tsx';
import { SearchScreen, useSearchPage } from './search-screen.tsx';

function Joined({ date }: { date: string }) {
  return <Trans>joined {date}</Trans>;
}

// /admin/users: everyone, newest first, or those whose name, username, e-mail or id matches.
export function UsersScreen() {
  const { t, i18n } = useLingui();
  const { q, page } = useSearchPage();
  return (
    <SearchScreen
      id="admin-users-heading"
      title={t`Users`}
      label={t`Search users`}
      placeholder={t`Name, username, e-mail or id`}
      q={q}
      query={useAdminUsers(q, page)}
      empty={q ? t`No user matches “${q}”.` : t`No users yet.`}
    >
      {(items) => (
        <Card>
          <ul className="divide-y divide-border">
            {items.map((u) => (
              <li key={u.id}>
                <Link
                  to={`/admin/users/${u.id}`}
                  className="flex items-center gap-3 px-4 py-3 transition-colors hover:bg-muted/50"
                >
                  <UserAvatar user={u} />
                  <div className="min-w-0 flex-1">
                    <p className="flex flex-wrap items-center gap-2">
                      <span className="truncate font-medium">{u.name}</span>
                      <span className="text-xs text-muted-foreground">@{u.username}</span>
                      <UserBadges user={u} />
                    </p>
                    <p className="truncate text-xs text-muted-foreground">
                      #{u.id} · {u.email} · <Joined date={formatDate(u.createdAt, i18n.locale)} />
                    </p>
                  </div>
                  <dl className="hidden shrink-0 gap-6 text-right text-xs sm:flex">
                    <div>
                      <dt className="text-muted-foreground">
                        <Trans>Listings</Trans>
                      </dt>
                      <dd className="font-semibold">{u.listings}</dd>
                    </div>
                    <div>
                      <dt className="text-muted-foreground">
                        <Trans>Open reports</Trans>
                      </dt>
                      <dd className={u.openReports ? 'font-semibold text-amber-800' : 'font-semibold'}>
                        {u.openReports}
                      </dd>
                    </div>
                  </dl>
                  <ChevronRight aria-hidden="true" className="h-4 w-4 shrink-0 text-muted-foreground" />
                </Link>
              </li>
            ))}
          </ul>
        </Card>
      )}
    </SearchScreen>
  );
}
