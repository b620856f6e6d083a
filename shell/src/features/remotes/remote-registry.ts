import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';

export type RemoteName = 'mfe_seller' | 'mfe_dealer' | 'mfe_admin';

/** Remote name → manifest URL, as the gateway publishes it from its configuration. */
type RemoteMap = Partial<Record<RemoteName, string>>;

const remoteMapUrl = '/config/remotes.json';

let remoteMap: Promise<RemoteMap> | null = null;

/** Fetches the remote map once and registers every remote; a failed fetch is tried again next time. */
export function registeredRemoteMap(): Promise<RemoteMap> {
  remoteMap ??= fetchRemoteMap().then(
    (map) => {
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
  const response = await fetch(remoteMapUrl, { cache: 'no-cache' });
  if (!response.ok) throw new Error(`${response.status}: could not read ${remoteMapUrl}`);
  return (await response.json()) as RemoteMap;
}

/**
 * Loads one exposed screen of a remote. A failed attempt is not remembered by the federation
 * runtime, so calling this again (the Retry button) really tries again.
 */
export async function loadRemoteScreen(remote: RemoteName, screen: string): Promise<{ default: ComponentType }> {
  const map = await registeredRemoteMap();
  if (!map[remote]) throw new Error(`${remote} is missing from ${remoteMapUrl}`);
  const module = await loadRemote<{ default: ComponentType }>(`${remote}/${screen}`);
  if (!module) throw new Error(`${remote}/${screen} could not be loaded`);
  return module;
}
