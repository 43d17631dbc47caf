import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { Input, Label } from '#client/components/ui/input.tsx';
import { WAITLIST_REASON_MAX } from '#shared/waitlists.ts';

// The reason a host gives for changing the line (kept in the audit log, ADR 049): required.
export function ReasonForm({
  label,
  submitLabel,
  pending,
  error,
  onSubmit,
  onCancel,
}: {
  label: string;
  submitLabel: string;
  pending: boolean;
  error: string;
  onSubmit: (reason: string) => void;
  onCancel: () => void;
}) {
  const { t } = useLingui();
  const id = useId();
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const shown = missing ? t`Please give a reason` : error;
  return (
    <form
      className="space-y-2"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (!reason.trim()) return setMissing(true);
        onSubmit(reason.trim());
      }}
    >
      <Label htmlFor={`${id}-reason`}>{label}</Label>
      <Input
        id={`${id}-reason`}
        value={reason}
        maxLength={WAITLIST_REASON_MAX}
        aria-invalid={!!shown}
        aria-describedby={shown ? `${id}-error` : undefined}
        onChange={(e) => {
          setReason(e.target.value);
          setMissing(false);
        }}
        autoFocus
      />
      {shown ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
          {shown}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={pending}>
          {pending ? t`Processing...` : submitLabel}
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={onCancel}>
          <Trans>Cancel</Trans>
        </Button>
      </div>
    </form>
  );
}
