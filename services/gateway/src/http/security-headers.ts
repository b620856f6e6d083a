import type { ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import helmet from 'helmet';

/**
 * helmet with a CSP that allows our own origin and exactly the remotes' other origins (Module
 * Federation loads their scripts, manifests and styles). Inline styles are allowed because the UI
 * primitives position popovers with style attributes. HSTS and upgrade-insecure-requests only
 * apply when the public URL is https, so a local http stack keeps working.
 */
function helmetFor(options: { publicUrl: string; remoteOrigins: string[] }): RequestHandler {
  const https = new URL(options.publicUrl).protocol === 'https:';
  const remotes = options.remoteOrigins;
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...remotes],
        connectSrc: ["'self'", ...remotes],
        styleSrc: ["'self'", "'unsafe-inline'", ...remotes],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:', ...remotes],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: https ? { maxAge: 180 * 24 * 60 * 60, includeSubDomains: true } : false,
  });
}

/**
 * helmet's headers are the same for every answer (no nonces), so they are found once, by running
 * helmet against a recording response, and then set on each answer in one loop instead of through
 * helmet's dozen middlewares.
 */
export function securityHeaders(options: { publicUrl: string; remoteOrigins: string[] }): RequestHandler {
  const set: Array<[string, string | number | readonly string[]]> = [];
  const removed: string[] = [];
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      set.push([name, value]);
      return recorder;
    },
    removeHeader(name: string) {
      removed.push(name);
    },
  } as unknown as ServerResponse;
  let finished = false;
  helmetFor(options)({} as never, recorder as never, () => {
    finished = true;
  });
  if (!finished) throw new Error('helmet did not finish synchronously');
  return (_req, res, next) => {
    for (const name of removed) res.removeHeader(name);
    for (const [name, value] of set) res.setHeader(name, value);
    next();
  };
}
