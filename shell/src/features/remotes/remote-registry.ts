import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { takeEarlyRequest } from '@cardirect/web/early';
import { remoteMapUrl } from './early-route-loading';
import { forgetLoadedChunks, hasNewDeployment, manifestRecorder } from './remote-deployments';

export type RemoteName = 'mfe_seller' | 'mfe_dealer' | 'mfe_admin';

/** The parts of a page's address a screen's first data depends on. */
export interface PageLocation {
  pathname: string;
  search: string;
}

/** What a remote exposes for a screen (docs/architecture.md, "Where this differs from ARCHITECTURE.md"). */
export interface ScreenModule {
  default: ComponentType;
  /**
   * Puts the screen's first data into the query cache, when the screen is the page's first: the
   * shell's first render then shows that data rather than the screen's loading state. `location` is
   * the page's address.
   */
  loadFirstData?: (queryClient: QueryClient, location: PageLocation) => Promise<void>;
}

/** Remote name → manifest URL, as the gateway publishes it from its configuration. */
type RemoteMap = Partial<Record<RemoteName, string>>;

let remoteMap: Promise<RemoteMap> | null = null;

/** Fetches the remote map once and registers every remote; a failed fetch is tried again next time. */
export function registeredRemoteMap(): Promise<RemoteMap> {
  remoteMap ??= fetchRemoteMap().then(
    (map) => {
      registerPlugins([manifestRecorder]);
      registerRemotes(Object.entries(map).map(([name, entry]) => ({ name, entry })));
      return map;
    },
    (error: unknown) => {
      remoteMap = null;
      throw error;
    },
  );
  return remoteMap;
}

async function fetchRemoteMap(): Promise<RemoteMap> {
  const response = await (takeEarlyRequest(remoteMapUrl) ?? fetch(remoteMapUrl, { cache: 'no-cache' }));
  if (!response.ok) throw new Error(`${response.status}: could not read ${remoteMapUrl}`);
  return (await response.json()) as RemoteMap;
}

/** The page's first remote screen loads with the manifest just fetched (page-load-screen.ts). */
let firstScreen = true;

/**
 * Loads one exposed screen of a remote. A failed attempt is not remembered by the federation
 * runtime, so calling this again (the Retry button) really tries again. Every screen after the
 * page's first checks whether its remote was deployed anew since the page loaded it, and if so
 * loads the new deployment: the next navigation after a team publishes its remote shows the new
 * build, without reloading the shell (docs/deploying.md).
 */
export async function loadRemoteScreen(remote: RemoteName, screen: string): Promise<ScreenModule> {
  const map = await registeredRemoteMap();
  const entry = map[remote];
  if (!entry) throw new Error(`${remote} is missing from ${remoteMapUrl}`);
  const checkForNewDeployment = !firstScreen;
  firstScreen = false;
  if (checkForNewDeployment && (await hasNewDeployment(new URL(entry, window.location.origin).href))) {
    forgetLoadedChunks(remote);
    registerRemotes([{ name: remote, entry }], { force: true });
  }
  const module = await loadRemote<ScreenModule>(`${remote}/${screen}`);
  if (!module) throw new Error(`${remote}/${screen} could not be loaded`);
  return module;
}
