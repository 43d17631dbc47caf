import { useLingui } from '@lingui/react/macro';
import { X } from 'lucide-react';
import { type ReactNode, useLayoutEffect, useRef } from 'react';
import { cn } from '../../lib/utils.ts';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

// A modal on the browser's own <dialog> (showModal): the rest of the page is inert, Escape and a
// click outside close it, Tab stays inside, the page behind does not scroll and focus returns
// where it was. What DialogContent gives through Radix, without its code: the first-visit
// onboarding opens on the home page, whose script budget has no room for it (docs/decisions/028).
export function ModalDialog({
  open,
  onClose,
  labelledBy,
  describedBy,
  className,
  children,
}: {
  open: boolean;
  onClose: () => void;
  labelledBy: string;
  describedBy?: string;
  className?: string;
  children: ReactNode;
}) {
  if (!open) return null;
  return (
    <OpenDialog onClose={onClose} labelledBy={labelledBy} describedBy={describedBy} className={className}>
      {children}
    </OpenDialog>
  );
}

function OpenDialog({
  onClose,
  labelledBy,
  describedBy,
  className,
  children,
}: {
  onClose: () => void;
  labelledBy: string;
  describedBy?: string;
  className?: string;
  children: ReactNode;
}) {
  const { t } = useLingui();
  const ref = useRef<HTMLDialogElement>(null);
  const close = useRef(onClose);
  close.current = onClose;

  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const before = document.activeElement as HTMLElement | null;
    // No scrolling behind the modal; the scrollbar's width is kept so nothing shifts.
    const body = document.body;
    const gap = window.innerWidth - document.documentElement.clientWidth;
    const saved = { overflow: body.style.overflow, paddingRight: body.style.paddingRight };
    body.style.overflow = 'hidden';
    if (gap > 0) body.style.paddingRight = `${gap}px`;
    // Escape fires cancel; the browser may also close the dialog by itself (close watcher). Both
    // are heard from the moment it opens, before the first paint, so no early Escape is lost.
    const onCancel = (e: Event) => {
      e.preventDefault();
      close.current();
    };
    const onClosed = () => close.current();
    dialog.addEventListener('cancel', onCancel);
    dialog.addEventListener('close', onClosed);
    if (!dialog.open) dialog.showModal();
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      dialog.removeEventListener('close', onClosed);
      if (dialog.open) dialog.close();
      body.style.overflow = saved.overflow;
      body.style.paddingRight = saved.paddingRight;
      before?.focus?.({ preventScroll: true });
    };
  }, []);

  return (
    <dialog
      ref={ref}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      data-state="open"
      className={cn(
        'fixed inset-auto left-1/2 top-1/2 z-50 m-0 grid max-h-[calc(100%-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 overflow-auto rounded-xl border border-border bg-card p-6 text-foreground shadow-xl backdrop:bg-black/40 backdrop:animate-in backdrop:fade-in-0',
        className,
      )}
      onClick={(e) => {
        // A click on the backdrop lands on the dialog itself, outside its box.
        if (e.target !== e.currentTarget) return;
        const r = e.currentTarget.getBoundingClientRect();
        const inside =
          e.clientX >= r.left && e.clientX <= r.right && e.clientY >= r.top && e.clientY <= r.bottom;
        if (!inside) close.current();
      }}
      onKeyDown={(e) => {
        if (e.key !== 'Tab') return;
        const items = [...e.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)];
        if (items.length === 0) return;
        const first = items[0];
        const last = items[items.length - 1];
        if (e.shiftKey && document.activeElement === first) {
          e.preventDefault();
          last.focus();
        } else if (!e.shiftKey && document.activeElement === last) {
          e.preventDefault();
          first.focus();
        }
      }}
    >
      {children}
      <button
        type="button"
        className="absolute right-4 top-4 rounded-md p-1 opacity-70 hover:opacity-100 cursor-pointer"
        aria-label={t`Close`}
        onClick={() => close.current()}
      >
        <X className="h-4 w-4" />
      </button>
    </dialog>
  );
}
