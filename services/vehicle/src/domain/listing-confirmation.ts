import { createHash, randomBytes } from 'node:crypto';
import { LISTING_CONFIRMATION_HOURS, MAX_UNCONFIRMED_LISTINGS_PER_EMAIL, type ConfirmedListing } from '@cardirect/contracts';
import { createEvent, notFound, tooManyRequests } from '@cardirect/service-kit';
import type { DomainContext } from './context';
import { reserveCheckDueFrom } from './reserve-price';
import type { PendingConfirmation } from './types';
import { vehicleSummaryOf } from './vehicle-summary';

const HOUR_MS = 60 * 60 * 1000;

/** The token is 256 random bits: a plain digest keeps it out of the database without a slow hash. */
function tokenHashOf(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** A new confirmation link's token, and what the listing keeps of it until it is used. */
export function newConfirmation(now: Date): { token: string; pending: PendingConfirmation } {
  const token = randomBytes(32).toString('base64url');
  return { token, pending: { tokenHash: tokenHashOf(token), expiresAt: new Date(now.getTime() + LISTING_CONFIRMATION_HOURS * HOUR_MS) } };
}

/**
 * Refuses a submission whose contact address already has the most listings waiting for
 * confirmation: one person's mailbox cannot be sent more confirmation e-mails than that by others.
 */
export async function ensureRoomForUnconfirmedListing(context: DomainContext, email: string): Promise<void> {
  const waiting = await context.vehicles.countAwaitingConfirmation(email, context.now());
  if (waiting >= MAX_UNCONFIRMED_LISTINGS_PER_EMAIL) {
    throw tooManyRequests(
      `This e-mail address already has ${MAX_UNCONFIRMED_LISTINGS_PER_EMAIL} listings waiting for confirmation. Confirm them with the links we e-mailed, or submit again once they expire.`,
      LISTING_CONFIRMATION_HOURS * 3600,
    );
  }
}

/**
 * The seller followed the link of the confirmation e-mail: the listing reaches dealers now, and
 * those near the car hear of it (`vehicle.listed`); a minimum price's seven days start. A link
 * works once, until it expires.
 */
export async function confirmListing(context: DomainContext, token: string): Promise<ConfirmedListing> {
  const tokenHash = tokenHashOf(token);
  const vehicle = await context.vehicles.findAwaitingConfirmation(tokenHash, context.now());
  const notValid = () => notFound('This confirmation link is not valid any more: it was already used, or it expired.');
  if (!vehicle) throw notValid();
  const listed = createEvent('vehicle.listed', {
    vehicleId: vehicle.id,
    vehicle: vehicleSummaryOf(vehicle),
    mileage: vehicle.mileage,
    zipCode: vehicle.zipCode,
  });
  const reserveCheckDueAt = vehicle.reserve ? reserveCheckDueFrom(context.now()) : undefined;
  if (!(await context.vehicles.confirm(vehicle.id, tokenHash, [listed], reserveCheckDueAt))) throw notValid();
  return { vehicleId: vehicle.id, sellerEmail: vehicle.seller.email };
}

/**
 * Removes listings whose confirmation link expired unused, with their photos. Safe on many
 * instances at once: a listing is removed by whoever deletes it, and only its remover deletes the photos.
 */
export async function removeExpiredUnconfirmedListings(context: DomainContext, batchSize = 100): Promise<number> {
  const now = context.now();
  let removed = 0;
  for (;;) {
    const expired = await context.vehicles.findExpiredUnconfirmed(now, batchSize);
    for (const vehicle of expired) {
      if (!(await context.vehicles.removeExpiredUnconfirmed(vehicle.id, now))) continue;
      await context.photos.remove(vehicle.photos.flatMap((photo) => [photo.fileId, photo.thumbnailFileId]));
      removed++;
    }
    if (expired.length < batchSize) return removed;
  }
}
