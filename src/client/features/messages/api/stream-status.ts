import { useSyncExternalStore } from 'react';

// The live stream's state, shared by every component: 'open' switches polling off.
export type StreamStatus = 'off' | 'connecting' | 'open' | 'down';
let status: StreamStatus = 'off';
let unread: number | null = null;
const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) l();
};
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};
export function setStatus(s: StreamStatus) {
  if (s === status) return;
  status = s;
  if (s !== 'open') unread = null;
  emit();
}
export function setUnread(n: number) {
  unread = n;
  emit();
}

export const useStreamStatus = () =>
  useSyncExternalStore(
    subscribe,
    () => status,
    () => status,
  );
// The live unread total, or null while the stream is not open.
export const useStreamUnread = () =>
  useSyncExternalStore(
    subscribe,
    () => unread,
    () => unread,
  );
