/**
 * The page renderer: the shell with a remote's screen, rendered to HTML by the gateway for the page
 * a browser asked for, from API answers the gateway fetched for it with the browser's session. It
 * runs the app's own modules: the page's address, the auth store, the query cache and the early
 * answers are module state there, as in a browser with one page. So one page renders at a time,
 * each from a clean slate; rendering is synchronous work on one thread, which this costs nothing.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import type { CurrentUser } from '@cardirect/contracts';
import { renderForBrowser, useAuthStore, type WindowSize } from '@cardirect/web';
import { adoptServerAnswer, forgetEarlyRequests, type ServerAnswer } from '@cardirect/web/early';
import { App } from '../app/app';
import { forgetPageLoadScreen, loadPageLoadScreen, pageLoadScreenOf } from '../features/remotes/page-load-screen';
import { pageQueryClient } from '../features/remotes/page-query-client';
import { remoteScreenAt } from '../features/remotes/remote-routes';

export type { ServerAnswer };

export interface PageToRender {
  pathname: string;
  search: string;
  /** Whom the session belongs to (the answer of GET /api/auth/user is among `answers` too). */
  user: CurrentUser;
  /** Every API answer the screen's first render reads, by the URL the screen asks. */
  answers: ServerAnswer[];
  /** The browser's window, when it is known. */
  window?: WindowSize;
  /** The browser's time zone as minutes behind UTC, when it is known. */
  timeZoneOffset?: number;
}

let previous: Promise<unknown> = Promise.resolve();

/** Runs `render` after every render started before it has finished. */
function oneAtATime<T>(render: () => Promise<T>): Promise<T> {
  const next = previous.then(render, render);
  previous = next.catch(() => undefined);
  return next;
}

/**
 * The root element's content for this page, or undefined when its screen cannot be rendered here
 * (not one the server renders, or its first data was not among the answers): the page is then
 * served for the browser to render.
 */
export function renderPage(page: PageToRender): Promise<string | undefined> {
  return oneAtATime(async () => {
    try {
      for (const answer of page.answers) adoptServerAnswer(answer);
      useAuthStore.setState({ role: page.user.role, email: page.user.email });
      renderForBrowser(page);
      const location = { pathname: page.pathname, search: page.search };
      await loadPageLoadScreen(location);
      const target = remoteScreenAt(page.pathname, page.user.role === 'admin');
      if (!target || !pageLoadScreenOf(target.remote, target.screen)) return undefined;
      // A query the answers did not fill would render a loading state, not the page.
      if (pageQueryClient.getQueryCache().getAll().some((query) => query.state.status !== 'success')) return undefined;
      return renderToString(
        <StrictMode>
          <App serverLocation={location} />
        </StrictMode>,
      );
    } finally {
      forgetEarlyRequests();
      forgetPageLoadScreen();
      pageQueryClient.clear();
      useAuthStore.setState({ role: 'dealer', email: null });
      renderForBrowser({});
    }
  });
}
