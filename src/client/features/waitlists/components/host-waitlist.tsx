import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { ArrowDown, ArrowUp, ListOrdered } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardHeader } from '#client/components/ui/card.tsx';
import { errorMessage } from '#client/lib/api.ts';
import { formatDate } from '#client/lib/format.ts';
import type { HostWaitlist as Line } from '#shared/waitlists.ts';
import {
  hostWaitlistQuery,
  useCloseWaitlist,
  useMoveWaitlistEntry,
  useReopenWaitlist,
} from '../api/waitlists.ts';
import { ReasonForm } from './reason-form.tsx';
import { expiryText, wantedText } from './waitlist-format.ts';

type Entry = Line['entries'][number];
type Moving = { entryId: number; position: number };

// The host's waiting list for one listing (ADR 049): the people in line in order, with the dates
// they want and their notes; moving someone up or down, and closing or reopening the list, each
// with a reason kept in the audit log.
export function HostWaitlist({ listingId }: { listingId: number }) {
  const { t } = useLingui();
  const { data, error, isLoading } = useQuery(hostWaitlistQuery(listingId));
  const [moving, setMoving] = useState<Moving | null>(null);
  const [closing, setClosing] = useState(false);
  const move = useMoveWaitlistEntry(listingId);
  const close = useCloseWaitlist(listingId);
  const reopen = useReopenWaitlist(listingId);
  if (isLoading) return null;
  const count = data?.entries.length ?? 0;

  return (
    <section aria-labelledby="waitlist-title" className="mt-6">
      <Card>
        <CardHeader>
          <h2 id="waitlist-title" className="flex flex-wrap items-center gap-2 text-xl font-semibold">
            <ListOrdered className="size-5 text-primary" aria-hidden="true" />
            <Trans>Waiting list</Trans>
            {data?.closed ? (
              <Badge className="bg-muted text-muted-foreground">
                <Trans>Closed</Trans>
              </Badge>
            ) : null}
          </h2>
          <p className="text-sm text-muted-foreground">
            <Trans>
              When a plot frees up, the first person in line whose dates fit is offered it by notification and
              e-mail.
            </Trans>
          </p>
        </CardHeader>
        <CardContent className="space-y-4">
          {error || !data ? (
            <p role="alert" className="text-sm text-destructive">
              {errorMessage(error, t`Could not load the waiting list`)}
            </p>
          ) : (
            <>
              {count === 0 ? (
                <p className="text-sm text-muted-foreground">
                  <Trans>Nobody is waiting.</Trans>
                </p>
              ) : (
                <ol className="divide-y divide-border rounded-lg border border-border">
                  {data.entries.map((entry) => (
                    <EntryRow
                      key={entry.id}
                      entry={entry}
                      last={entry.position === count}
                      moving={moving?.entryId === entry.id ? moving : null}
                      onMove={(position) => {
                        move.reset();
                        setMoving({ entryId: entry.id, position });
                      }}
                      reasonForm={
                        <ReasonForm
                          label={t`Why move them? (kept in the audit log)`}
                          submitLabel={t`Move`}
                          pending={move.isPending}
                          error={move.error ? errorMessage(move.error, t`Please try again.`) : ''}
                          onCancel={() => setMoving(null)}
                          onSubmit={(reason) =>
                            moving && move.mutate({ ...moving, reason }, { onSuccess: () => setMoving(null) })
                          }
                        />
                      }
                    />
                  ))}
                </ol>
              )}
              <CloseOrReopen
                closed={data.closed}
                closing={closing}
                setClosing={setClosing}
                close={close}
                reopen={reopen}
              />
            </>
          )}
        </CardContent>
      </Card>
    </section>
  );
}

