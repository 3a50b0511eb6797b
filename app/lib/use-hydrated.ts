import { useSyncExternalStore } from 'react';

const noop = () => () => {};

/** false while rendering on the server and hydrating, true once React runs in the browser. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noop,
    () => true,
    () => false,
  );
}
