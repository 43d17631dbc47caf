import type { I18n } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { createContext, type ReactNode, useContext, useId, useState } from 'react';
import { Button, type ButtonProps } from '#client/components/ui/button.tsx';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '#client/components/ui/dialog.tsx';
import { Field } from '#client/components/ui/field.tsx';
import { Input, Textarea } from '#client/components/ui/input.tsx';
import { errorMessage } from '#client/lib/api.ts';
import { formatMoney } from '#client/lib/format.ts';
import { cn } from '#client/lib/utils.ts';
import { ADMIN_REASON_MAX } from '#shared/moderation.ts';
import { decimalToCents } from '#shared/money.ts';
import { type AdminActionKind, useAdminAction } from '../api/admin.ts';

// Every console action asks for a reason first (the audit log keeps it): one dialog for the whole
// console, opened by ActionButton with what it is about to do.

export type ActionRequest = {
  kind: AdminActionKind;
  // The report, listing, message, user or payment acted on.
  id: number;
  // The report this action answers (closes it as actioned).
  reportId?: number | null;
  // Texts in the page's language.
  title: (i18n: I18n) => string;
  description: (i18n: I18n) => string;
  confirmLabel: (i18n: I18n) => string;
  destructive?: boolean;
  // A refund: the most that can still be refunded, in cents.
  refundMax?: number;
};

const OpenAction = createContext<(r: ActionRequest) => void>(() => {});

export function ActionProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<{ request: ActionRequest; n: number } | null>(null);
  const [open, setOpen] = useState(false);
  const start = (request: ActionRequest) => {
    setCurrent((c) => ({ request, n: (c?.n ?? 0) + 1 }));
    setOpen(true);
  };
  return (
    <OpenAction.Provider value={start}>
      {children}
      {current ? (
        <ActionDialog key={current.n} request={current.request} open={open} onOpenChange={setOpen} />
      ) : null}
    </OpenAction.Provider>
  );
}

// 'danger': an outline button in the destructive colour, for actions that take something away (the
// dialog's confirm button is the solid red one): a queue of solid red buttons is anything but calm.
export function ActionButton({
  request,
  children,
  variant = 'outline',
  size = 'sm',
  className,
}: Pick<ButtonProps, 'size' | 'className'> & {
  variant?: ButtonProps['variant'] | 'danger';
  request: ActionRequest;
  children: ReactNode;
}) {
  const open = useContext(OpenAction);
  const danger = variant === 'danger';
  return (
    <Button
      type="button"
      variant={danger ? 'outline' : variant}
      size={size}
      className={cn(
        danger && 'border-destructive/40 text-destructive hover:bg-destructive/5 hover:text-destructive',
        className,
      )}
      aria-haspopup="dialog"
      onClick={() => open(request)}
    >
      {children}
    </Button>
  );
}

function ActionDialog({
  request,
  open,
  onOpenChange,
}: {
  request: ActionRequest;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t, i18n } = useLingui();
  const act = useAdminAction();
  const id = useId();
  const max = request.refundMax !== undefined ? formatMoney(request.refundMax, i18n.locale) : null;
  const [reason, setReason] = useState('');
  const [message, setMessage] = useState('');
  const [amount, setAmount] = useState('');
  const [reference, setReference] = useState('');
  const [errors, setErrors] = useState<{ reason?: string; amount?: string; reference?: string }>({});

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const next: typeof errors = {};
    if (!reason.trim()) next.reason = t`A reason is required`;
    let cents: number | null = null;
    if (request.kind === 'refund' && amount.trim()) {
      cents = decimalToCents(amount);
      if (!cents) next.amount = t`Enter an amount in dollars, such as 25 or 12.50`;
      else if (request.refundMax !== undefined && cents > request.refundMax)
        next.amount = t`At most ${max} can be refunded`;
    }
    if (request.kind === 'payout_paid' && !reference.trim())
      next.reference = t`Give the transaction id or reference of the payment you made`;
    setErrors(next);
    if (next.reason || next.amount || next.reference) return;
    act.mutate(
      {
        kind: request.kind,
        id: request.id,
        body: {
          reason: reason.trim(),
          reportId: request.reportId ?? null,
          ...(request.kind === 'warn' ? { message: message.trim() || null } : {}),
          ...(request.kind === 'refund' && cents ? { amount: cents } : {}),
          ...(request.kind === 'payout_paid' ? { reference: reference.trim() } : {}),
        },
      },
      { onSuccess: () => onOpenChange(false) },
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
        <DialogTitle className="pr-6 text-lg font-semibold">{request.title(i18n)}</DialogTitle>
        <DialogDescription className="text-sm text-muted-foreground">
          {request.description(i18n)}
        </DialogDescription>
        <form className="space-y-4" noValidate onSubmit={submit}>
          <Field id={`${id}-reason`} label={t`Reason (kept in the audit log)`} error={errors.reason}>
            <Textarea
              id={`${id}-reason`}
              rows={3}
              maxLength={ADMIN_REASON_MAX}
              value={reason}
              aria-invalid={!!errors.reason}
              aria-describedby={errors.reason ? `${id}-reason-error` : undefined}
              onChange={(e) => {
                setReason(e.target.value);
                if (errors.reason) setErrors((x) => ({ ...x, reason: undefined }));
              }}
              placeholder={t`Why, in a sentence another operator will understand`}
            />
          </Field>
          {request.kind === 'warn' ? (
            <Field
              id={`${id}-message`}
              label={t`Message to the user (optional; the reason is sent otherwise)`}
            >
              <Textarea
                id={`${id}-message`}
                rows={3}
                maxLength={ADMIN_REASON_MAX}
                value={message}
                onChange={(e) => setMessage(e.target.value)}
              />
            </Field>
          ) : null}
          {request.kind === 'refund' ? (
            <Field
              id={`${id}-amount`}
              label={
                max !== null
                  ? t`Amount in dollars (optional; all that is left, ${max}, when empty)`
                  : t`Amount in dollars (optional; all that is left when empty)`
              }
              error={errors.amount}
            >
              <Input
                id={`${id}-amount`}
                inputMode="decimal"
                value={amount}
                aria-invalid={!!errors.amount}
                aria-describedby={errors.amount ? `${id}-amount-error` : undefined}
                onChange={(e) => {
                  setAmount(e.target.value);
                  if (errors.amount) setErrors((x) => ({ ...x, amount: undefined }));
                }}
              />
            </Field>
          ) : null}
          {request.kind === 'payout_paid' ? (
            <Field id={`${id}-reference`} label={t`Transaction id or reference`} error={errors.reference}>
              <Input
                id={`${id}-reference`}
                value={reference}
                maxLength={200}
                aria-invalid={!!errors.reference}
                aria-describedby={errors.reference ? `${id}-reference-error` : undefined}
                onChange={(e) => {
                  setReference(e.target.value);
                  if (errors.reference) setErrors((x) => ({ ...x, reference: undefined }));
                }}
              />
            </Field>
          ) : null}
          {act.isError ? (
            <p role="alert" className="text-sm text-destructive">
              {errorMessage(act.error, t`That did not work. Please try again.`)}
            </p>
          ) : null}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button type="button" variant="outline">
                <Trans>Cancel</Trans>
              </Button>
            </DialogClose>
            <Button
              type="submit"
              variant={request.destructive ? 'destructive' : 'default'}
              disabled={act.isPending}
            >
              {act.isPending ? <Trans>Working...</Trans> : request.confirmLabel(i18n)}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
