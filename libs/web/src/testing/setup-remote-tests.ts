import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { dismissToast } from '@cardirect/ui';
import { useAuthStore } from '../auth-store';

/**
 * What every screen test needs, called once from a package's vitest setup file: patience for a
 * busy machine, what jsdom lacks, and a clean page, cache-free storage and no session after each test.
 */
export function setupRemoteTests(): void {
  // Screens render on a busy two-core machine: a little more time for things to appear.
  configure({ asyncUtilTimeout: 5000 });

  // jsdom does not scroll: screens scroll to the top on entry, and a list scrolls the car the
  // visitor comes back from into view.
  window.scrollTo = () => undefined;
  Element.prototype.scrollIntoView ??= function scrollIntoView() {};

  afterEach(() => {
    cleanup();
    dismissToast();
    vi.unstubAllGlobals();
    vi.useRealTimers();
    sessionStorage.clear();
    localStorage.clear();
    // As the store starts with nothing stored: nobody logged in, the spec's default role.
    useAuthStore.setState({ role: 'dealer', email: null });
  });
}
