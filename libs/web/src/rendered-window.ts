import { WINDOW_WHEN_UNKNOWN } from '@cardirect/contracts';

/** The size of the window a page is rendered for. */
export interface WindowSize {
  innerWidth: number;
  innerHeight: number;
}

let serverWindow: WindowSize = WINDOW_WHEN_UNKNOWN;
/** Minutes behind UTC, as `Date.prototype.getTimezoneOffset` gives them; undefined: the server's own zone. */
let serverZoneOffset: number | undefined;

/**
 * The browser's window, or on the server (shell/src/server) the one the page is rendered for: the
 * browser's as its last page reported it (WINDOW_SIZE_COOKIE). Should the window have changed since,
 * the browser's render keeps the server's markup where the two differ only in an attribute (which
 * photos load at once).
 */
export function renderedWindow(): WindowSize {
  return typeof window === 'undefined' ? serverWindow : window;
}

/** The calendar day a moment falls on in the browser's time zone. */
export interface CalendarDay {
  year: number;
  /** 0 for January, as `Date` counts. */
  month: number;
  day: number;
}

/**
 * The day a moment falls on where the page is read: in the browser's time zone, or on the server
 * in the zone the browser reported (TIME_ZONE_OFFSET_COOKIE), so both write the same date.
 */
export function calendarDayOf(moment: Date): CalendarDay {
  if (typeof window !== 'undefined' || serverZoneOffset === undefined) return { year: moment.getFullYear(), month: moment.getMonth(), day: moment.getDate() };
  const shifted = new Date(moment.getTime() - serverZoneOffset * 60_000);
  return { year: shifted.getUTCFullYear(), month: shifted.getUTCMonth(), day: shifted.getUTCDate() };
}

/** On the server: the window and time zone of the browser the next page is rendered for, if known. */
export function renderForBrowser(browser: { window?: WindowSize; timeZoneOffset?: number }): void {
  serverWindow = browser.window ?? WINDOW_WHEN_UNKNOWN;
  serverZoneOffset = browser.timeZoneOffset;
}
