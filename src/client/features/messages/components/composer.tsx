import { Send } from 'lucide-react';
import { useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { Textarea } from '#client/components/ui/input.tsx';
import { toast } from '#client/lib/toast-store.ts';
import { MESSAGE_MAX } from '#shared/constants.ts';
import { useSendMessage } from '../api/messages.ts';

// The message box under a thread: Enter sends, Shift+Enter starts a new line.
export function Composer({ otherId }: { otherId: number }) {
  const send = useSendMessage();
  const [text, setText] = useState('');

  const submit = () => {
    const content = text.trim();
    if (!content || send.isPending) return;
    if (!otherId) {
      toast({
        title: 'Failed to send message',
        description: 'No recipient selected',
        variant: 'destructive',
      });
      return;
    }
    send.mutate({ toUserId: otherId, content }, { onSuccess: () => setText('') });
  };

  return (
    <form
      className="flex items-end gap-2 border-t border-border p-3"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <label htmlFor="message-input" className="sr-only">
        Message
      </label>
      <Textarea
        id="message-input"
        rows={2}
        maxLength={MESSAGE_MAX}
        placeholder="Type your message... (Enter to send, Shift+Enter for a new line)"
        className="min-h-12 flex-1 resize-none"
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
            e.preventDefault();
            submit();
          }
        }}
      />
      <Button
        type="submit"
        size="icon"
        aria-label="Send message"
        disabled={!text.trim() || send.isPending}
        className="h-12 w-12"
      >
        <Send />
      </Button>
    </form>
  );
}
