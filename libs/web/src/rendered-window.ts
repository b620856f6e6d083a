import { WINDOW_WHEN_UNKNOWN } from '@cardirect/contracts';

/** The size of the window a page is rendered for. */
export interface WindowSize {
  innerWidth: number;
  innerHeight: number;
}

let serverWindow: WindowSize = WINDOW_WHEN_UNKNOWN;

/**
 * The browser's window, or on the server (shell/src/server) the one the page is rendered for: the
 * browser's as its last page reported it (WINDOW_SIZE_COOKIE). Should the window have changed since,
 * the browser's render keeps the server's markup where the two differ only in an attribute (which
 * photos load at once).
 */
export function renderedWindow(): WindowSize {
  return typeof window === 'undefined' ? serverWindow : window;
}

/** On the server: the window of the browser the next page is rendered for, if it is known. */
export function renderForWindow(size: WindowSize | undefined): void {
  serverWindow = size ?? WINDOW_WHEN_UNKNOWN;
}
