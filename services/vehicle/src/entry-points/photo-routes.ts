import { Buffer } from 'node:buffer';
import { pipeline } from 'node:stream/promises';
import type { Request, Response, Router } from 'express';
import { notFound, requireRole } from '@cardirect/service-kit';
import type { DomainContext } from '../domain/context';
import { readPhoto, type PhotoToServe, type PhotoVariant } from '../domain/read-photo';
import { callerOf, param } from './request-context';

/** A photo never changes once stored; "private" keeps it out of shared caches, as it is not public. */
const PHOTO_CACHE_CONTROL = 'private, max-age=31536000, immutable';

/** Answers a photo the caller may see: 304 when the browser holds it already, else its bytes. */
export async function sendPhoto(req: Request, res: Response, photo: PhotoToServe): Promise<void> {
  res.set({ 'Cache-Control': PHOTO_CACHE_CONTROL, ETag: photo.etag, 'X-Content-Type-Options': 'nosniff' });
  if (req.headers['if-none-match'] === photo.etag) {
    res.status(304).end();
    return;
  }
  const file = await photo.read();
  res.set({ 'Content-Type': file.contentType, 'Content-Length': String(file.length) });
  if (Buffer.isBuffer(file.body)) res.end(file.body);
  else await pipeline(file.body, res);
}

function servePhoto(context: DomainContext, variant: PhotoVariant) {
  return async (req: Request, res: Response) => {
    const position = param(req, 'position');
    if (!/^\d{1,2}$/.test(position)) throw notFound('Photo not found');
    await sendPhoto(req, res, await readPhoto(context, param(req, 'id'), Number(position), variant, callerOf(req)));
  };
}

/** Photos and card thumbnails: for approved dealers, admins and the car's seller. */
export function photoRoutes(router: Router, context: DomainContext): void {
  router.get('/api/vehicles/:id/photos/:position', requireRole('admin', 'dealer', 'seller'), servePhoto(context, 'photo'));
  router.get('/api/vehicles/:id/photos/:position/thumbnail', requireRole('admin', 'dealer', 'seller'), servePhoto(context, 'thumbnail'));
}
