import { Trans, useLingui } from '@lingui/react/macro';
import { Handshake, Sprout, Users } from 'lucide-react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { CenteredSpinner } from '#client/components/ui/spinner.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#client/components/ui/tabs.tsx';
import { usePageHead } from '#client/lib/head.ts';
import { type AuthTab, TAB_PARAM, useNextPath } from '#client/lib/return-path.ts';
import { useUser } from '#client/lib/session.ts';
import { ForgotPasswordForm, LoginForm, RegisterForm } from './auth-forms.tsx';

export default function AuthPage() {
  const { t } = useLingui();
  usePageHead({
    title: t`Sign in or join`,
    description: t`Sign in to Yardshare or create a free account to list land or find a place to grow.`,
    noindex: true,
    path: '/auth',
  });
  const { user, isLoading } = useUser();
  const [params, setParams] = useSearchParams();
  const forgot = params.has('forgot');
  // ?tab=register opens the register tab (the header's Join); ?next= is where both forms return.
  const tab: AuthTab = params.get(TAB_PARAM) === 'register' ? 'register' : 'login';
  const next = useNextPath();
  const showTab = (value: string) =>
    setParams(
      (p) => {
        if (value === 'register') p.set(TAB_PARAM, value);
        else p.delete(TAB_PARAM);
        return p;
      },
      { replace: true },
    );
  // Each tab is a link to its own address (ADR 058): it works before the script, whose Tabs then
  // switch in place.
  const tabHref = (value: AuthTab) => {
    const p = new URLSearchParams(params);
    if (value === 'register') p.set(TAB_PARAM, value);
    else p.delete(TAB_PARAM);
    const query = p.toString();
    return query ? `/auth?${query}` : '/auth';
  };
  if (isLoading) return <CenteredSpinner />;
  if (user) return <Navigate to={next} replace />;
  return (
    <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 md:grid-cols-2 md:py-16">
      {/* The form first: on a phone it is what the visitor came for (Join, Sign in to book). */}
      <Card>
        <CardHeader>
          <CardTitle>
            <Trans>Welcome to Yardshare</Trans>
          </CardTitle>
          <CardDescription>
            <Trans>Sign in to your account or create a new one.</Trans>
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Tabs value={tab} onValueChange={showTab}>
            <TabsList>
              <TabsTrigger value="login" asChild>
                <Link to={tabHref('login')} replace>
                  <Trans>Login</Trans>
                </Link>
              </TabsTrigger>
              <TabsTrigger value="register" asChild>
                <Link to={tabHref('register')} replace>
                  <Trans>Register</Trans>
                </Link>
              </TabsTrigger>
            </TabsList>
            <TabsContent value="login">
              {forgot ? <ForgotPasswordForm next={next} /> : <LoginForm next={next} />}
            </TabsContent>
            <TabsContent value="register">
              <RegisterForm next={next} />
            </TabsContent>
          </Tabs>
        </CardContent>
      </Card>
      <section className="flex flex-col justify-center rounded-xl bg-primary p-8 text-primary-foreground">
        <h1 className="text-3xl font-bold leading-tight md:text-4xl">
          <Trans>Grow food on land that was waiting for you</Trans>
        </h1>
        <p className="mt-4 text-primary-foreground/90">
          <Trans>
            Yardshare connects people with unused yards, gardens and farmland to people who want to grow.
            Joining is free.
          </Trans>
        </p>
        <ul className="mt-6 space-y-4">
          <li className="flex gap-3">
            <Sprout aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />
            <span>
              <Trans>Rent a plot by the month, from a raised bed to a corner of a farm.</Trans>
            </span>
          </li>
          <li className="flex gap-3">
            <Handshake aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />
            <span>
              <Trans>Trade a few hours of work a week for space to grow.</Trans>
            </span>
          </li>
          <li className="flex gap-3">
            <Users aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />
            <span>
              <Trans>Join free community gardens and meet growers near you.</Trans>
            </span>
          </li>
        </ul>
      </section>
    </div>
  );
}
