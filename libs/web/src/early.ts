/**
 * Requests a page asks for before the code that needs them has loaded (the shell starts them from
 * its first script, while the route's remote is still downloading), and which that code then
 * adopts instead of asking again. The shell's first script cannot use the shared @cardirect/web
 * (Module Federation shares it only after its negotiation), so this entry point is bundled on its
 * own and the two meet in one registry on the page's global object.
 */
import { paths } from './paths';
import { storageKeys } from './storage-keys';

export { paths, storageKeys };

/** A started request is adopted only this long after it left: older answers may be out of date. */
export const EARLY_REQUEST_MAX_AGE_MS = 10_000;

interface EarlyRequest {
  response: Promise<Response>;
  startedAt: number;
}

const registryKey = Symbol.for('cardirect.earlyRequests');

function registry(): Map<string, EarlyRequest> {
  const page = globalThis as unknown as Record<symbol, Map<string, EarlyRequest> | undefined>;
  return (page[registryKey] ??= new Map());
}

function absolute(url: string): string {
  return new URL(url, window.location.href).href;
}

/** What the page's screens send with a GET: JSON, with the session cookie. */
const apiRequest: RequestInit = { credentials: 'include', headers: { Accept: 'application/json' } };

/**
 * Starts a GET as the page's screens send theirs (JSON, with the session cookie, or revalidated
 * for the files that `cache: 'no-cache'` keeps fresh) and answers a copy of its response.
 */
export function startEarlyRequest(url: string, init: RequestInit = apiRequest): Promise<Response> {
  const key = absolute(url);
  const response = fetch(url, init);
  // Nobody may adopt a failed request; whoever asks next tries for real.
  response.catch(() => {
    if (registry().get(key)?.response === response) registry().delete(key);
  });
  registry().set(key, { response, startedAt: performance.now() });
  return response.then((answer) => answer.clone());
}

/**
 * The response of a GET started early for this URL, at most once and while it is recent; otherwise
 * undefined and the caller sends its own request.
 */
export function takeEarlyRequest(url: string): Promise<Response> | undefined {
  const key = absolute(url);
  const early = registry().get(key);
  registry().delete(key);
  if (!early || performance.now() - early.startedAt > EARLY_REQUEST_MAX_AGE_MS) return undefined;
  return early.response.then((answer) => answer.clone());
}

/** Drops every request not yet adopted: after the page's first screen, screens ask for themselves. */
export function forgetEarlyRequests(): void {
  registry().clear();
}
