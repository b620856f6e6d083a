import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { dismissToast } from '@cardirect/ui';
import { useAuthStore } from '@cardirect/web';

// Two shared cores can be slow: waiting for a condition may take longer than the default second.
configure({ asyncUtilTimeout: 5000 });

// jsdom lacks the pointer and scrolling APIs Radix Select and Dialog call while opening.
Object.assign(window.HTMLElement.prototype, { scrollIntoView: vi.fn(), hasPointerCapture: vi.fn(), releasePointerCapture: vi.fn() });
// The vehicle page scrolls to the top on entry; jsdom does not scroll.
window.scrollTo = vi.fn();

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  dismissToast();
  localStorage.clear();
  sessionStorage.clear();
  useAuthStore.setState({ role: 'dealer', email: null });
});
