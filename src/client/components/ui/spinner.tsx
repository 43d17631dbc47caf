import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Loader2 } from 'lucide-react';
import { cn } from '../../lib/utils.ts';

export function Spinner({ className, label }: { className?: string; label?: string }) {
  const { t } = useLingui();
  return (
    <span role="status" className="inline-flex">
      <Loader2 aria-hidden="true" className={cn('h-8 w-8 animate-spin text-primary', className)} />
      <span className="sr-only">{label ?? t`Loading`}</span>
    </span>
  );
}

export function CenteredSpinner() {
  return (
    <div className="flex min-h-[50vh] items-center justify-center">
      <Spinner />
    </div>
  );
}

// A section's list while it loads, and when it could not be loaded.
export function SectionSpinner() {
  return (
    <div className="flex justify-center py-12">
      <Spinner />
    </div>
  );
}

// One whole sentence per thing that failed to load (the words around `what` differ by language).
const LOAD_ERRORS = {
  page: msg`Could not load your page. Please try again later.`,
  notifications: msg`Could not load your notifications. Please try again later.`,
  'notification settings': msg`Could not load your notification settings. Please try again later.`,
  payments: msg`Could not load your payments. Please try again later.`,
  bookings: msg`Could not load your bookings. Please try again later.`,
  listings: msg`Could not load your listings. Please try again later.`,
} satisfies Record<string, MessageDescriptor>;

export type LoadErrorWhat = keyof typeof LOAD_ERRORS;

export function LoadError({ what }: { what: LoadErrorWhat }) {
  const { i18n } = useLingui();
  return <p className="py-8 text-center text-destructive">{i18n._(LOAD_ERRORS[what])}</p>;
}
