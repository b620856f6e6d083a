import type { ComponentType, ReactNode } from 'react';
import { CURRENT_USER_PATH, type CurrentUser } from '@cardirect/contracts';
import { queryKeys, useAuthStore } from '@cardirect/web';
import { takeEarlyRequest } from '@cardirect/web/early';
import { loadRemoteScreen, type PageLocation, type RemoteName, type ScreenModule } from './remote-registry';
import { isAdminSession, remoteScreenAt } from './remote-routes';

/**
 * How long the page's first render waits, once the screen's code is there, for the screen's first
 * data: a moment, to spare the page a loading state that would show only for a frame or two (a
 * render, a layout and a paint of the whole page, on cores a phone or this machine has few of).
 * Past it the screen shows its loading state, and its data when it comes.
 */
export const FIRST_DATA_WAIT_MS = 300;

/** A remote screen ready to show, with the query cache every remote screen shares. */
export interface LoadedScreen {
  Screen: ComponentType;
  QueryCacheProvider: ComponentType<{ children: ReactNode }>;
  loadFirstData?: ScreenModule['loadFirstData'];
}

/** Loads a remote's exposed screen and, with it, the query cache (the landing page creates none). */
export async function loadScreen(remote: RemoteName, screen: string): Promise<LoadedScreen> {
  const [screenModule, provider] = await Promise.all([loadRemoteScreen(remote, screen), import('./query-cache-provider')]);
  return { Screen: screenModule.default, QueryCacheProvider: provider.default, loadFirstData: screenModule.loadFirstData };
}

let pageLoadScreen: { remote: RemoteName; screen: string; loaded: LoadedScreen } | undefined;

/**
 * Loads the screen of the page's address, if a remote owns it, so that the shell's first render
 * shows it rather than a loading state followed by it (two renders and layouts of the whole page on
 * a busy phone, and React's reveal of the second held back). A failure is left to the screen,
 * which loads again and shows it with Retry.
 */
export async function loadPageLoadScreen(location: PageLocation): Promise<void> {
  const { role, email } = useAuthStore.getState();
  const target = remoteScreenAt(location.pathname, isAdminSession(role, email));
  if (!target) return;
  const [loaded] = await Promise.all([loadScreen(target.remote, target.screen), seedSessionCheck()]);
  await waitForFirstData(loaded, location);
  pageLoadScreen = { ...target, loaded };
}

/**
 * Lets the screen put its first data into the query cache (adopting the calls the shell started
 * early, which have usually answered by the time the screen's code has arrived), waiting at most
 * FIRST_DATA_WAIT_MS. A failure is left to the screen, which asks again and shows it.
 */
async function waitForFirstData({ loadFirstData }: LoadedScreen, location: PageLocation): Promise<void> {
  if (!loadFirstData) return;
  const { pageQueryClient } = await import('./page-query-client');
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waited = new Promise<void>((resolve) => (timer = setTimeout(resolve, FIRST_DATA_WAIT_MS)));
  await Promise.race([loadFirstData(pageQueryClient, location).catch(() => undefined), waited]);
  clearTimeout(timer);
}

/**
 * Puts the session check the shell asked for early (early-route-loading.ts) into the query cache
 * before the first render, so a screen behind a login shows its content in that render rather than
 * a "checking your login" state and one render more. Anything but a confirmed session is left to
 * the screen, which asks again.
 */
async function seedSessionCheck(): Promise<void> {
  const early = takeEarlyRequest(CURRENT_USER_PATH);
  if (!early) return;
  const [response, { pageQueryClient }] = await Promise.all([early, import('./page-query-client')]);
  if (response.ok) pageQueryClient.setQueryData(queryKeys.currentUser, (await response.json()) as CurrentUser);
}

/** The screen loaded with the page, if it is this one and the visitor has not navigated since. */
export function pageLoadScreenOf(remote: RemoteName, screen: string): LoadedScreen | undefined {
  return pageLoadScreen?.remote === remote && pageLoadScreen.screen === screen ? pageLoadScreen.loaded : undefined;
}

/** After the first navigation every screen is loaded anew (which checks for a new deployment of its remote). */
export function forgetPageLoadScreen(): void {
  pageLoadScreen = undefined;
}
