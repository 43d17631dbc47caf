import { useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { ApiError, apiRequest, errorMessage, readJson } from '#client/lib/api.ts';
import { rememberLocale } from '#client/lib/locale-choice.ts';
import { SUSPENDED_CODE } from '#client/lib/moderation-text.ts';
import { userQuery } from '#client/lib/session.ts';
import { toast } from '#client/lib/toast-store.ts';
import type { LoginInput, RegisterInput, User } from '#shared/auth.ts';
import { type Locale, localePath } from '#shared/i18n.ts';

// Everything cached belonged to whoever was signed in before.
const forgetOtherQueries = (qc: ReturnType<typeof useQueryClient>) =>
  qc.removeQueries({ predicate: (q) => q.queryKey[0] !== userQuery.queryKey[0] });

const displayName = (u: User) => u.name || u.username;

// A member's language is their profile's (ADR 031): signed in on a page in another language, they
// continue in theirs (a full load, so the page comes in it), on the page they were returning to.
function inTheirLanguage(user: User, page: string, next: string): string | null {
  if (!user.language || user.language === page) return null;
  rememberLocale(user.language as Locale, { signedIn: false });
  return localePath(user.language as Locale, next);
}

// `next`: where to go once signed in, a safe same-site path (useNextPath).
export function useLogin(next = '/') {
  const { t, i18n } = useLingui();
  const qc = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async (input: LoginInput) => readJson(await apiRequest('POST', '/api/login', input), 'user'),
    onSuccess: (user) => {
      // What was read signed out may read otherwise now (a booked grower sees the address, ADR 038).
      forgetOtherQueries(qc);
      qc.setQueryData(userQuery.queryKey, user);
      const name = displayName(user);
      const theirs = inTheirLanguage(user, i18n.locale, next);
      if (theirs) {
        window.location.assign(theirs);
        return;
      }
      toast({ title: t`Login successful`, description: t`Welcome back, ${name}!` });
      navigate(next, { replace: true });
    },
    onError: (err) =>
      toast({
        title:
          err instanceof ApiError && err.code === SUSPENDED_CODE ? t`Account suspended` : t`Login failed`,
        description: errorMessage(err, t`Invalid username or password`),
        variant: 'destructive',
      }),
  });
}

export function useRegister(next = '/') {
  const { t, i18n } = useLingui();
  const qc = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    // The account takes the language of the page it was created on.
    mutationFn: async (input: RegisterInput) =>
      readJson(
        await apiRequest('POST', '/api/register', {
          ...input,
          language: i18n.locale as Locale,
          ...(next === '/' ? {} : { next }),
        }),
        'user',
      ),
    onSuccess: (user) => {
      forgetOtherQueries(qc);
      qc.setQueryData(userQuery.queryKey, user);
      const name = displayName(user);
      toast({ title: t`Registration successful`, description: t`Welcome to Yardshare, ${name}!` });
      navigate(next, { replace: true });
    },
    onError: (err) =>
      toast({
        title: t`Registration failed`,
        description: errorMessage(err, t`Could not create account`),
        variant: 'destructive',
      }),
  });
}

export function useLogout() {
  const { t } = useLingui();
  const qc = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async () => {
      await apiRequest('POST', '/api/logout');
    },
    onSuccess: () => {
      qc.setQueryData(userQuery.queryKey, null);
      forgetOtherQueries(qc);
      toast({ title: t`Logged out`, description: t`You have been successfully logged out` });
      navigate('/');
    },
    onError: (err) => toast({ title: t`Logout failed`, description: err.message, variant: 'destructive' }),
  });
}

// One answer whatever the address (the page shows FORGOT_PASSWORD_ANSWER), so only a refused
// request (a bad address, too many tries) is an error.
export function useForgotPassword() {
  const { t } = useLingui();
  return useMutation({
    mutationFn: async (input: { email: string }) =>
      readJson(await apiRequest('POST', '/api/password/forgot', input), 'messageResult'),
    onError: (err) =>
      toast({
        title: t`Could not send the link`,
        description: errorMessage(err, t`Please try again`),
        variant: 'destructive',
      }),
  });
}

// The e-mailed link's new password; the server signs the user in with it. Errors (a used or
// expired link) are shown on the page.
export function useResetPassword() {
  const { t } = useLingui();
  const qc = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async (input: { token: string; password: string }) =>
      readJson(await apiRequest('POST', '/api/password/reset', input), 'user'),
    onSuccess: (user) => {
      forgetOtherQueries(qc);
      qc.setQueryData(userQuery.queryKey, user);
      const name = displayName(user);
      toast({ title: t`Password changed`, description: t`Welcome back, ${name}!` });
      navigate('/');
    },
  });
}
