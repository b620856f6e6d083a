import type { Router } from 'express';
import { requireRole } from '@cardirect/service-kit';
import type { DomainContext } from '../domain/context';
import { withdrawSuspendedDealerOffers } from '../domain/offers/withdraw-suspended-dealer-offers';
import { param } from './request-context';

/**
 * What a dealer's suspension changes here, as the dealer service asks when an admin suspends one
 * (by the dealer's account id, which its offers carry): a call of fellow services only, which the
 * gateway never routes.
 */
export function dealerSuspensionRoutes(router: Router, context: DomainContext): void {
  router.post('/internal/dealers/:userId/offers/withdraw', requireRole('service'), async (req, res) => {
    res.json(await withdrawSuspendedDealerOffers(context, param(req, 'userId')));
  });
}
