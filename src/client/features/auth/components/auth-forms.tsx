// The forms of /auth: sign in, forgot password and register (each a plain HTML form too, ADR 052).
import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { ShieldAlert } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { Button } from '#client/components/ui/button.tsx';
import { TextField } from '#client/components/ui/field.tsx';
import { ApiError } from '#client/lib/api.ts';
import { SUSPENDED_CODE } from '#client/lib/moderation-text.ts';
import { authPath, TAB_PARAM } from '#client/lib/return-path.ts';
import { forgotPasswordSchema } from '#shared/account.ts';
import { type LoginInput, loginSchema, type RegisterFormInput, registerFormSchema } from '#shared/auth.ts';
import { type Locale, localePath } from '#shared/i18n.ts';
import { NEXT_PARAM } from '#shared/return-path.ts';
import { useForgotPassword, useLogin, useRegister } from '../api/auth.ts';

// Where the forms post before the page's script runs (ADR 052): /auth in the page's language, with
// its return path; the server signs in or registers and redirects, or shows the reason.
function useFormAction(tab?: 'register'): string {
  const { i18n } = useLingui();
  const [params] = useSearchParams();
  const next = params.get(NEXT_PARAM);
  const query = new URLSearchParams();
  if (next) query.set(NEXT_PARAM, next);
  if (tab) query.set(TAB_PARAM, tab);
  const search = query.toString();
  return localePath(i18n.locale as Locale, '/auth') + (search ? `?${search}` : '');
}

const linkClass = 'text-sm font-medium text-primary underline-offset-4 hover:underline';

// /auth?forgot, keeping the page to return to once signed in (ADR 038).
const forgotPath = (next: string) => {
  const path = authPath(next);
  return `${path}${path.includes('?') ? '&' : '?'}forgot`;
};

export function LoginForm({ next }: { next: string }) {
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
    <form
      className="space-y-4"
      noValidate
      method="post"
      action={useFormAction()}
      onSubmit={form.handleSubmit((v) => login.mutate(v))}
    >
      <input type="hidden" name="form" value="login" />
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
export function ForgotPasswordForm({ next }: { next: string }) {
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

export function RegisterForm({ next }: { next: string }) {
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
      method="post"
      action={useFormAction('register')}
      onSubmit={form.handleSubmit(({ confirmPassword: _, ...input }) => register.mutate(input))}
    >
      <input type="hidden" name="form" value="register" />
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
