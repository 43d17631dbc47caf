import { useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, errorMessage, readJson } from '#client/lib/api.ts';
import { userQuery } from '#client/lib/session.ts';
import { toast } from '#client/lib/toast-store.ts';
import type { UpdateProfileInput } from '#shared/auth.ts';

export function useUpdateProfile() {
  const { t } = useLingui();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (input: UpdateProfileInput) =>
      readJson(await apiRequest('PATCH', '/api/user', input), 'user'),
    onSuccess: (user) => {
      qc.setQueryData(userQuery.queryKey, user);
      toast({ title: t`Profile saved`, description: t`Your account settings were updated.` });
    },
    onError: (err) =>
      toast({
        title: t`Could not save profile`,
        description: errorMessage(err, t`Please try again`),
        variant: 'destructive',
      }),
  });
}
