import type { Request, Router } from 'express';
import { dealerSuspensionSchema, type DealerSuspensionInput } from '@cardirect/contracts';
import { getIdentity, requireRole, unauthorized, validateBody } from '@cardirect/service-kit';
import type { AdminActor } from '../domain/admin-actions';
import type { DealerDependencies } from '../domain/dealer-dependencies';
import { approveDealer, listDealersForReview, rejectDealer } from '../domain/dealer-review';
import { reinstateDealer, suspendDealer } from '../domain/dealer-suspension';

/** The admin behind the request, whom the admin log names. */
function adminOf(req: Request): AdminActor {
  const { userId, email } = getIdentity(req);
  // The gateway signs both from the admin's session; an identity without them is not an admin's.
  if (!userId || !email) throw unauthorized();
  return { id: userId, email };
}

/** The admin's dealer review calls of spec section 7 (`/api/dealers`), and suspension (issue 34); admins only. */
export function mountDealerRoutes(router: Router, deps: DealerDependencies): void {
  const adminOnly = requireRole('admin');

  router.get('/api/dealers', adminOnly, async (_req, res) => {
    res.json(await listDealersForReview(deps));
  });

  router.patch('/api/dealers/:id/approve', adminOnly, async (req, res) => {
    res.json(await approveDealer(String(req.params.id), adminOf(req), deps));
  });

  router.delete('/api/dealers/:id', adminOnly, async (req, res) => {
    await rejectDealer(String(req.params.id), deps, getIdentity(req).requestId);
    res.json({ message: 'Dealer rejected' });
  });

  router.post('/api/dealers/:id/suspend', adminOnly, validateBody(dealerSuspensionSchema), async (req, res) => {
    res.json(await suspendDealer(String(req.params.id), req.body as DealerSuspensionInput, adminOf(req), deps, getIdentity(req).requestId));
  });

  router.post('/api/dealers/:id/reinstate', adminOnly, validateBody(dealerSuspensionSchema), async (req, res) => {
    res.json(await reinstateDealer(String(req.params.id), req.body as DealerSuspensionInput, adminOf(req), deps));
  });
}
