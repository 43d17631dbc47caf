import { useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, errorMessage, readJson } from '#client/lib/api.ts';
import { toast } from '#client/lib/toast-store.ts';
import type { SendMessageInput } from '#shared/messages.ts';
import { addToThread, conversationsQuery, threadQuery } from './messages.ts';

// Sending from the composer (its own module, so its texts load with the messages screen, not the shell).
export function useSendMessage() {
  const { t } = useLingui();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (input: SendMessageInput) =>
      readJson(await apiRequest('POST', '/api/messages', input), 'message'),
    onSuccess: (message) => {
      addToThread(qc, message.toUserId, message);
      void qc.invalidateQueries({ queryKey: threadQuery(message.toUserId).queryKey });
      void qc.invalidateQueries({ queryKey: conversationsQuery.queryKey });
    },
    onError: (err) =>
      toast({
        title: t`Failed to send message`,
        description: errorMessage(err, t`Please try again`),
        variant: 'destructive',
      }),
  });
}
