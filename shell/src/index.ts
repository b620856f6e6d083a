import { TIME_ZONE_OFFSET_COOKIE, WINDOW_SIZE_COOKIE } from '@cardirect/contracts';
import { startRouteLoading } from './features/remotes/early-route-loading';

/** How long the first render waits for the page's remote screen before showing its loading state. */
const PAGE_LOAD_SCREEN_WAIT_MS = 1500;

// For the gateway, which renders some pages for this browser: the photos its window shows at once,
// the dates in its time zone.
document.cookie = `${WINDOW_SIZE_COOKIE}=${window.innerWidth}x${window.innerHeight}; path=/; max-age=31536000; samesite=lax`;
document.cookie = `${TIME_ZONE_OFFSET_COOKIE}=${new Date().getTimezoneOffset()}; path=/; max-age=31536000; samesite=lax`;

// Before anything else: the route's remote and its first API calls start downloading.
const serverRendered = startRouteLoading(window.location);

// An async boundary: Module Federation negotiates the shared libraries before the app's code runs.
// The first render waits (a bounded time) for the page's remote screen, so it shows that screen
// rather than a loading state first. A page the gateway rendered is on screen already: its first
// render waits for the screen however long it takes, as a loading state would replace the page.
const pageLoadScreen = import('./features/remotes/page-load-screen').then(({ loadPageLoadScreen }) => loadPageLoadScreen(window.location));
const waited = serverRendered ? pageLoadScreen : new Promise((resolve) => setTimeout(resolve, PAGE_LOAD_SCREEN_WAIT_MS));
void Promise.all([import('./bootstrap'), Promise.race([pageLoadScreen, waited]).catch(() => undefined)]).then(([{ renderApp }]) => renderApp());
