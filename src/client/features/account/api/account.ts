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

const failed = (title: string) => (err: unknown) =>
  toast({ title, description: errorMessage(err, 'Please try again'), variant: 'destructive' });

function useRefreshUser() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: userQuery.queryKey });
}

export function useResendVerification() {
  return useMutation({
    mutationFn: async () => readJson(await apiRequest('POST', '/api/email/verify/resend'), 'messageResult'),
    onSuccess: ({ message }) => toast({ title: 'Verification e-mail sent', description: message }),
    onError: failed('Could not send the e-mail'),
  });
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
  const refreshUser = useRefreshUser();
  return useMutation({
    mutationFn: async (input: ChangeEmailInput) =>
      readJson(await apiRequest('POST', '/api/user/email', input), 'messageResult'),
    onSuccess: ({ message }) => {
      void refreshUser();
      toast({ title: 'Check your new inbox', description: message });
    },
    onError: failed('Could not change your e-mail address'),
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: async (input: ChangePasswordInput) =>
      readJson(await apiRequest('POST', '/api/user/password', input), 'messageResult'),
    onSuccess: () =>
      toast({ title: 'Password changed', description: 'You were signed out everywhere else.' }),
    onError: failed('Could not change your password'),
  });
}

// The photo goes through the listings' upload pipeline, then becomes the avatar (cropped square).
export async function uploadAvatar(file: File): Promise<User> {
  if (file.size > IMAGE_MAX_BYTES) throw new Error(`${file.name} is larger than 5MB`);
  const form = new FormData();
  form.append('images', file);
  const res = await fetch('/api/upload', { method: 'POST', body: form, credentials: 'include' });
  await throwIfResNotOk(res);
  const [path] = await readJson(res, 'uploadedImages');
  if (!path) throw new Error('The upload returned no image');
  return readJson(await apiRequest('PUT', '/api/user/avatar', { path }), 'user');
}

export function useSetAvatar() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: uploadAvatar,
    onSuccess: (user) => {
      qc.setQueryData(userQuery.queryKey, user);
      toast({ title: 'Photo updated', description: 'Your new profile photo is saved.' });
    },
    onError: failed('Upload failed'),
  });
}

export function useRemoveAvatar() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async () => readJson(await apiRequest('DELETE', '/api/user/avatar'), 'user'),
    onSuccess: (user) => {
      qc.setQueryData(userQuery.queryKey, user);
      toast({ title: 'Photo removed', description: 'Your initial shows instead.' });
    },
    onError: failed('Could not remove the photo'),
  });
}

// Deleting signs out: the cache is cleared as on logout, and the visitor lands on the home page.
export function useDeleteAccount() {
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
      toast({ title: 'Account deleted', description: 'Your account and personal data were removed.' });
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
