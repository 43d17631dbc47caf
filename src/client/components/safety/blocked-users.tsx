import { Trans, useLingui } from '@lingui/react/macro';
import { formatDate } from '../../lib/format.ts';
import { useBlocks, useUnblock } from '../../lib/safety.ts';
import { UserAvatar } from '../ui/avatar.tsx';
import { Button } from '../ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../ui/card.tsx';
import { Spinner } from '../ui/spinner.tsx';

// Account Settings: the people I blocked, each with an Unblock button (docs/decisions/029).
export function BlockedUsers() {
  const { t, i18n } = useLingui();
  const blocks = useBlocks();
  const unblock = useUnblock();
  const list = blocks.data ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <Trans>Blocked users</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>
            People you block cannot message you, book your spaces or review you, and you do not see each
            other&apos;s listings. They are not told.
          </Trans>
        </CardDescription>
      </CardHeader>
      <CardContent>
        {blocks.isLoading ? (
          <Spinner className="h-6 w-6" label={t`Loading blocked users`} />
        ) : blocks.isError ? (
          <p className="text-sm text-destructive">
            <Trans>Could not load your blocked users. Please try again later.</Trans>
          </p>
        ) : !list.length ? (
          <p className="text-sm text-muted-foreground">
            <Trans>You have not blocked anyone.</Trans>
          </p>
        ) : (
          <ul className="divide-y divide-border" aria-label={t`Blocked users`}>
            {list.map((b) => {
              const name = b.name;
              const username = b.username;
              const date = formatDate(b.blockedAt, i18n.locale);
              return (
                <li key={b.userId} className="flex items-center gap-3 py-3 first:pt-0 last:pb-0">
                  <UserAvatar user={b} />
                  <div className="min-w-0 flex-1">
                    <p className="truncate font-medium">{b.name}</p>
                    <p className="truncate text-xs text-muted-foreground">
                      <Trans>
                        @{username} · blocked {date}
                      </Trans>
                    </p>
                  </div>
                  <Button
                    type="button"
                    variant="outline"
                    size="sm"
                    aria-label={t`Unblock ${name}`}
                    disabled={unblock.isPending && unblock.variables?.userId === b.userId}
                    onClick={() => unblock.mutate({ userId: b.userId, name: b.name })}
                  >
                    <Trans>Unblock</Trans>
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
