import path from 'node:path';
import type { ServerResponse } from 'node:http';
import express, { Router } from 'express';
import { servePrecompressed } from './precompressed';

/** Where each remote's build is, relative to STATIC_ROOT, by the path it is served under. */
export const remoteFolders: Record<string, string> = {
  '/remotes/seller': 'mfe-seller/dist',
  '/remotes/dealer': 'mfe-dealer/dist',
  '/remotes/admin': 'mfe-admin/dist',
};

/** Paths that are never the shell's client-side routes. */
const notShellRoutes = /^\/(api|config|remotes|healthz|readyz|dev)(\/|$)/;

/** A file whose name carries a content hash (e.g. main.3f2a9c1b.js) never changes at that URL. */
const hashedFileName = /[.-][0-9a-f]{8,}\.[a-z0-9]+$/i;
/** Entry points a browser must revalidate, so a new deployment is picked up at once. */
const entryFileName = /(\.html|^mf-manifest\.json|^remoteEntry\.js)$/i;

/** The compressed copies the build writes beside a file (main.3f2a9c1b.js.br) are cached like it. */
const compressedSuffix = /\.(br|gz)$/;

export function cacheControlFor(filePath: string): string {
  const fileName = path.basename(filePath).replace(compressedSuffix, '');
  if (entryFileName.test(fileName)) return 'no-cache';
  if (hashedFileName.test(fileName)) return 'public, max-age=31536000, immutable';
  return 'no-cache';
}

const staticOptions = {
  index: false,
  cacheControl: false,
  setHeaders: (res: ServerResponse, filePath: string) => res.setHeader('Cache-Control', cacheControlFor(filePath)),
};

/**
 * The all-in-one mode: the shell at `/` (any other page path falls back to its index.html, the
 * client-side router takes it from there) and each remote under `/remotes/<name>/`.
 */
export function frontEndRoutes(staticRoot: string): Router {
  const router = Router();
  for (const [mountPath, folder] of Object.entries(remoteFolders)) {
    const folderPath = path.join(staticRoot, folder);
    router.use(mountPath, servePrecompressed(folderPath), express.static(folderPath, staticOptions));
  }
  const shellDist = path.join(staticRoot, 'shell/dist');
  router.use(servePrecompressed(shellDist), express.static(shellDist, staticOptions));
  router.use((req, res, next) => {
    const isPageRequest = (req.method === 'GET' || req.method === 'HEAD') && !notShellRoutes.test(req.path) && !path.extname(req.path);
    if (!isPageRequest) {
      next();
      return;
    }
    res.setHeader('Cache-Control', 'no-cache');
    // `root` keeps send's dot-file rule to the file's own path, so a checkout under a dot folder
    // (~/.work/cardirect) still serves its index.
    res.sendFile('index.html', { root: shellDist }, (error) => {
      if (error) next();
    });
  });
  return router;
}
