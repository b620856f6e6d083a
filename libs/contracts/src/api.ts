/** The JSON body of every error answer (ARCHITECTURE.md section 2). */
export interface ErrorBody {
  message: string;
  errors?: Record<string, string>;
}

/** Session cookie set by the auth service and resolved by the gateway. */
export const SESSION_COOKIE = 'cd_session';

/** GET: who the session belongs to (the session check every screen behind a login makes first). */
export const CURRENT_USER_PATH = '/api/auth/user';

/** The dealer dashboard's own address: the gateway knows it as a page with first calls to preload. */
export const DEALER_DASHBOARD_PATH = '/dealer/dashboard';

/**
 * The API calls the unfiltered dealer dashboard makes first: the session check, the makes of its
 * filter and the first page of cars. The shell starts them before the dashboard's code is there,
 * and the gateway's answer to the page has the browser start them even before the shell's script
 * runs; either way the screen adopts the answer rather than asking again.
 */
export const DEALER_DASHBOARD_FIRST_CALLS = { sessionCheck: CURRENT_USER_PATH, makes: '/api/vehicles/makes', firstPage: '/api/vehicles' } as const;

/**
 * The element of a page the gateway rendered (the dealer dashboard's first screen) that carries, as
 * JSON, the API answers it rendered from: the browser's first render adopts them instead of asking.
 */
export const SERVER_ANSWERS_ELEMENT_ID = 'cardirect-server-answers';

/**
 * The browser's window size (`1280x800`), which every page load of the shell stores: the gateway
 * renders the dealer dashboard's first screen for that window (which card photos load at once).
 */
export const WINDOW_SIZE_COOKIE = 'cd_window';

/**
 * The browser's time zone as minutes behind UTC (`getTimezoneOffset`), which every page load of the
 * shell stores too: the gateway writes the dealer dashboard's dates in it, as the browser does.
 */
export const TIME_ZONE_OFFSET_COOKIE = 'cd_tz';

/** Answer header carrying the next page's cursor of GET /api/vehicles. */
export const NEXT_CURSOR_HEADER = 'X-Next-Cursor';
