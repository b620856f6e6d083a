import type { Router } from 'express';
import { getIdentity, requireRole } from '@cardirect/service-kit';
import type { DealerDependencies } from '../domain/dealer-dependencies';
import { approveDealer, listDealersForReview, rejectDealer } from '../domain/dealer-review';

/** The admin's dealer review calls of spec section 7 (`/api/dealers`); admins only. */
export function mountDealerRoutes(router: Router, deps: DealerDependencies): void {
  router.get('/api/dealers', requireRole('admin'), async (_req, res) => {
    res.json(await listDealersForReview(deps));
  });

  router.patch('/api/dealers/:id/approve', requireRole('admin'), async (req, res) => {
    res.json(await approveDealer(String(req.params.id), deps));
  });

  router.delete('/api/dealers/:id', requireRole('admin'), async (req, res) => {
    await rejectDealer(String(req.params.id), deps, getIdentity(req).requestId);
    res.json({ message: 'Dealer rejected' });
  });
}
