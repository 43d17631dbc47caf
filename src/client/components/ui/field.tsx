import { useLingui } from '@lingui/react';
import type { Locale } from '#shared/i18n.ts';
import { translateText } from '#shared/texts/index.ts';
import { Input, Label, Textarea } from './input.tsx';

// A labelled form control with its error message, wired for screen readers.
export function Field({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  children: React.ReactNode;
}) {
  // Validation texts come from the shared schemas in English; shown in the page's language.
  const { i18n } = useLingui();
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-destructive" role="alert">
          {translateText(i18n.locale as Locale, error)}
        </p>
      ) : null}
    </div>
  );
}

// A labelled input (or textarea) with its error: the error is announced and linked to the control.
type FieldProps = { id: string; label: string; error?: string };

export function TextField({ id, label, error, ...props }: FieldProps & React.ComponentProps<'input'>) {
  return (
    <Field id={id} label={label} error={error}>
      <Input id={id} aria-invalid={!!error} aria-describedby={error ? `${id}-error` : undefined} {...props} />
    </Field>
  );
}

export function TextAreaField({ id, label, error, ...props }: FieldProps & React.ComponentProps<'textarea'>) {
  return (
    <Field id={id} label={label} error={error}>
      <Textarea
        id={id}
        aria-invalid={!!error}
        aria-describedby={error ? `${id}-error` : undefined}
        {...props}
      />
    </Field>
  );
}
