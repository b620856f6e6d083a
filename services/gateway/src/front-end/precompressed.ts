import fs from 'node:fs';
import path from 'node:path';
import type { RequestHandler } from 'express';

/** Encodings the front-end build writes beside a file (see tools/rspack), best first. */
const encodings = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;

/** Text assets the build compresses; images and fonts are compressed formats already. */
const compressibleFile = /\.(js|mjs|css|html|json|svg|txt|map)$/i;

function isFile(filePath: string): boolean {
  return fs.statSync(filePath, { throwIfNoEntry: false })?.isFile() ?? false;
}

/**
 * Before express.static: a GET or HEAD for a text asset that has a compressed copy beside it
 * (main.3f2a9c1b.js.br) in an encoding the browser accepts is answered with that copy, with the
 * original's Content-Type and Content-Encoding set. Copies are looked up per request (stats of
 * files the kernel has cached), so a remote published while the gateway runs is served compressed
 * at once. A file without copies is served as it is. A build empties its dist folder first (rspack
 * output.clean), so no copy outlives the file it was made from; a publish must do the same (see
 * docs/deploying.md): a copy's time cannot tell, as a build writes a file and its copies in any order.
 */
export function servePrecompressed(root: string): RequestHandler {
  return (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !compressibleFile.test(req.path)) {
      next();
      return;
    }
    res.vary('Accept-Encoding');
    let relativePath: string;
    try {
      relativePath = decodeURIComponent(req.path);
    } catch {
      next();
      return;
    }
    const filePath = path.join(root, relativePath);
    // Our preference (brotli is smaller), among what the browser accepts and the build wrote.
    const encoding = filePath.startsWith(root + path.sep)
      ? encodings.find((candidate) => req.acceptsEncodings(candidate.name) === candidate.name && isFile(filePath + candidate.suffix))
      : undefined;
    if (!encoding) {
      next();
      return;
    }
    // send (under express.static) keeps a Content-Type that is already set.
    res.type(path.extname(filePath));
    res.setHeader('Content-Encoding', encoding.name);
    req.url = `${req.url.split('?')[0]}${encoding.suffix}`;
    next();
  };
}
