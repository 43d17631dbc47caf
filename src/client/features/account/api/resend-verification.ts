import { useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { apiRequest, errorMessage, readJson } from '#client/lib/api.ts';
import { toast } from '#client/lib/toast-store.ts';

// Sends the verification e-mail again (the banner under the header and the account pages).
export function useResendVerification() {
  const { t } = useLingui();
  return useMutation({
    mutationFn: async () => readJson(await apiRequest('POST', '/api/email/verify/resend'), 'messageResult'),
    onSuccess: ({ message }) => toast({ title: t`Verification e-mail sent`, description: message }),
    onError: (err) =>
      toast({
        title: t`Could not send the e-mail`,
        description: errorMessage(err, t`Please try again`),
        variant: 'destructive',
      }),
  });
}
