import { useLingui } from '@lingui/react/macro';
import { X } from 'lucide-react';
import { AlertDialog as Alert, Dialog as DialogPrimitive } from 'radix-ui';
import type * as React from 'react';
import { useId } from 'react';
import { cn } from '../../lib/utils.ts';
import { buttonVariants } from './button.tsx';
import { Label, Textarea } from './input.tsx';

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;
export const DialogTitle = DialogPrimitive.Title;
export const DialogDescription = DialogPrimitive.Description;

const overlay = 'fixed inset-0 z-50 bg-black/40 data-[state=open]:animate-in data-[state=open]:fade-in-0';

export function DialogContent({
  className,
  children,
  ...props
}: React.ComponentProps<typeof DialogPrimitive.Content>) {
  const { t } = useLingui();
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className={overlay} />
      <DialogPrimitive.Content
        className={cn(
          'fixed left-1/2 top-1/2 z-50 grid w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 rounded-xl border border-border bg-card p-6 shadow-xl',
          className,
        )}
        {...props}
      >
        {children}
        <DialogPrimitive.Close
          className="absolute right-4 top-4 rounded-md p-1 opacity-70 hover:opacity-100 cursor-pointer"
          aria-label={t`Close`}
        >
          <X className="h-4 w-4" />
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

// A side sheet (the mobile drawer).
export function SheetContent({
  className,
  children,
  ...props
}: React.ComponentProps<typeof DialogPrimitive.Content>) {
  const { t } = useLingui();
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className={overlay} />
      <DialogPrimitive.Content
        className={cn(
          'fixed inset-y-0 right-0 z-50 flex h-full w-[80%] max-w-sm flex-col gap-4 bg-card p-6 shadow-xl data-[state=open]:animate-in data-[state=open]:slide-in-from-right',
          className,
        )}
        {...props}
      >
        {children}
        <DialogPrimitive.Close
          className="absolute right-4 top-4 rounded-md p-1 opacity-70 hover:opacity-100 cursor-pointer"
          aria-label={t`Close menu`}
        >
          <X className="h-5 w-5" />
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

// An optional reason asked with a confirmation (ADR 059): sent with the action when given.
export type ConfirmReason = { label: string; value: string; onChange: (value: string) => void; max: number };

export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel,
  onConfirm,
  reason,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  confirmLabel?: string;
  cancelLabel?: string;
  onConfirm: () => void;
  reason?: ConfirmReason;
}) {
  const { t } = useLingui();
  const id = useId();
  return (
    <Alert.Root open={open} onOpenChange={onOpenChange}>
      <Alert.Portal>
        <Alert.Overlay className={overlay} />
        <Alert.Content className="fixed left-1/2 top-1/2 z-50 grid w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 rounded-xl border border-border bg-card p-6 shadow-xl">
          <Alert.Title className="text-lg font-semibold">{title}</Alert.Title>
          <Alert.Description className="text-sm text-muted-foreground">{description}</Alert.Description>
          {reason ? (
            <div className="space-y-1.5">
              <Label htmlFor={`${id}-reason`}>{reason.label}</Label>
              <Textarea
                id={`${id}-reason`}
                value={reason.value}
                maxLength={reason.max}
                className="min-h-20"
                onChange={(e) => reason.onChange(e.target.value)}
              />
            </div>
          ) : null}
          <div className="flex flex-wrap justify-end gap-2">
            <Alert.Cancel className={buttonVariants({ variant: 'outline' })}>
              {cancelLabel ?? t`Cancel`}
            </Alert.Cancel>
            <Alert.Action className={buttonVariants({ variant: 'destructive' })} onClick={onConfirm}>
              {confirmLabel ?? t`Continue`}
            </Alert.Action>
          </div>
        </Alert.Content>
      </Alert.Portal>
    </Alert.Root>
  );
}
