import { preloadRemote } from '@module-federation/enhanced/runtime';
import { useAuthStore } from '@cardirect/web';
import { registeredRemoteMap } from './remote-registry';
import { remoteScreenAt } from './remote-routes';

/**
 * Starts fetching what the first page's remote screen needs (the remote map, the remote's manifest,
 * entry and the screen's chunks, and the query client) while the shell itself loads, instead of
 * after it has rendered: on a route owned by a remote, the screen then arrives with the shell, not
 * one waterfall later. Anything that fails here is simply loaded again, with its error shown, by
 * the screen itself.
 */
export async function preloadRouteRemote(pathname: string): Promise<void> {
  const { role, email } = useAuthStore.getState();
  const target = remoteScreenAt(pathname, role === 'admin' && email !== null);
  if (!target) return;
  await Promise.all([
    import('./server-data-provider'),
    registeredRemoteMap().then(() => preloadRemote([{ nameOrAlias: target.remote, exposes: [`./${target.screen}`] }])),
  ]);
}
