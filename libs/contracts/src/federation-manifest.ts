/** What a Module Federation manifest (`mf-manifest.json`) says of a remote's entry and its exposed screens' files. */
export interface FederationManifest {
  metaData: { remoteEntry: { name: string; path: string } };
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
 * screen): what the shell preloads for a page's screen, and what a page the gateway rendered links.
 */
export function screenFilesOf(manifest: FederationManifest, screen: string): ScreenFiles | undefined {
  const exposed = manifest.exposes.find((expose) => expose.name === screen);
  if (!exposed) return undefined;
  const { remoteEntry } = manifest.metaData;
  return { entry: `${remoteEntry.path}${remoteEntry.name}`, scripts: exposed.assets.js.sync, stylesheets: exposed.assets.css.sync };
}
