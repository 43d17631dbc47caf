import { Trans, useLingui } from '@lingui/react/macro';
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { UserAvatar } from '#client/components/ui/avatar.tsx';
import { Badge } from '#client/components/ui/badge.tsx';
import { Card, CardContent } from '#client/components/ui/card.tsx';
import { formatDate, formatDateTime, intlLocale } from '#client/lib/format.ts';
import { useUser } from '#client/lib/session.ts';
import type { AdminBooking, AdminReportBrief } from '#shared/moderation.ts';
import { useAdminUser, useHostCancellations } from '../api/admin.ts';
import { ActionButton } from './action-dialog.tsx';
import { endStay, reinstateUser, suspendUser, warnUser } from './actions.ts';
import { AuditEntries } from './audit-screen.tsx';
import { BOOKING_STATUS_TEXT, REPORT_REASON_TEXT, REPORT_SUBJECT_TEXT } from './labels.ts';
import { ListingRows } from './listings-screen.tsx';
import { Loaded, UserBadges } from './parts.tsx';
import { PaymentRows } from './payments-screen.tsx';
import { REPORT_STATUS } from './reports-queue.tsx';

function Section({
  name,
  title,
  count,
  empty,
  children,
}: {
  // The heading's id: admin-user-<name>.
  name: string;
  title: string;
  count: number;
  empty: string;
  children: ReactNode;
}) {
  const id = `admin-user-${name}`;
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

function Joined({ date }: { date: string }) {
  return <Trans>Joined {date}</Trans>;
}

function SuspendedSince({ date }: { date: string }) {
  return (
    <>
      {' · '}
      <Trans>suspended since {date}</Trans>
    </>
  );
}

// A booking's day ("2026-12-01"), as that day wherever the browser is.
const formatDay = (day: string, locale: string) =>
  new Date(`${day.slice(0, 10)}T00:00:00Z`).toLocaleDateString(intlLocale(locale), {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });

function Bookings({ bookings }: { bookings: AdminBooking[] }) {
  const { i18n } = useLingui();
  const status = (s: string) => {
    const known = BOOKING_STATUS_TEXT[s];
    return known ? i18n._(known) : s.replaceAll('_', ' ');
  };
  return (
    <Card>
      <ul className="divide-y divide-border">
        {bookings.map((b) => (
          <li key={b.id} className="px-4 py-3 text-sm">
            <p className="flex flex-wrap items-center gap-2">
              <span className="font-medium">{b.listingTitle}</span>
              <Badge className="bg-secondary text-secondary-foreground">{status(b.status)}</Badge>
            </p>
            <p className="text-xs text-muted-foreground">
              #{b.id} · <BookingLine booking={b} />
            </p>
            {b.status === 'active' ? (
              <ActionButton variant="danger" request={endStay(b)}>
                <Trans>End stay now</Trans>
              </ActionButton>
            ) : null}
          </li>
        ))}
      </ul>
    </Card>
  );
}

// "as grower with Ann · from Dec 1, 2026 to Mar 1, 2027"
function BookingLine({ booking: b }: { booking: AdminBooking }) {
  const { i18n } = useLingui();
  const start = formatDay(b.start, i18n.locale);
  const end = b.end ? formatDay(b.end, i18n.locale) : null;
  const counterpart = (
    <Link
      to={`/admin/users/${b.counterpart.id}`}
      className="text-primary underline decoration-current/30 underline-offset-2 hover:decoration-current"
    >
      {b.counterpart.name}
    </Link>
  );
  const dates = end ? (
    <Trans>
      from {start} to {end}
    </Trans>
  ) : (
    <Trans>from {start}</Trans>
  );
  return (
    <>
      {b.role === 'host' ? (
        <Trans>as host with {counterpart}</Trans>
      ) : (
        <Trans>as grower with {counterpart}</Trans>
      )}{' '}
      · {dates}
    </>
  );
}

function Reports({ reports }: { reports: AdminReportBrief[] }) {
  const { i18n } = useLingui();
  return (
    <Card>
      <ul className="divide-y divide-border">
        {reports.map((r) => (
          <li key={r.id} className="px-4 py-3 text-sm">
            <p className="flex flex-wrap items-center gap-2">
              <span className="font-medium">{i18n._(REPORT_REASON_TEXT[r.reason])}</span>
              <Badge className="bg-secondary text-secondary-foreground">
                {i18n._(REPORT_SUBJECT_TEXT[r.subjectType])} #{r.subjectId}
              </Badge>
              <Badge className={REPORT_STATUS[r.status].className}>
                {i18n._(REPORT_STATUS[r.status].label)}
              </Badge>
            </p>
            <p className="text-xs text-muted-foreground">
              <ReportLine id={r.id} date={formatDateTime(r.createdAt, i18n.locale)} />
              {r.text ? ` · “${r.text}”` : ''}
            </p>
          </li>
        ))}
      </ul>
    </Card>
  );
}

function ReportLine({ id, date }: { id: number; date: string }) {
  return (
    <Trans>
      Report #{id} · {date}
    </Trans>
  );
}

// /admin/users/:id: one person with their listings, bookings, payments and reports, the admin
// actions taken on them, and warn / suspend / reinstate.
export function UserScreen() {
  const { t, i18n } = useLingui();
  const { id = '' } = useParams();
  const valid = /^\d{1,9}$/.test(id);
  const detail = useAdminUser(valid ? Number(id) : 0);
  const cancels = useHostCancellations(valid ? Number(id) : 0).data;
  const { user: me } = useUser();
  const d = detail.data;
  const u = d?.user;
  return (
    <section aria-labelledby="admin-user-heading" className="space-y-8">
      <Link
        to="/admin/users"
        className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft aria-hidden="true" className="h-4 w-4" /> <Trans>All users</Trans>
      </Link>
      <Loaded query={detail} isEmpty={!u} empty={t`No such user.`}>
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
                      @{u.username} · #{u.id} · {u.email}{' '}
                      {u.emailVerified ? t`(confirmed)` : t`(not confirmed)`}
                    </p>
                    <p className="text-sm text-muted-foreground">
                      <Joined date={formatDate(u.createdAt, i18n.locale)} />
                      {u.suspendedAt ? (
                        <SuspendedSince date={formatDateTime(u.suspendedAt, i18n.locale)} />
                      ) : null}
                    </p>
                    {u.bio ? <p className="pt-1 text-sm">{u.bio}</p> : null}
                  </div>
                  {!u.deleted ? (
                    <div className="flex w-full flex-wrap gap-2 sm:w-auto">
                      <ActionButton request={warnUser(u)}>
                        <Trans>Warn</Trans>
                      </ActionButton>
                      {u.suspended ? (
                        <ActionButton request={reinstateUser(u)}>
                          <Trans>Reinstate</Trans>
                        </ActionButton>
                      ) : me?.id !== u.id ? (
                        <ActionButton variant="danger" request={suspendUser(u)}>
                          <Trans>Suspend</Trans>
                        </ActionButton>
                      ) : null}
                    </div>
                  ) : null}
                </div>
                <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
                  <Stat label={t`Listings`} value={u.listings} />
                  <Stat label={t`Open reports`} value={u.openReports} warn />
                  <Stat label={t`Warnings`} value={u.warnings} warn />
                  <Stat label={t`Flagged messages sent`} value={u.flaggedMessages} warn />
                  {cancels ? (
                    <Stat label={t`Host cancellations (12 months)`} value={cancels.last12Months} warn />
                  ) : null}
                </dl>
              </CardContent>
            </Card>
            <Section name="listings" title={t`Listings`} count={d.listings.length} empty={t`No listings.`}>
              <ListingRows listings={d.listings} showHost={false} />
            </Section>
            <Section name="bookings" title={t`Bookings`} count={d.bookings.length} empty={t`No bookings.`}>
              <Bookings bookings={d.bookings} />
            </Section>
            <Section name="payments" title={t`Payments`} count={d.payments.length} empty={t`No payments.`}>
              <PaymentRows payments={d.payments} />
            </Section>
            <Section
              name="reports-about-them"
              title={t`Reports about them`}
              count={d.reportsAbout.length}
              empty={t`Nobody has reported them.`}
            >
              <Reports reports={d.reportsAbout} />
            </Section>
            <Section
              name="reports-they-made"
              title={t`Reports they made`}
              count={d.reportsBy.length}
              empty={t`They have not reported anyone.`}
            >
              <Reports reports={d.reportsBy} />
            </Section>
            <Section
              name="admin-actions-on-this-account-its-listings-and-messages"
              title={t`Admin actions on this account, its listings and messages`}
              count={d.audit.length}
              empty={t`No admin action on this account yet.`}
            >
              <AuditEntries entries={d.audit} />
            </Section>
          </>
        ) : null}
      </Loaded>
    </section>
  );
}
