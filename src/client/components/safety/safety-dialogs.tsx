import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { CircleCheck } from 'lucide-react';
import { useId, useState } from 'react';
import { ApiError, errorMessage } from '../../lib/api.ts';
import {
  REPORT_REASONS,
  REPORT_TEXT_MAX,
  type ReportReason,
  type ReportSubjectType,
} from '../../lib/moderation-text.ts';
import { useBlock, useReport } from '../../lib/safety.ts';
import { toast } from '../../lib/toast-store.ts';
import { cn } from '../../lib/utils.ts';
import { Button } from '../ui/button.tsx';
import {
  ConfirmDialog,
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '../ui/dialog.tsx';
import { Label, Textarea } from '../ui/input.tsx';

// The report and block dialogs, loaded the first time someone reaches for them: the pages that
// offer them stay free of the dialog code (and of Zod: the words come from lib/moderation-text.ts).

export type ReportTarget = { subjectType: ReportSubjectType; subjectId: number; title: string };

type Phase = 'form' | 'sent' | 'already';

// The words of lib/moderation-text.ts (REPORT_REASON_LABELS, REPORT_ACK_TEXT) as messages.
const REASON_LABELS: Record<ReportReason, MessageDescriptor> = {
  scam: msg`Scam or payment outside Yardshare`,
  unsafe: msg`Unsafe or misleading listing`,
  harassment: msg`Harassment`,
  spam: msg`Spam`,
  other: msg`Something else`,
};
const ACK_TEXT = msg`Thanks for telling us. Our team will review your report; we do not share who reported it.`;

export function ReportDialog({
  target,
  open,
  onOpenChange,
}: {
  target: ReportTarget;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t, i18n } = useLingui();
  const report = useReport();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [text, setText] = useState('');
  const [missingReason, setMissingReason] = useState(false);
  const [phase, setPhase] = useState<Phase>('form');
  const id = useId();

  const change = (next: boolean) => {
    onOpenChange(next);
    if (!next) {
      // A fresh form next time (after the closing animation has nothing left to show).
      setReason(null);
      setText('');
      setMissingReason(false);
      setPhase('form');
      report.reset();
    }
  };

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!reason) {
      setMissingReason(true);
      return;
    }
    report.mutate(
      { subjectType: target.subjectType, subjectId: target.subjectId, reason, text: text.trim() || null },
      {
        onSuccess: () => {
          setPhase('sent');
          toast({ title: t`Report sent`, description: t`Thank you. Our team will review it.` });
        },
        onError: (err) => {
          if (err instanceof ApiError && err.status === 409) setPhase('already');
        },
      },
    );
  };

  const failed = report.isError && !(report.error instanceof ApiError && report.error.status === 409);

  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
        {phase === 'form' ? (
          <>
            <DialogTitle className="pr-6 text-lg font-semibold">{target.title}</DialogTitle>
            <DialogDescription className="text-sm text-muted-foreground">
              <Trans>Tell us what is wrong. Reports are private: we do not tell anyone who sent one.</Trans>
            </DialogDescription>
            <form className="space-y-4" noValidate onSubmit={submit}>
              <fieldset
                className="space-y-2"
                aria-describedby={missingReason ? `${id}-reason-error` : undefined}
                aria-invalid={missingReason || undefined}
              >
                <legend className="mb-2 text-sm font-medium">
                  <Trans>Reason</Trans>
                </legend>
                {REPORT_REASONS.map((r) => (
                  <label
                    key={r}
                    className={cn(
                      'flex cursor-pointer items-center gap-3 rounded-lg border px-3 py-2.5 text-sm transition-colors',
                      reason === r ? 'border-primary bg-accent' : 'border-border hover:bg-muted',
                    )}
                  >
                    <input
                      type="radio"
                      name={`${id}-reason`}
                      value={r}
                      checked={reason === r}
                      onChange={() => {
                        setReason(r);
                        setMissingReason(false);
                      }}
                      className="h-4 w-4 accent-primary"
                    />
                    {i18n._(REASON_LABELS[r])}
                  </label>
                ))}
                {missingReason ? (
                  <p id={`${id}-reason-error`} role="alert" className="text-sm text-destructive">
                    <Trans>Choose a reason</Trans>
                  </p>
                ) : null}
              </fieldset>
              <div className="space-y-1.5">
                <Label htmlFor={`${id}-text`}>
                  <Trans>What happened? (optional)</Trans>
                </Label>
                <Textarea
                  id={`${id}-text`}
                  rows={3}
                  maxLength={REPORT_TEXT_MAX}
                  value={text}
                  onChange={(e) => setText(e.target.value)}
                  placeholder={t`Anything that helps us understand`}
                />
              </div>
              {failed ? (
                <p role="alert" className="text-sm text-destructive">
                  {errorMessage(report.error, t`Could not send your report. Please try again.`)}
                </p>
              ) : null}
              <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
                <DialogClose asChild>
                  <Button type="button" variant="outline">
                    <Trans>Cancel</Trans>
                  </Button>
                </DialogClose>
                <Button type="submit" disabled={report.isPending}>
                  {report.isPending ? t`Sending...` : t`Send report`}
                </Button>
              </div>
            </form>
          </>
        ) : (
          <div className="space-y-4 text-center" role="status">
            <CircleCheck aria-hidden="true" className="mx-auto h-10 w-10 text-primary" />
            <DialogTitle className="text-lg font-semibold">
              {phase === 'sent' ? t`Thanks, we have your report` : t`You have already reported this`}
            </DialogTitle>
            <DialogDescription className="text-sm text-muted-foreground">
              {phase === 'sent'
                ? i18n._(ACK_TEXT)
                : t`Thank you for looking out for the community. Your earlier report is still with our team, and we will review it; there is no need to send another.`}
            </DialogDescription>
            <DialogClose asChild>
              <Button type="button" className="w-full sm:w-auto">
                <Trans>Done</Trans>
              </Button>
            </DialogClose>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}

// Blocking asks first; unblocking does not (it only gives back what blocking took away).
export function BlockDialog({
  userId,
  name,
  open,
  onOpenChange,
}: {
  userId: number;
  name: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useLingui();
  const block = useBlock();
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t`Block ${name}?`}
      description={t`${name} will not be able to message you, book your spaces or review you, and neither of you will see the other's listings. We do not tell them. You can unblock them any time in Account Settings.`}
      confirmLabel={t`Block`}
      onConfirm={() => block.mutate({ userId, name })}
    />
  );
}