function EntryRow({
  entry,
  last,
  moving,
  onMove,
  reasonForm,
}: {
  entry: Entry;
  last: boolean;
  moving: Moving | null;
  onMove: (position: number) => void;
  reasonForm: React.ReactNode;
}) {
  const { t, i18n } = useLingui();
  const name = entry.grower.name;
  const place = entry.position;
  const wanted = wantedText(entry, i18n);
  const since = formatDate(entry.createdAt, i18n.locale);
  const until = entry.offer ? expiryText(entry.offer, i18n) : '';
  const to = moving?.position ?? place;
  return (
    <li className="space-y-2 p-3 text-sm" data-testid="waitlist-entry">
      <div className="flex items-start gap-3">
        <span className="grid size-8 shrink-0 place-items-center rounded-full bg-accent font-semibold text-accent-foreground">
          {place}
        </span>
        <div className="min-w-0 flex-1 space-y-1">
          <p className="font-medium">
            <Link to={`/users/${entry.grower.id}`} className="underline-offset-4 hover:underline">
              {name}
            </Link>
          </p>
          <p className="text-muted-foreground">
            {wanted} · <Trans>waiting since {since}</Trans>
          </p>
          {entry.offer ? (
            <p className="font-medium text-primary">
              <Trans>Offered a plot, held until {until}</Trans>
            </p>
          ) : null}
          {entry.note ? <p className="whitespace-pre-line break-words italic">“{entry.note}”</p> : null}
        </div>
        <div className="flex shrink-0 gap-1">
          <Button
            type="button"
            variant="outline"
            size="icon"
            disabled={place === 1}
            aria-label={t`Move ${name} up`}
            onClick={() => onMove(place - 1)}
          >
            <ArrowUp aria-hidden="true" />
          </Button>
          <Button
            type="button"
            variant="outline"
            size="icon"
            disabled={last}
            aria-label={t`Move ${name} down`}
            onClick={() => onMove(place + 1)}
          >
            <ArrowDown aria-hidden="true" />
          </Button>
        </div>
      </div>
      {moving ? (
        <div className="rounded-lg bg-muted/60 p-3">
          <p className="mb-2 font-medium">
            {to < place ? (
              <Trans>
                Move {name} up to number {to}
              </Trans>
            ) : (
              <Trans>
                Move {name} down to number {to}
              </Trans>
            )}
          </p>
          {reasonForm}
        </div>
      ) : null}
    </li>
  );
}

function CloseOrReopen({
  closed,
  closing,
  setClosing,
  close,
  reopen,
}: {
  closed: boolean;
  closing: boolean;
  setClosing: (v: boolean) => void;
  close: ReturnType<typeof useCloseWaitlist>;
  reopen: ReturnType<typeof useReopenWaitlist>;
}) {
  const { t } = useLingui();
  if (closed)
    return (
      <div className="space-y-2 border-t border-border pt-4 text-sm">
        <p>
          <Trans>The list is closed: nobody can join it. Offers already made stand until answered.</Trans>
        </p>
        {reopen.error ? (
          <p role="alert" className="text-destructive">
            {errorMessage(reopen.error, t`Please try again.`)}
          </p>
        ) : null}
        <Button
          type="button"
          variant="outline"
          disabled={reopen.isPending}
          onClick={() => reopen.mutate(undefined)}
        >
          <Trans>Reopen the waiting list</Trans>
        </Button>
      </div>
    );
  return (
    <div className="space-y-2 border-t border-border pt-4 text-sm">
      {closing ? (
        <ReasonForm
          label={t`Why close the list? (kept in the audit log)`}
          submitLabel={t`Close the list`}
          pending={close.isPending}
          error={close.error ? errorMessage(close.error, t`Please try again.`) : ''}
          onCancel={() => setClosing(false)}
          onSubmit={(reason) => close.mutate({ reason }, { onSuccess: () => setClosing(false) })}
        />
      ) : (
        <>
          <p className="text-muted-foreground">
            <Trans>Closing the list ends everyone's wait; offers already made stand.</Trans>
          </p>
          <Button
            type="button"
            variant="outline"
            onClick={() => {
              close.reset();
              setClosing(true);
            }}
          >
            <Trans>Close the waiting list</Trans>
          </Button>
        </>
      )}
    </div>
  );
}
