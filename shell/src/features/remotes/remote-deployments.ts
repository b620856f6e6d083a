import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { takeEarlyRequest } from '@cardirect/web/early';

/**
 * Which deployment of each remote this page runs. The federation runtime keeps a remote it has
 * loaded for the life of the page; a team that publishes a new build of its remote (a new
 * mf-manifest.json) would otherwise reach an open page only after a reload. The shell therefore
 * remembers the manifest each remote was loaded from and, before showing another screen of that
 * remote, asks for the manifest again (a revalidation: 304 while nothing changed).
 */
const loadedManifests = new Map<string, string>();

/** Records the manifest text of every remote the runtime loads (its `fetch` hook sees each manifest request). */
export const manifestRecorder: ModuleFederationRuntimePlugin = {
  name: 'cardirect-manifest-recorder',
  async fetch(url, init) {
    // The page's first manifest is usually on its way already (early-route-loading.ts).
    const response = await (takeEarlyRequest(url) ?? fetch(url, init));
    if (response.ok && /mf-manifest\.json(\?|$)/.test(url)) loadedManifests.set(url, await response.clone().text());
    return response;
  },
};

/**
 * Whether the remote behind this manifest URL was loaded in this page and has been deployed anew
 * since. A failed check answers false: the version already loaded keeps working.
 */
export async function hasNewDeployment(manifestUrl: string): Promise<boolean> {
  const loaded = loadedManifests.get(manifestUrl);
  if (loaded === undefined) return false;
  try {
    const response = await fetch(manifestUrl, { cache: 'no-cache' });
    return response.ok && (await response.text()) !== loaded;
  } catch {
    return false;
  }
}

/**
 * Makes the next load of `remote` start from an empty chunk list. rspack names a remote's chunk
 * list after its federation name (output.uniqueName, tools/rspack/federated-app.ts) and gives chunks
 * deterministic ids, so a new build reuses ids of the old one; the chunks the old build put in the
 * list would count as already loaded and the new build would run the old code.
 */
export function forgetLoadedChunks(remote: string): void {
  Reflect.deleteProperty(globalThis, `rspackChunk${remote}`);
}
