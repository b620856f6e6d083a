import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { dismissToast } from '@cardirect/ui';
import { useAuthStore } from '@cardirect/web';

// Screens render on a busy two-core machine: a little more time for things to appear.
configure({ asyncUtilTimeout: 5000 });

// Radix Select calls these browser APIs that jsdom lacks.
Element.prototype.scrollIntoView ??= function scrollIntoView() {};
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= function releasePointerCapture() {};
window.scrollTo = () => undefined;

afterEach(() => {
  cleanup();
  dismissToast();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  sessionStorage.clear();
  localStorage.clear();
  useAuthStore.setState({ role: 'dealer', email: null });
});
