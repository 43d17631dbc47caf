import { CalendarDays, MessageCircle } from 'lucide-react';
import { UserAvatar } from '#client/components/ui/avatar.tsx';
import { Card, CardContent } from '#client/components/ui/card.tsx';
import type { UserProfile } from '#shared/users.ts';

const monthYear = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

// The person: first name, avatar, bio, member since, and how they answer messages.
export function ProfileHeader({ profile }: { profile: UserProfile }) {
  const r = profile.responsiveness;
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
            Member since {monthYear(profile.memberSince)}
          </p>
        ) : null}
        {profile.bio ? <p className="mt-2 whitespace-pre-line text-sm">{profile.bio}</p> : null}
        {r ? (
          <dl className="mt-4 w-full space-y-2 border-t border-border pt-4 text-left text-sm">
            <div className="flex items-start gap-2">
              <MessageCircle aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-primary" />
              {r.rate === null ? (
                <dd className="text-muted-foreground">No messages to answer in the last 90 days</dd>
              ) : (
                <div>
                  <dt className="sr-only">Response rate</dt>
                  <dd>
                    Response rate: <strong>{Math.round(r.rate * 100)}%</strong>
                  </dd>
                  {r.typical ? (
                    <>
                      <dt className="sr-only">Response time</dt>
                      <dd className="text-muted-foreground">Usually responds {r.typical}</dd>
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
