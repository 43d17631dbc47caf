import { useLingui } from '@lingui/react/macro';
import { Ban, Flag } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useIsBlocked, useUnblock } from '../../lib/safety.ts';
import { cn } from '../../lib/utils.ts';
import { Button, type ButtonProps } from '../ui/button.tsx';
import type { ReportTarget } from './safety-dialogs.tsx';

// "Report" and "Block" buttons for the listing page, a public profile and a message thread
// (docs/decisions/029). The dialogs' code loads when a button is pointed at, focused or pressed.
const dialogs = () => import('./safety-dialogs.tsx');
const ReportDialog = lazy(() => dialogs().then((m) => ({ default: m.ReportDialog })));
const BlockDialog = lazy(() => dialogs().then((m) => ({ default: m.BlockDialog })));

export type { ReportTarget };

function useDialog() {
  const [wanted, setWanted] = useState(false);
  const [open, setOpen] = useState(false);
  const warm = () => setWanted(true);
  return {
    wanted,
    open,
    setOpen,
    triggerProps: {
      onPointerEnter: warm,
      onFocus: warm,
      onClick: () => {
        setWanted(true);
        setOpen(true);
      },
    },
  };
}

type TriggerLook = Pick<ButtonProps, 'variant' | 'size' | 'className'> & {
  // The visible text; the accessible name is always the full one.
  children?: ReactNode;
};

export function ReportButton({
  target,
  variant = 'ghost',
  size = 'sm',
  className,
  children,
  label,
}: TriggerLook & { target: ReportTarget; label?: string }) {
  const { t } = useLingui();
  const d = useDialog();
  return (
    <>
      <Button
        type="button"
        variant={variant}
        size={size}
        className={cn('text-muted-foreground', className)}
        aria-label={target.title}
        aria-haspopup="dialog"
        {...d.triggerProps}
      >
        {children ?? (
          <>
            <Flag aria-hidden="true" /> {label ?? t`Report`}
          </>
        )}
      </Button>
      {d.wanted ? (
        <Suspense fallback={null}>
          <ReportDialog target={target} open={d.open} onOpenChange={d.setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}

// Block (after a confirmation) or, once blocked, Unblock. `name` is how the page calls the person.
export function BlockButton({
  userId,
  name,
  variant = 'outline',
  size = 'sm',
  className,
  compact = false,
}: Pick<ButtonProps, 'variant' | 'size' | 'className'> & {
  userId: number;
  name: string;
  // Icon only below the sm breakpoint (the thread's header on a phone).
  compact?: boolean;
}) {
  const { t } = useLingui();
  const blocked = useIsBlocked(userId);
  const unblock = useUnblock();
  const d = useDialog();
  const text = (words: string) => (compact ? <span className="sr-only sm:not-sr-only">{words}</span> : words);
  if (blocked) {
    return (
      <Button
        type="button"
        variant={variant}
        size={size}
        className={className}
        disabled={unblock.isPending}
        aria-label={t`Unblock ${name}`}
        onClick={() => unblock.mutate({ userId, name })}
      >
        <Ban aria-hidden="true" /> {text(compact ? t`Unblock` : t`Unblock ${name}`)}
      </Button>
    );
  }
  return (
    <>
      <Button
        type="button"
        variant={variant}
        size={size}
        className={className}
        disabled={blocked === undefined}
        aria-haspopup="dialog"
        aria-label={t`Block ${name}`}
        {...d.triggerProps}
      >
        <Ban aria-hidden="true" /> {text(compact ? t`Block` : t`Block ${name}`)}
      </Button>
      {d.wanted ? (
        <Suspense fallback={null}>
          <BlockDialog userId={userId} name={name} open={d.open} onOpenChange={d.setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
