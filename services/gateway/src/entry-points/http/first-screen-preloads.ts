import type { Request } from 'express';
import { DEALER_DASHBOARD_FIRST_CALLS, DEALER_DASHBOARD_PATH } from '@cardirect/contracts';
import { sessionIdOf } from './session-cookie';

/** Whether the page's address has a query, as the shell's `location.search` sees it: a bare `?` is none. */
export function hasQuery(url: string): boolean {
  const queryAt = url.indexOf('?');
  return queryAt >= 0 && queryAt < url.length - 1;
}

/**
 * The Link header of the unfiltered dealer dashboard for a visitor with a session: the browser
 * fetches the screen's first API calls together with the page, before any script has run, rather
 * than once the shell's own script has loaded and run. They are made as the screen makes them
 * (credentials included), so the screen adopts their answers and never asks twice. Whether the
 * session is a dealer's is left to the answers, as the screen leaves it.
 */
export function firstScreenPreloadsOf(req: Request): string | undefined {
  if (req.path !== DEALER_DASHBOARD_PATH || hasQuery(req.url) || !sessionIdOf(req)) return undefined;
  return Object.values(DEALER_DASHBOARD_FIRST_CALLS)
    .map((url) => `<${url}>; rel=preload; as=fetch; crossorigin=use-credentials`)
    .join(', ');
}
