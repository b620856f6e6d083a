import { useSyncExternalStore } from 'react';

const noChanges = () => () => undefined;

/**
 * False on the server and while the app takes over the markup of a page the server rendered (React
 * renders a store's server snapshot then, to match that markup); true right after, and from the
 * start on any page the browser renders itself.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noChanges,
    () => true,
    () => false,
  );
}
