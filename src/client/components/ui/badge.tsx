import type * as React from 'react';
import { cn } from '../../lib/utils.ts';

export function Badge({ className, ...props }: React.ComponentProps<'span'>) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full bg-accent px-2.5 py-0.5 text-xs font-semibold text-accent-foreground',
        className,
      )}
      {...props}
    />
  );
}
