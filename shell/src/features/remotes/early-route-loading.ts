import { firstCallPathsOf, screenFilesOf, type FederationManifest } from '@cardirect/contracts';
import { startEarlyRequest, storageKeys } from '@cardirect/web/early';
import { isAdminSession, remoteScreenAt, type RemoteScreenAt } from './remote-routes';

/** Remote name → manifest URL, as the gateway publishes it from its configuration. */
export const remoteMapUrl = '/config/remotes.json';

/** The remote map and manifests are revalidated on every page load: a remote can be redeployed at any time. */
const revalidated: RequestInit = { cache: 'no-cache' };

function preload(href: string, as: 'script' | 'style'): void {
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = as;
  link.href = href;
  document.head.append(link);
}

/** The remote map this browser last read: a returning visitor's manifest can be asked for at once. */
const rememberedRemoteMapKey = 'cardirect.remoteMap';

type RemoteMap = Record<string, string | undefined>;

function rememberedRemoteMap(): RemoteMap {
  try {
    return JSON.parse(localStorage.getItem(rememberedRemoteMapKey) ?? '{}') as RemoteMap;
  } catch {
    return {};
  }
}

/**
 * Reads the remote's manifest, then starts what the screen needs before it can show: the first
 * API calls its remote declares for it (FirstCall in @cardirect/contracts), and the downloads of
 * its entry, scripts and styles. The shell knows no screen's calls: each remote publishes its own.
 */
async function startScreen(manifestUrl: string, target: RemoteScreenAt, location: Location): Promise<void> {
  const manifest = (await (await startEarlyRequest(manifestUrl, revalidated)).json()) as FederationManifest;
  for (const path of firstCallPathsOf(manifest, target.screen, { params: target.params, search: location.search })) {
    startEarlyRequest(path).catch(() => undefined);
  }
  // A manifest without the screen: its load fails and the route shows the remote's fallback.
  const files = screenFilesOf(manifest, target.screen);
  if (!files) return;
  const base = new URL('.', new URL(manifestUrl, window.location.href));
  for (const file of [files.entry, ...files.scripts]) preload(new URL(file, base).href, 'script');
  for (const file of files.stylesheets) preload(new URL(file, base).href, 'style');
}

/**
 * Fetches the remote map, then the remote's manifest, then the screen's calls and files. The
 * manifest this browser saw last time is asked for together with the map; should the map name
 * another one now (a deployment moved the remote), that one is fetched too, and the stale copy is
 * never used (only a request for the very same URL adopts an early one).
 */
async function startRemoteScreen(target: RemoteScreenAt, location: Location): Promise<void> {
  const remembered = rememberedRemoteMap()[target.remote];
  const guessed = remembered ? startScreen(remembered, target, location) : Promise.resolve();
  const remoteMapText = await (await startEarlyRequest(remoteMapUrl, revalidated)).text();
  localStorage.setItem(rememberedRemoteMapKey, remoteMapText);
  const manifestUrl = (JSON.parse(remoteMapText) as RemoteMap)[target.remote];
  await Promise.all([guessed, manifestUrl && manifestUrl !== remembered ? startScreen(manifestUrl, target, location) : undefined]);
}

/**
 * Runs first on every page load, before Module Federation has negotiated the shared libraries: on
 * a route a remote owns, starts the screen's first API calls and the download of its remote, so
 * that both travel while the shell's own code loads instead of one after the other behind it.
 * Whatever is fetched here is adopted by the code that needs it (@cardirect/web/early); anything
 * that fails is simply asked again there, with its error shown.
 */
export function startRouteLoading(location: Location): void {
  const target = remoteScreenAt(location.pathname, isAdminSession(localStorage.getItem(storageKeys.userRole), localStorage.getItem(storageKeys.userEmail)));
  if (!target) return;
  startRemoteScreen(target, location).catch(() => undefined);
  // The query cache every remote screen uses (react-query), before sharing is negotiated.
  import('./query-cache-provider').catch(() => undefined);
}
