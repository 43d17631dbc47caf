import { Trans, useLingui } from '@lingui/react/macro';
import { ChevronLeft, ChevronRight, Search } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { UserAvatar } from '#client/components/ui/avatar.tsx';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { IconInput } from '#client/components/ui/input.tsx';
import { SectionSpinner } from '#client/components/ui/spinner.tsx';
import { errorMessage } from '#client/lib/api.ts';
import { cn } from '#client/lib/utils.ts';
import type { AdminUserRef } from '#shared/moderation.ts';

// Small pieces every console screen uses.

export function ScreenHeader({ title, id, children }: { title: string; id?: string; children?: ReactNode }) {
  return (
    <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
      <h2 id={id} className="text-xl font-semibold">
        {title}
      </h2>
      {children}
    </div>
  );
}

// A user's state at a glance: suspended, admin, deleted.
export function UserBadges({ user }: { user: Pick<AdminUserRef, 'role' | 'suspended' | 'deleted'> }) {
  return (
    <>
      {user.suspended ? (
        <Badge className="bg-red-100 text-red-900">
          <Trans>Suspended</Trans>
        </Badge>
      ) : null}
      {user.role === 'admin' ? (
        <Badge>
          <Trans>Admin</Trans>
        </Badge>
      ) : null}
      {user.deleted ? (
        <Badge className="bg-secondary text-secondary-foreground">
          <Trans>Deleted</Trans>
        </Badge>
      ) : null}
    </>
  );
}

// A person, linked to their page in the console.
export function UserRef({ user, avatar = false }: { user: AdminUserRef; avatar?: boolean }) {
  const { t } = useLingui();
  const id = user.id;
  return (
    <span className="inline-flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
      {avatar ? <UserAvatar user={user} className="h-7 w-7 text-xs" /> : null}
      <Link
        to={`/admin/users/${user.id}`}
        className="min-w-0 truncate font-medium text-primary underline decoration-current/30 underline-offset-2 hover:decoration-current"
      >
        {user.name || t`User #${id}`}
      </Link>
      {user.username ? <span className="text-xs text-muted-foreground">@{user.username}</span> : null}
      <UserBadges user={user} />
    </span>
  );
}

export function Pager({
  page,
  pageSize,
  total,
  onPage,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const { t } = useLingui();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <nav aria-label={t`Pages`} className="mt-4 flex items-center justify-end gap-2 text-sm">
      <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <ChevronLeft aria-hidden="true" /> <Trans>Previous</Trans>
      </Button>
      <span className="text-muted-foreground">
        <Trans>
          Page {page} of {pages}
        </Trans>
      </span>
      <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        <Trans>Next</Trans> <ChevronRight aria-hidden="true" />
      </Button>
    </nav>
  );
}

// A search box that searches on submit (Enter or the button).
export function SearchForm({
  label,
  placeholder,
  initial,
  onSearch,
}: {
  label: string;
  placeholder: string;
  initial: string;
  onSearch: (q: string) => void;
}) {
  const [q, setQ] = useState(initial);
  return (
    <search className="w-full sm:w-auto">
      <form
        className="flex gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          onSearch(q.trim());
        }}
      >
        <div className="min-w-0 flex-1 sm:w-72">
          <IconInput
            icon={Search}
            type="search"
            aria-label={label}
            placeholder={placeholder}
            value={q}
            maxLength={200}
            onChange={(e) => setQ(e.target.value)}
          />
        </div>
        <Button type="submit" variant="outline">
          <Trans>Search</Trans>
        </Button>
      </form>
    </search>
  );
}

// A list's loading, error and empty states; children once there is something to show.
export function Loaded({
  query,
  empty,
  isEmpty,
  children,
}: {
  query: { isLoading: boolean; isError: boolean; error: unknown };
  empty: string;
  isEmpty: boolean;
  children: ReactNode;
}) {
  const { t } = useLingui();
  if (query.isLoading) return <SectionSpinner />;
  if (query.isError)
    return (
      <p role="alert" className="py-8 text-center text-destructive">
        {errorMessage(query.error, t`Could not load this. Please try again.`)}
      </p>
    );
  if (isEmpty)
    return (
      <p className="rounded-xl border border-dashed border-border bg-card/60 p-8 text-center text-muted-foreground">
        {empty}
      </p>
    );
  return <>{children}</>;
}

// Two or three choices in a row (open / closed / all, all / flagged).
export function Segmented<T extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: T;
  options: { value: T; label: string }[];
  onChange: (v: T) => void;
}) {
  return (
    <fieldset className="inline-flex rounded-lg bg-muted p-1">
      <legend className="sr-only">{label}</legend>
      {options.map((o) => (
        <button
          key={o.value}
          type="button"
          aria-pressed={value === o.value}
          onClick={() => onChange(o.value)}
          className={cn(
            'cursor-pointer rounded-md px-3 py-1.5 text-sm font-medium text-muted-foreground transition-colors',
            value === o.value && 'bg-card text-foreground shadow-sm',
          )}
        >
          {o.label}
        </button>
      ))}
    </fieldset>
  );
}

// A listing's first photo, or an empty tile of the same size when it has none.
export function ListingThumb({ images, className }: { images: string[]; className: string }) {
  return images[0] ? (
    <img
      src={images[0]}
      alt=""
      className={cn('shrink-0 rounded-md object-cover', className)}
      loading="lazy"
    />
  ) : (
    <div aria-hidden="true" className={cn('shrink-0 rounded-md bg-accent', className)} />
  );
}

// A page number from the address (?page=), 1 when absent or not one.
export function pageParam(params: URLSearchParams): number {
  const p = params.get('page') ?? '';
  return /^\d{1,5}$/.test(p) && Number(p) >= 1 ? Number(p) : 1;
}
