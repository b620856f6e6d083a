// Stands in for ../features/remotes/remote-registry.ts in the page renderer's build
// (tools/build-page-renderer.mjs): on the server a remote's screens are bundled, not fetched.
import { dealerScreens } from '@cardirect/mfe-dealer/server';
import type { ScreenModule } from '../features/remotes/remote-registry';

export type { PageLocation, RemoteName, ScreenModule } from '../features/remotes/remote-registry';

/** The screens the server renders, by remote. */
const serverScreens: Record<string, Record<string, ScreenModule> | undefined> = { mfe_dealer: dealerScreens };

export async function loadRemoteScreen(remote: string, screen: string): Promise<ScreenModule> {
  const module = serverScreens[remote]?.[screen];
  if (!module) throw new Error(`${remote}/${screen} is not rendered on the server`);
  return module;
}
