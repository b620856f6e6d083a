import type { RequestHandler } from 'express';
import helmet from 'helmet';

/**
 * helmet with a CSP that allows our own origin and exactly the remotes' other origins (Module
 * Federation loads their scripts, manifests and styles). Inline styles are allowed because the UI
 * primitives position popovers with style attributes. HSTS and upgrade-insecure-requests only
 * apply when the public URL is https, so a local http stack keeps working.
 */
export function securityHeaders(options: { publicUrl: string; remoteOrigins: string[] }): RequestHandler {
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
