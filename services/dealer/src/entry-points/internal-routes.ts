import type { Router } from 'express';
import { notFound, requireRole, validateBody, validateQuery } from '@cardirect/service-kit';
import { dealerProfileCreateSchema, nearbyDealersQuerySchema, type DealerProfileCreate, type NearbyDealersQuery } from '@cardirect/contracts';
import type { DealerDependencies } from '../domain/dealer-dependencies';
import { createDealerProfile, findDealerApproval, withdrawPendingProfile } from '../domain/dealer-profiles';
import { findApprovedDealersNear } from '../domain/nearby-dealers';

/** Calls of fellow services (role 'service' only); the gateway never routes /internal. */
export function mountInternalRoutes(router: Router, deps: DealerDependencies): void {
  const serviceOnly = requireRole('service');

  router.post('/internal/dealers', serviceOnly, validateBody(dealerProfileCreateSchema), async (req, res) => {
    res.status(201).json(await createDealerProfile(req.body as DealerProfileCreate, deps));
  });

  router.get('/internal/dealers/by-user/:userId', serviceOnly, async (req, res) => {
    const approval = await findDealerApproval(String(req.params.userId), deps);
    if (!approval) throw notFound('Dealer not found');
    res.json(approval);
  });

  router.delete('/internal/dealers/by-user/:userId', serviceOnly, async (req, res) => {
    await withdrawPendingProfile(String(req.params.userId), deps);
    res.status(204).end();
  });

  router.get('/internal/dealers/nearby', serviceOnly, validateQuery(nearbyDealersQuerySchema), async (req, res) => {
    res.json(await findApprovedDealersNear(req.query as unknown as NearbyDealersQuery, deps));
  });
}
