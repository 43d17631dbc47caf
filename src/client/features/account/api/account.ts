import { useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { apiQuery, apiRequest, errorMessage, readJson, throwIfResNotOk } from '#client/lib/api.ts';
import { userQuery } from '#client/lib/session.ts';
import { toast } from '#client/lib/toast-store.ts';
import type { changeEmailSchema, changePasswordSchema } from '#shared/account.ts';
import type { User } from '#shared/auth.ts';
import { IMAGE_MAX_BYTES } from '#shared/constants.ts';

export type ChangeEmailInput = z.infer<typeof changeEmailSchema>;
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

// The account lifecycle from the browser (ADR 022): verification, e-mail and password changes,
// the profile photo, deletion, and the unsubscribe links.

// A failed action's toast; fallback is the description when the error has no message of its own.
const failed = (title: string, fallback: string) => (err: unknown) =>
  toast({ title, description: errorMessage(err, fallback), variant: 'destructive' });

// In its own module: the banner under the header uses it, and this file's texts stay out of the shell.
export { useResendVerification } from './resend-verification.ts';

function useRefreshUser() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: userQuery.queryKey });
}

// The page behind the e-mailed link posts its token; errors are shown on the page, not in a toast.
export function useVerifyEmail() {
  const refreshUser = useRefreshUser();
  return useMutation({
    mutationFn: async (token: string) =>
      readJson(await apiRequest('POST', '/api/email/verify', { token }), 'messageResult'),
    onSuccess: () => refreshUser(),
  });
}

export function useChangeEmail() {
  const { t } = useLingui();
  const refreshUser = useRefreshUser();
  return useMutation({
    mutationFn: async (input: ChangeEmailInput) =>
      readJson(await apiRequest('POST', '/api/user/email', input), 'messageResult'),
    onSuccess: ({ message }) => {
      void refreshUser();
      toast({ title: t`Check your new inbox`, description: message });
    },
    onError: failed(t`Could not change your e-mail address`, t`Please try again`),
  });
}

export function useChangePassword() {
  const { t } = useLingui();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (input: ChangePasswordInput) =>
      readJson(await apiRequest('POST', '/api/user/password', input), 'messageResult'),
    onSuccess: () => {
      // The grower's calendar feed has a new address too (ADR 048).
      void qc.invalidateQueries({ queryKey: ['/api/users/me/calendar'] });
      toast({ title: t`Password changed`, description: t`You were signed out everywhere else.` });
    },
    onError: failed(t`Could not change your password`, t`Please try again`),
  });
}

// What uploadAvatar says when it refuses a file itself (the page passes them in its language).
export type UploadTexts = { tooLarge: (name: string) => string; noImage: string };
const ENGLISH_UPLOAD_TEXTS: UploadTexts = {
  tooLarge: (name) => `${name} is larger than 5MB`,
  noImage: 'The upload returned no image',
};

// The photo goes through the listings' upload pipeline, then becomes the avatar (cropped square).
export async function uploadAvatar(file: File, texts: UploadTexts = ENGLISH_UPLOAD_TEXTS): Promise<User> {
  if (file.size > IMAGE_MAX_BYTES) throw new Error(texts.tooLarge(file.name));
  const form = new FormData();
  form.append('images', file);
  const res = await fetch('/api/upload', { method: 'POST', body: form, credentials: 'include' });
  await throwIfResNotOk(res);
  const [path] = await readJson(res, 'uploadedImages');
  if (!path) throw new Error(texts.noImage);
  return readJson(await apiRequest('PUT', '/api/user/avatar', { path }), 'user');
}

export function useSetAvatar() {
  const { t } = useLingui();
  const qc = useQueryClient();
  const texts: UploadTexts = {
    tooLarge: (name) => t`${name} is larger than 5MB`,
    noImage: t`The upload returned no image`,
  };
  return useMutation({
    mutationFn: (file: File) => uploadAvatar(file, texts),
    onSuccess: (user) => {
      qc.setQueryData(userQuery.queryKey, user);
      toast({ title: t`Photo updated`, description: t`Your new profile photo is saved.` });
    },
    onError: failed(t`Upload failed`, t`Please try again`),
  });
}

export function useRemoveAvatar() {
  const { t } = useLingui();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async () => readJson(await apiRequest('DELETE', '/api/user/avatar'), 'user'),
    onSuccess: (user) => {
      qc.setQueryData(userQuery.queryKey, user);
      toast({ title: t`Photo removed`, description: t`Your initial shows instead.` });
    },
    onError: failed(t`Could not remove the photo`, t`Please try again`),
  });
}

// Deleting signs out: the cache is cleared as on logout, and the visitor lands on the home page.
export function useDeleteAccount() {
  const { t } = useLingui();
  const qc = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async (password: string) =>
      readJson(await apiRequest('DELETE', '/api/user', { password }), 'messageResult'),
    onSuccess: async () => {
      // Leave the protected page first: without a user it would send the visitor to /auth.
      await navigate('/', { replace: true });
      qc.setQueryData(userQuery.queryKey, null);
      qc.removeQueries({ predicate: (q) => q.queryKey[0] !== userQuery.queryKey[0] });
      toast({ title: t`Account deleted`, description: t`Your account and personal data were removed.` });
    },
  });
}

// GET says what the link would do; POST does it.
export const unsubscribeQuery = (token: string) =>
  apiQuery([`/api/unsubscribe?token=${encodeURIComponent(token)}`], 'messageResult');

export function useUnsubscribe(token: string) {
  return useMutation({
    mutationFn: async () =>
      readJson(
        await apiRequest('POST', `/api/unsubscribe?token=${encodeURIComponent(token)}`),
        'messageResult',
      ),
  });
}
