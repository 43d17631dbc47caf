import type * as React from 'react';
import { useSyncExternalStore } from 'react';
import { TOAST_DURATION_MS, TOAST_LIMIT } from '#shared/constants.ts';

// Toasts: at most one visible, 5000 ms by default, default or destructive.
export type Toast = {
  id: string;
  title?: React.ReactNode;
  description?: React.ReactNode;
  action?: React.ReactNode;
  variant?: 'default' | 'destructive';
  duration?: number;
  open: boolean;
};

let toasts: Toast[] = [];
let counter = 0;
const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) l();
};

export function toast(input: Omit<Toast, 'id' | 'open'>): { id: string; dismiss: () => void } {
  counter += 1;
  const id = String(counter);
  toasts = [{ ...input, id, open: true, duration: input.duration ?? TOAST_DURATION_MS }, ...toasts].slice(
    0,
    TOAST_LIMIT,
  );
  emit();
  return { id, dismiss: () => dismissToast(id) };
}

export function dismissToast(id: string) {
  toasts = toasts.map((t) => (t.id === id ? { ...t, open: false } : t));
  emit();
  // Leave time for the closing animation, then forget it.
  setTimeout(() => {
    toasts = toasts.filter((t) => t.id !== id);
    emit();
  }, 300);
}

export function getToasts(): Toast[] {
  return toasts;
}

function subscribe(l: () => void) {
  listeners.add(l);
  return () => listeners.delete(l);
}

export function useToasts(): Toast[] {
  return useSyncExternalStore(subscribe, getToasts, getToasts);
}
