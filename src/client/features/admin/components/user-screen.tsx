import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { UserAvatar } from '#client/components/ui/avatar.tsx';
import { Badge } from '#client/components/ui/badge.tsx';
import { Card, CardContent } from '#client/components/ui/card.tsx';
import { formatDate, formatDateTime } from '#client/lib/format.ts';
import { useUser } from '#client/lib/session.ts';
import {
  type AdminBooking,
  type AdminReportBrief,
  REPORT_REASON_LABELS,
  REPORT_SUBJECT_LABELS,
} from '#shared/moderation.ts';
import { useAdminUser } from '../api/admin.ts';
import { ActionButton } from './action-dialog.tsx';
import { reinstateUser, suspendUser, warnUser } from './actions.ts';
import { AuditEntries } from './audit-screen.tsx';
import { ListingRows } from './listings-screen.tsx';
import { Loaded, UserBadges } from './parts.tsx';
import { PaymentRows } from './payments-screen.tsx';
import { REPORT_STATUS } from './reports-queue.tsx';

function Section({
  title,
  count,
  empty,
  children,
}: {
  title: string;
  count: number;
  empty: string;
  children: ReactNode;
}) {
  const id = `admin-user-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h3 id={id} className="text-lg font-semibold">
        {title} <span className="text-sm font-normal text-muted-foreground">({count})</span>
      </h3>
      {count ? children : <p className="text-sm text-muted-foreground">{empty}</p>}
    </section>
  );
}

function Stat({ label, value, warn = false }: { label: string; value: number; warn?: boolean }) {
  return (
    <div className="rounded-lg bg-muted/60 px-3 py-2">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className={warn && value ? 'text-lg font-semibold text-amber-800' : 'text-lg font-semibold'}>
        {value}
      </dd>
    </div>
  );
}

// A booking's day ("2026-12-01"), as that day wherever the browser is.
const formatDay = (day: string) =>
  new Date(`${day.slice(0, 10)}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });

function Bookings({ bookings }: { bookings: AdminBooking[] }) {
  return (
    <Card>
      <ul className="divide-y divide-border">
        {bookings.map((b) => (
          <li key={b.id} className="px-4 py-3 text-sm">
            <p className="flex flex-wrap items-center gap-2">
              <span className="font-medium">{b.listingTitle}</span>
              <Badge className="bg-secondary text-secondary-foreground">
                {b.status.replaceAll('_', ' ')}
              </Badge>
            </p>
            <p className="text-xs text-muted-foreground">
              #{b.id} · as {b.role} with{' '}
              <Link
                to={`/admin/users/${b.counterpart.id}`}
                className="text-primary underline decoration-current/30 underline-offset-2 hover:decoration-current"
              >
                {b.counterpart.name}
              </Link>{' '}
              · from {formatDay(b.start)}
              {b.end ? ` to ${formatDay(b.end)}` : ''}
            </p>
          </li>
        ))}
      </ul>
    </Card>
  );
}

function Reports({ reports }: { reports: AdminReportBrief[] }) {
  return (
    <Card>
      <ul className="divide-y divide-border">
        {reports.map((r) => (
          <li key={r.id} className="px-4 py-3 text-sm">
            <p className="flex flex-wrap items-center gap-2">
              <span className="font-medium">{REPORT_REASON_LABELS[r.reason]}</span>
              <Badge className="bg-secondary text-secondary-foreground">
                {REPORT_SUBJECT_LABELS[r.subjectType]} #{r.subjectId}
              </Badge>
              <Badge className={REPORT_STATUS[r.status].className}>{REPORT_STATUS[r.status].label}</Badge>
            </p>
            <p className="text-xs text-muted-foreground">
              Report #{r.id} · {formatDateTime(r.createdAt)}
              {r.text ? ` · “${r.text}”` : ''}
            </p>
          </li>
        ))}
      </ul>
    </Card>
  );
}

// /admin/users/:id: one person with their listings, bookings, payments and reports, the admin
// actions taken on them, and warn / suspend / reinstate.
export function UserScreen() {
  const { id = '' } = useParams();
  const valid = /^\d{1,9}$/.test(id);
  const detail = useAdminUser(valid ? Number(id) : 0);
  const { user: me } = useUser();
  const d = detail.data;
  const u = d?.user;
  return (
    <section aria-labelledby="admin-user-heading" className="space-y-8">
      <Link
        to="/admin/users"
        className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft aria-hidden="true" className="h-4 w-4" /> All users
      </Link>
      <Loaded query={detail} isEmpty={!u} empty="No such user.">
        {d && u ? (
          <>
            <Card>
              <CardContent className="space-y-4 pt-6">
                <div className="flex flex-wrap items-start gap-4">
                  <UserAvatar user={u} className="h-16 w-16 text-xl" />
                  <div className="min-w-0 flex-1 space-y-1">
                    <h2
                      id="admin-user-heading"
                      className="flex flex-wrap items-center gap-2 text-2xl font-bold"
                    >
                      {u.name} <UserBadges user={u} />
                    </h2>
                    <p className="text-sm text-muted-foreground">
                      @{u.username} · #{u.id} · {u.email}
                      {u.emailVerified ? ' (confirmed)' : ' (not confirmed)'}
                    </p>
                    <p className="text-sm text-muted-foreground">
                      Joined {formatDate(u.createdAt)}
                      {u.suspendedAt ? ` · suspended since ${formatDateTime(u.suspendedAt)}` : ''}
                    </p>
                    {u.bio ? <p className="pt-1 text-sm">{u.bio}</p> : null}
                  </div>
                  {!u.deleted ? (
                    <div className="flex w-full flex-wrap gap-2 sm:w-auto">
                      <ActionButton request={warnUser(u)}>Warn</ActionButton>
                      {u.suspended ? (
                        <ActionButton request={reinstateUser(u)}>Reinstate</ActionButton>
                      ) : me?.id !== u.id ? (
                        <ActionButton variant="danger" request={suspendUser(u)}>
                          Suspend
                        </ActionButton>
                      ) : null}
                    </div>
                  ) : null}
                </div>
                <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
                  <Stat label="Listings" value={u.listings} />
                  <Stat label="Open reports" value={u.openReports} warn />
                  <Stat label="Warnings" value={u.warnings} warn />
                  <Stat label="Flagged messages sent" value={u.flaggedMessages} warn />
                </dl>
              </CardContent>
            </Card>
            <Section title="Listings" count={d.listings.length} empty="No listings.">
              <ListingRows listings={d.listings} showHost={false} />
            </Section>
            <Section title="Bookings" count={d.bookings.length} empty="No bookings.">
              <Bookings bookings={d.bookings} />
            </Section>
            <Section title="Payments" count={d.payments.length} empty="No payments.">
              <PaymentRows payments={d.payments} />
            </Section>
            <Section
              title="Reports about them"
              count={d.reportsAbout.length}
              empty="Nobody has reported them."
            >
              <Reports reports={d.reportsAbout} />
            </Section>
            <Section
              title="Reports they made"
              count={d.reportsBy.length}
              empty="They have not reported anyone."
            >
              <Reports reports={d.reportsBy} />
            </Section>
            <Section
              title="Admin actions on this account, its listings and messages"
              count={d.audit.length}
              empty="No admin action on this account yet."
            >
              <AuditEntries entries={d.audit} />
            </Section>
          </>
        ) : null}
      </Loaded>
    </section>
  );
}
