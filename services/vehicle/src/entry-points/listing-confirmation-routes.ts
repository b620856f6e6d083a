import type { Router } from 'express';
import { listingConfirmationSchema, type ListingConfirmation } from '@cardirect/contracts';
import { requireRole, validateBody } from '@cardirect/service-kit';
import type { DomainContext } from '../domain/context';
import { confirmListing } from '../domain/listing-confirmation';

/**
 * The seller's confirmation link, as the auth service passes it on (it then logs the seller in):
 * a call of fellow services only, which the gateway never routes.
 */
export function listingConfirmationRoutes(router: Router, context: DomainContext): void {
  router.post('/internal/listing-confirmations', requireRole('service'), validateBody(listingConfirmationSchema), async (req, res) => {
    res.json(await confirmListing(context, (req.body as ListingConfirmation).token));
  });
}
