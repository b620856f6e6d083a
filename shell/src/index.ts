import './validation-without-eval';
import { startRouteLoading } from './features/remotes/early-route-loading';

/** How long the first render waits for the page's remote screen before showing its loading state. */
const PAGE_LOAD_SCREEN_WAIT_MS = 1500;

// Before anything else: the route's remote and its first API calls start downloading.
startRouteLoading(window.location);

// An async boundary: Module Federation negotiates the shared libraries before the app's code runs.
// The first render waits (a bounded time) for the page's remote screen, so it shows that screen
// rather than a loading state first.
const pageLoadScreen = import('./features/remotes/page-load-screen').then(({ loadPageLoadScreen }) => loadPageLoadScreen(window.location));
const waited = new Promise((resolve) => setTimeout(resolve, PAGE_LOAD_SCREEN_WAIT_MS));
void Promise.all([import('./bootstrap'), Promise.race([pageLoadScreen, waited]).catch(() => undefined)]).then(([{ renderApp }]) => renderApp());
