import { useLingui } from '@lingui/react/macro';
import { X } from 'lucide-react';
import { Toast as T } from 'radix-ui';
import { dismissToast, useToasts } from '../../lib/toast-store.ts';
import { cn } from '../../lib/utils.ts';

export function Toaster() {
  const { t } = useLingui();
  const toasts = useToasts();
  return (
    <T.Provider swipeDirection="right">
      {toasts.map((item) => (
        <T.Root
          key={item.id}
          open={item.open}
          duration={item.duration}
          onOpenChange={(open) => {
            if (!open) dismissToast(item.id);
          }}
          className={cn(
            'group pointer-events-auto relative flex w-full items-start justify-between gap-3 overflow-hidden rounded-lg border p-4 pr-8 shadow-lg data-[state=open]:animate-in data-[state=open]:slide-in-from-bottom-4 data-[state=closed]:animate-out data-[state=closed]:fade-out-80',
            item.variant === 'destructive'
              ? 'border-destructive bg-destructive text-destructive-foreground'
              : 'border-border bg-card text-foreground',
          )}
          data-variant={item.variant ?? 'default'}
        >
          <div className="grid gap-1">
            {item.title ? <T.Title className="text-sm font-semibold">{item.title}</T.Title> : null}
            {item.description ? (
              <T.Description className="text-sm opacity-90">{item.description}</T.Description>
            ) : null}
          </div>
          {item.action}
          <T.Close
            aria-label={t`Dismiss`}
            className="absolute right-2 top-2 rounded-md p-1 opacity-70 hover:opacity-100 cursor-pointer"
          >
            <X className="h-4 w-4" />
          </T.Close>
        </T.Root>
      ))}
      <T.Viewport className="fixed bottom-0 right-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 md:max-w-[420px]" />
    </T.Provider>
  );
}
