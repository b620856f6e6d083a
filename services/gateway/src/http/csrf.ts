import type { Request } from 'express';
import { isReadOnly } from './http-methods';

function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/** What a refused request claimed (logged with the refusal). */
export interface CrossSiteRefusal {
  origin: string | undefined;
  referer: string | undefined;
}

/**
 * Finds state-changing requests sent by another site's page: a browser always sends Origin (or
 * at least Referer) with them, and it must be our public origin. Requests with neither come from
 * curl or servers, which cannot ride on a victim's cookies, so they pass. Answers what the
 * refused request claimed, or undefined when it may pass.
 */
export function crossSiteRefusal(publicUrl: string): (req: Request) => CrossSiteRefusal | undefined {
  const publicOrigin = new URL(publicUrl).origin;
  return (req) => {
    if (isReadOnly(req.method)) return undefined;
    const origin = req.headers.origin;
    const referer = req.headers.referer;
    const claimedOrigin = origin !== undefined ? origin : referer !== undefined ? originOf(referer) : publicOrigin;
    return claimedOrigin !== publicOrigin ? { origin, referer } : undefined;
  };
}
