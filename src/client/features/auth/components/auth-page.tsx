import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { Handshake, ShieldAlert, Sprout, Users } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useSearchParams } from 'react-router';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { TextField } from '#client/components/ui/field.tsx';
import { CenteredSpinner } from '#client/components/ui/spinner.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#client/components/ui/tabs.tsx';
import { ApiError } from '#client/lib/api.ts';
import { usePageHead } from '#client/lib/head.ts';
import { SUSPENDED_CODE } from '#client/lib/moderation-text.ts';
import { type AuthTab, authPath, TAB_PARAM, useNextPath } from '#client/lib/return-path.ts';
import { useUser } from '#client/lib/session.ts';
import { forgotPasswordSchema } from '#shared/account.ts';
import { type LoginInput, loginSchema, type RegisterFormInput, registerFormSchema } from '#shared/auth.ts';
import { useForgotPassword, useLogin, useRegister } from '../api/auth.ts';

const linkClass = 'text-sm font-medium text-primary underline-offset-4 hover:underline';

// /auth?forgot, keeping the page to return to once signed in (ADR 038).
const forgotPath = (next: string) => {
  const path = authPath(next);
  return `${path}${path.includes('?') ? '&' : '?'}forgot`;
};

function LoginForm({ next }: { next: string }) {
  const { t } = useLingui();
  const login = useLogin(next);
  const form = useForm<LoginInput>({
    resolver: zodResolver(loginSchema),
    defaultValues: { username: '', password: '' },
  });
  const { errors } = form.formState;
  // A suspended account: the server's message stays on the form, not only in a passing toast.
  const suspended =
    login.error instanceof ApiError && login.error.code === SUSPENDED_CODE ? login.error : null;
  return (
    <form className="space-y-4" noValidate onSubmit={form.handleSubmit((v) => login.mutate(v))}>
      {suspended ? (
        <div
          role="alert"
          className="flex gap-3 rounded-lg border border-destructive/30 bg-destructive/5 p-4 text-sm"
        >
          <ShieldAlert aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-destructive" />
          <div>
            <p className="font-semibold">
              <Trans>Your account is suspended</Trans>
            </p>
            <p className="mt-1 text-muted-foreground">
              {suspended.serverMessage ?? t`Please contact support@yardshare.org.`}
            </p>
          </div>
        </div>
      ) : null}
      <TextField
        id="login-username"
        label={t`Username`}
        error={errors.username?.message}
        autoComplete="username"
        {...form.register('username')}
      />
      <TextField
        id="login-password"
        label={t`Password`}
        error={errors.password?.message}
        type="password"
        autoComplete="current-password"
        {...form.register('password')}
      />
      <Button type="submit" className="w-full" disabled={login.isPending}>
        {login.isPending ? t`Signing in...` : t`Sign In`}
      </Button>
      <p className="text-center">
        <Link to={forgotPath(next)} replace className={linkClass}>
          <Trans>Forgot password?</Trans>
        </Link>
      </p>
    </form>
  );
}

// /auth?forgot: asks for a link to choose a new password, then gives the one answer the server
// gives for every address.
function ForgotPasswordForm({ next }: { next: string }) {
  const { t } = useLingui();
  const forgot = useForgotPassword();
  const form = useForm<{ email: string }>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: '' },
  });
  const { errors } = form.formState;
  const back = (
    <p className="text-center">
      <Link to={authPath(next)} replace className={linkClass}>
        <Trans>Back to sign in</Trans>
      </Link>
    </p>
  );
  if (forgot.isSuccess)
    return (
      <div className="space-y-4">
        <p role="status" className="rounded-lg bg-accent p-4 text-sm text-accent-foreground">
          {/* FORGOT_PASSWORD_ANSWER (#shared/account.ts), in the page's language */}
          <Trans>
            If an account uses that address, we have sent it a link to choose a new password. The link is
            valid for 1 hour.
          </Trans>
        </p>
        {back}
      </div>
    );
  return (
    <form
      className="space-y-4"
      noValidate
      aria-label={t`Forgot password`}
      onSubmit={form.handleSubmit((v) => forgot.mutate(v))}
    >
      <p className="text-sm text-muted-foreground">
        <Trans>
          Enter the e-mail address of your account and we will send you a link to choose a new password.
        </Trans>
      </p>
      <TextField
        id="forgot-email"
        label={t`Email`}
        error={errors.email?.message}
        type="email"
        autoComplete="email"
        {...form.register('email')}
      />
      <Button type="submit" className="w-full" disabled={forgot.isPending}>
        {forgot.isPending ? t`Sending...` : t`Send link`}
      </Button>
      {back}
    </form>
  );
}

function RegisterForm({ next }: { next: string }) {
  const { t } = useLingui();
  const register = useRegister(next);
  const form = useForm<RegisterFormInput>({
    resolver: zodResolver(registerFormSchema),
    defaultValues: { username: '', email: '', name: '', password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;
  return (
    <form
      className="space-y-4"
      noValidate
      onSubmit={form.handleSubmit(({ confirmPassword: _, ...input }) => register.mutate(input))}
    >
      <TextField
        id="register-username"
        label={t`Username`}
        error={errors.username?.message}
        autoComplete="username"
        {...form.register('username')}
      />
      <TextField
        id="register-email"
        label={t`Email`}
        error={errors.email?.message}
        type="email"
        autoComplete="email"
        {...form.register('email')}
      />
      <TextField
        id="register-name"
        label={t`Full Name`}
        error={errors.name?.message}
        autoComplete="name"
        {...form.register('name')}
      />
      <TextField
        id="register-password"
        label={t`Password`}
        error={errors.password?.message}
        type="password"
        autoComplete="new-password"
        {...form.register('password')}
      />
      <TextField
        id="register-confirm"
        label={t`Confirm Password`}
        error={errors.confirmPassword?.message}
        type="password"
        autoComplete="new-password"
        {...form.register('confirmPassword')}
      />
      <Button type="submit" className="w-full" disabled={register.isPending}>
        {register.isPending ? t`Creating account...` : t`Create Account`}
      </Button>
    </form>
  );
}

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
              <TabsTrigger value="login">
                <Trans>Login</Trans>
              </TabsTrigger>
              <TabsTrigger value="register">
                <Trans>Register</Trans>
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
