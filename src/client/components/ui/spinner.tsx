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
