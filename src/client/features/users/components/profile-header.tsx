import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { CalendarDays, MessageCircle } from 'lucide-react';
import { UserAvatar } from '#client/components/ui/avatar.tsx';
import { Card, CardContent } from '#client/components/ui/card.tsx';
import { formatMonthYear, intlLocale } from '#client/lib/format.ts';
import type { ResponseTime, UserProfile } from '#shared/users.ts';

// The responsiveness labels of #shared/users.ts (RESPONSE_TIMES), each in its whole sentence.
const USUALLY_RESPONDS: Record<ResponseTime, MessageDescriptor> = {
  'within an hour': msg`Usually responds within an hour`,
  'within a few hours': msg`Usually responds within a few hours`,
  'within a day': msg`Usually responds within a day`,
  'a few days or more': msg`Usually responds a few days or more`,
};

// The person: first name, avatar, bio, member since, and how they answer messages.
export function ProfileHeader({ profile }: { profile: UserProfile }) {
  const { i18n } = useLingui();
  const r = profile.responsiveness;
  const memberSince = profile.memberSince ? formatMonthYear(profile.memberSince, i18n.locale) : '';
  const rate =
    r && r.rate !== null
      ? new Intl.NumberFormat(intlLocale(i18n.locale), { style: 'percent', maximumFractionDigits: 0 }).format(
          Math.round(r.rate * 100) / 100,
        )
      : '';
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-2 pt-6 text-center">
        <UserAvatar
          user={{ name: profile.displayName, username: profile.displayName, avatar: profile.avatar }}
          className="h-24 w-24 text-3xl"
        />
        <h1 className="mt-2 text-2xl font-bold">{profile.displayName}</h1>
        {profile.memberSince ? (
          <p className="flex items-center gap-1 text-sm text-muted-foreground">
            <CalendarDays aria-hidden="true" className="h-4 w-4" />
            <Trans>Member since {memberSince}</Trans>
          </p>
        ) : null}
        {profile.bio ? <p className="mt-2 whitespace-pre-line text-sm">{profile.bio}</p> : null}
        {r ? (
          <dl className="mt-4 w-full space-y-2 border-t border-border pt-4 text-left text-sm">
            <div className="flex items-start gap-2">
              <MessageCircle aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-primary" />
              {r.rate === null ? (
                <dd className="text-muted-foreground">
                  <Trans>No messages to answer in the last 90 days</Trans>
                </dd>
              ) : (
                <div>
                  <dt className="sr-only">
                    <Trans>Response rate</Trans>
                  </dt>
                  <dd>
                    <Trans>
                      Response rate: <strong>{rate}</strong>
                    </Trans>
                  </dd>
                  {r.typical ? (
                    <>
                      <dt className="sr-only">
                        <Trans>Response time</Trans>
                      </dt>
                      <dd className="text-muted-foreground">{i18n._(USUALLY_RESPONDS[r.typical])}</dd>
                    </>
                  ) : null}
                </div>
              )}
            </div>
          </dl>
        ) : null}
      </CardContent>
    </Card>
  );
}
