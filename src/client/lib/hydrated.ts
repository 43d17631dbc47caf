import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

// False in the server's markup and while hydrating it, true once the script runs the page: a
// control that needs the script (a button disabled until a quote arrives, an empty box) stays
// usable as a plain form control until then (ADR 058).
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
