import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  CreditCard,
  Flag,
  Home,
  ListRestart,
  type LucideIcon,
  ScrollText,
  ShieldCheck,
  Users,
  Wallet,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { NavLink, useRoutes } from 'react-router';
import { CenteredSpinner } from '#client/components/ui/spinner.tsx';
import { usePageHead } from '#client/lib/head.ts';
import { cn } from '#client/lib/utils.ts';
import type { AdminStats } from '#shared/moderation.ts';
import { isConsoleHidden, useAdminStats } from '../api/admin.ts';
import { ActionProvider } from './action-dialog.tsx';
import { AuditScreen } from './audit-screen.tsx';
import { JobsScreen } from './jobs-screen.tsx';
import { ListingsScreen } from './listings-screen.tsx';
import { PaymentsScreen } from './payments-screen.tsx';
import { PayoutsScreen } from './payouts-screen.tsx';
import { ReportsQueue } from './reports-queue.tsx';
import { UserScreen } from './user-screen.tsx';
import { UsersScreen } from './users-screen.tsx';

type NavItem = {
  to: string;
  label: MessageDescriptor;
  icon: LucideIcon;
  end?: boolean;
  count?: (s: AdminStats) => number;
};

const NAV: NavItem[] = [
  { to: '/admin', label: msg`Reports`, icon: Flag, end: true, count: (s) => s.openReports },
  { to: '/admin/users', label: msg`Users`, icon: Users },
  { to: '/admin/listings', label: msg`Listings`, icon: Home },
  { to: '/admin/payments', label: msg`Payments`, icon: CreditCard, count: (s) => s.flaggedPayments },
  { to: '/admin/payouts', label: msg`Payouts`, icon: Wallet },
  { to: '/admin/jobs', label: msg`Jobs`, icon: ListRestart },
  { to: '/admin/audit', label: msg`Audit log`, icon: ScrollText },
];

function Tile({ label, value, hint }: { label: string; value: number | undefined; hint?: string }) {
  return (
    <div className="rounded-xl border border-border bg-card px-4 py-3 shadow-sm">
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold tabular-nums">
        {value ?? '–'}
        {hint ? <span className="ml-1.5 text-xs font-normal text-muted-foreground">{hint}</span> : null}
      </dd>
    </div>
  );
}

// /admin/*: the operator console (ADR 029). The route shows it to admins only; if the API still
// answers 404 (the role was taken away meanwhile), the page is the app's 404 screen after all.
export default function AdminConsole({ notFound }: { notFound: ReactNode }) {
  const { t, i18n } = useLingui();
  usePageHead({ title: t`Operator console`, noindex: true });
  const stats = useAdminStats();
  const screen = useRoutes([
    { index: true, element: <ReportsQueue /> },
    { path: 'users', element: <UsersScreen /> },
    { path: 'users/:id', element: <UserScreen /> },
    { path: 'listings', element: <ListingsScreen /> },
    { path: 'payments', element: <PaymentsScreen /> },
    { path: 'payouts', element: <PayoutsScreen /> },
    { path: 'jobs', element: <JobsScreen /> },
    { path: 'audit', element: <AuditScreen /> },
    { path: '*', element: notFound },
  ]);
  if (stats.isError && isConsoleHidden(stats.error)) return notFound;
  if (stats.isLoading) return <CenteredSpinner />;
  const s = stats.data;
  const flaggedAll = s?.flaggedMessages ?? 0;
  return (
    <ActionProvider>
      <div className="mx-auto max-w-7xl px-4 py-6 md:py-8">
        <header className="mb-6 space-y-4">
          <div>
            <p className="flex items-center gap-1.5 text-sm font-medium text-primary">
              <ShieldCheck aria-hidden="true" className="h-4 w-4" /> <Trans>Trust and safety</Trans>
            </p>
            <h1 className="text-2xl font-bold md:text-3xl">
              <Trans>Operator console</Trans>
            </h1>
          </div>
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
            <Tile label={t`Open reports`} value={s?.openReports} />
            <Tile
              label={t`Flagged messages`}
              value={s?.flaggedMessagesWeek}
              hint={s ? t`this week · ${flaggedAll} in all` : undefined}
            />
            <Tile label={t`Flagged payments`} value={s?.flaggedPayments} />
            <Tile label={t`Suspended users`} value={s?.suspendedUsers} />
            <Tile label={t`Hidden listings`} value={s?.hiddenListings} />
          </dl>
        </header>
        <div className="grid gap-6 lg:grid-cols-[13rem_1fr]">
          <nav
            aria-label={t`Console`}
            className="-mx-4 overflow-x-auto px-4 lg:sticky lg:top-20 lg:mx-0 lg:self-start lg:overflow-visible lg:px-0"
          >
            <ul className="flex gap-1 lg:flex-col">
              {NAV.map((n) => {
                const count = s && n.count ? n.count(s) : 0;
                return (
                  <li key={n.to}>
                    <NavLink
                      to={n.to}
                      end={n.end}
                      className={({ isActive }) =>
                        cn(
                          'flex items-center gap-2 whitespace-nowrap rounded-lg px-3 py-2 text-sm font-medium transition-colors hover:bg-accent',
                          isActive ? 'bg-accent text-accent-foreground' : 'text-foreground/80',
                        )
                      }
                    >
                      <n.icon aria-hidden="true" className="h-4 w-4" />
                      {i18n._(n.label)}
                      {count ? (
                        <span className="ml-auto rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
                          {count}
                        </span>
                      ) : null}
                    </NavLink>
                  </li>
                );
              })}
            </ul>
          </nav>
          <div className="min-w-0">{screen}</div>
        </div>
      </div>
    </ActionProvider>
  );
}
