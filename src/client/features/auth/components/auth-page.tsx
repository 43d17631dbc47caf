import { zodResolver } from '@hookform/resolvers/zod';
import { Handshake, ShieldAlert, Sprout, Users } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useSearchParams } from 'react-router';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { TextField } from '#client/components/ui/input.tsx';
import { CenteredSpinner } from '#client/components/ui/spinner.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#client/components/ui/tabs.tsx';
import { ApiError } from '#client/lib/api.ts';
import { usePageHead } from '#client/lib/head.ts';
import { SUSPENDED_CODE } from '#client/lib/moderation-text.ts';
import { useUser } from '#client/lib/session.ts';
import { FORGOT_PASSWORD_ANSWER, forgotPasswordSchema } from '#shared/account.ts';
import { type LoginInput, loginSchema, type RegisterFormInput, registerFormSchema } from '#shared/auth.ts';
import { useForgotPassword, useLogin, useRegister } from '../api/auth.ts';

const linkClass = 'text-sm font-medium text-primary underline-offset-4 hover:underline';

function LoginForm() {
  const login = useLogin();
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
            <p className="font-semibold">Your account is suspended</p>
            <p className="mt-1 text-muted-foreground">
              {suspended.serverMessage ?? 'Please contact support@yardshare.org.'}
            </p>
          </div>
        </div>
      ) : null}
      <TextField
        id="login-username"
        label="Username"
        error={errors.username?.message}
        autoComplete="username"
        {...form.register('username')}
      />
      <TextField
        id="login-password"
        label="Password"
        error={errors.password?.message}
        type="password"
        autoComplete="current-password"
        {...form.register('password')}
      />
      <Button type="submit" className="w-full" disabled={login.isPending}>
        {login.isPending ? 'Signing in...' : 'Sign In'}
      </Button>
      <p className="text-center">
        <Link to="/auth?forgot" replace className={linkClass}>
          Forgot password?
        </Link>
      </p>
    </form>
  );
}

// /auth?forgot: asks for a link to choose a new password, then gives the one answer the server
// gives for every address.
function ForgotPasswordForm() {
  const forgot = useForgotPassword();
  const form = useForm<{ email: string }>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: '' },
  });
  const { errors } = form.formState;
  const back = (
    <p className="text-center">
      <Link to="/auth" replace className={linkClass}>
        Back to sign in
      </Link>
    </p>
  );
  if (forgot.isSuccess)
    return (
      <div className="space-y-4">
        <p role="status" className="rounded-lg bg-accent p-4 text-sm text-accent-foreground">
          {FORGOT_PASSWORD_ANSWER}
        </p>
        {back}
      </div>
    );
  return (
    <form
      className="space-y-4"
      noValidate
      aria-label="Forgot password"
      onSubmit={form.handleSubmit((v) => forgot.mutate(v))}
    >
      <p className="text-sm text-muted-foreground">
        Enter the e-mail address of your account and we will send you a link to choose a new password.
      </p>
      <TextField
        id="forgot-email"
        label="Email"
        error={errors.email?.message}
        type="email"
        autoComplete="email"
        {...form.register('email')}
      />
      <Button type="submit" className="w-full" disabled={forgot.isPending}>
        {forgot.isPending ? 'Sending...' : 'Send link'}
      </Button>
      {back}
    </form>
  );
}

function RegisterForm() {
  const register = useRegister();
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
        label="Username"
        error={errors.username?.message}
        autoComplete="username"
        {...form.register('username')}
      />
      <TextField
        id="register-email"
        label="Email"
        error={errors.email?.message}
        type="email"
        autoComplete="email"
        {...form.register('email')}
      />
      <TextField
        id="register-name"
        label="Full Name"
        error={errors.name?.message}
        autoComplete="name"
        {...form.register('name')}
      />
      <TextField
        id="register-password"
        label="Password"
        error={errors.password?.message}
        type="password"
        autoComplete="new-password"
        {...form.register('password')}
      />
      <TextField
        id="register-confirm"
        label="Confirm Password"
        error={errors.confirmPassword?.message}
        type="password"
        autoComplete="new-password"
        {...form.register('confirmPassword')}
      />
      <Button type="submit" className="w-full" disabled={register.isPending}>
        {register.isPending ? 'Creating account...' : 'Create Account'}
      </Button>
    </form>
  );
}

export default function AuthPage() {
  usePageHead({
    title: 'Sign in or join',
    description: 'Sign in to Yardshare or create a free account to list land or find a place to grow.',
    noindex: true,
    path: '/auth',
  });
  const { user, isLoading } = useUser();
  const [params] = useSearchParams();
  const forgot = params.has('forgot');
  if (isLoading) return <CenteredSpinner />;
  if (user) return <Navigate to="/" replace />;
  return (
    <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 md:grid-cols-2 md:py-16">
      <Card className="order-2 md:order-1">
        <CardHeader>
          <CardTitle>Welcome to Yardshare</CardTitle>
          <CardDescription>Sign in to your account or create a new one.</CardDescription>
        </CardHeader>
        <CardContent>
          <Tabs defaultValue="login">
            <TabsList>
              <TabsTrigger value="login">Login</TabsTrigger>
              <TabsTrigger value="register">Register</TabsTrigger>
            </TabsList>
            <TabsContent value="login">{forgot ? <ForgotPasswordForm /> : <LoginForm />}</TabsContent>
            <TabsContent value="register">
              <RegisterForm />
            </TabsContent>
          </Tabs>
        </CardContent>
      </Card>
      <section className="order-1 flex flex-col justify-center rounded-xl bg-primary p-8 text-primary-foreground md:order-2">
        <h1 className="text-3xl font-bold leading-tight md:text-4xl">
          Grow food on land that was waiting for you
        </h1>
        <p className="mt-4 text-primary-foreground/90">
          Yardshare connects people with unused yards, gardens and farmland to people who want to grow.
          Joining is free.
        </p>
        <ul className="mt-6 space-y-4">
          <li className="flex gap-3">
            <Sprout aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />
            <span>Rent a plot by the month, from a raised bed to a corner of a farm.</span>
          </li>
          <li className="flex gap-3">
            <Handshake aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />
            <span>Trade a few hours of work a week for space to grow.</span>
          </li>
          <li className="flex gap-3">
            <Users aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />
            <span>Join free community gardens and meet growers near you.</span>
          </li>
        </ul>
      </section>
    </div>
  );
}
