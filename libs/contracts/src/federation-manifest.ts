/**
 * A call a remote's screen makes as soon as it shows. Its remote declares it in its manifest
 * (`metaData.firstCalls`, by screen), so the shell can start it while the screen's code is still on
 * its way; the screen then adopts the answer (@cardirect/web/early) instead of asking again.
 */
export interface FirstCall {
  /**
   * The path with its query, exactly as the screen requests it; a `:name` segment takes the route's
   * parameter of that name (`/api/vehicles/:id` on `/vehicles/:id`).
   */
  path: string;
  /** Made only when the page's address has no query: the screen's calls then depend on its query. */
  onlyWithoutQuery?: boolean;
}

/** A remote's first calls, by exposed screen name. */
export type FirstCalls = Record<string, readonly FirstCall[]>;

/** What a Module Federation manifest (`mf-manifest.json`) says of a remote's entry, its exposed screens' files and their first calls. */
export interface FederationManifest {
  metaData: { remoteEntry: { name: string; path: string }; firstCalls?: FirstCalls };
  exposes: { name: string; assets: { js: { sync: string[] }; css: { sync: string[] } } }[];
}

/** The files a remote screen needs before it can render, relative to its manifest's folder. */
export interface ScreenFiles {
  /** The remote's entry, which the federation runtime loads first. */
  entry: string;
  /** The screen's own code. */
  scripts: string[];
  stylesheets: string[];
}

/**
 * The files of the exposed `screen` by the remote's manifest (undefined when it exposes no such
 * screen): what the shell preloads for a page's screen.
 */
export function screenFilesOf(manifest: FederationManifest, screen: string): ScreenFiles | undefined {
  const exposed = manifest.exposes.find((expose) => expose.name === screen);
  if (!exposed) return undefined;
  const { remoteEntry } = manifest.metaData;
  return { entry: `${remoteEntry.path}${remoteEntry.name}`, scripts: exposed.assets.js.sync, stylesheets: exposed.assets.css.sync };
}

/**
 * The paths of the first calls of `screen` for a page with these route parameters and query: a
 * call needing a parameter the route has not is left out, as is one made only without a query.
 */
export function firstCallPathsOf(manifest: FederationManifest, screen: string, page: { params: Record<string, string>; search: string }): string[] {
  const paths: string[] = [];
  for (const call of manifest.metaData.firstCalls?.[screen] ?? []) {
    if (call.onlyWithoutQuery && page.search.length > 1) continue;
    let complete = true;
    const path = call.path.replace(/:([A-Za-z]+)/g, (_segment, name: string) => {
      const value = page.params[name];
      if (value === undefined) complete = false;
      return encodeURIComponent(value ?? '');
    });
    if (complete) paths.push(path);
  }
  return paths;
}
