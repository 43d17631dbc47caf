import { Loader2 } from 'lucide-react';
import { cn } from '../../lib/utils.ts';

export function Spinner({ className, label = 'Loading' }: { className?: string; label?: string }) {
  return (
    <span role="status" className="inline-flex">
      <Loader2 aria-hidden="true" className={cn('h-8 w-8 animate-spin text-primary', className)} />
      <span className="sr-only">{label}</span>
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

export function LoadError({ what }: { what: string }) {
  return (
    <p className="py-8 text-center text-destructive">Could not load your {what}. Please try again later.</p>
  );
}
