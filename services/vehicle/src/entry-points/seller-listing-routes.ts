import type { Router } from 'express';
import { changeReservePriceSchema, withdrawListingSchema, type ChangeReservePriceInput, type WithdrawListingInput } from '@cardirect/contracts';
import { requireRole, validateBody } from '@cardirect/service-kit';
import type { DomainContext } from '../domain/context';
import { changeReservePrice } from '../domain/reserve-price';
import { previewAsDealersSeeIt } from '../domain/seller-vehicles';
import { withdrawListing } from '../domain/withdraw-listing';
import { callerOf, param } from './request-context';

/** What the seller does with their own listing beside its offers: withdraw it, lower its minimum price, and see it as dealers do. */
export function sellerListingRoutes(router: Router, context: DomainContext): void {
  router.post('/api/seller/vehicles/:id/withdraw', requireRole('seller'), validateBody(withdrawListingSchema), async (req, res) => {
    res.json(await withdrawListing(context, param(req, 'id'), req.body as WithdrawListingInput, callerOf(req)));
  });

  router.post('/api/seller/vehicles/:id/reserve-price', requireRole('seller'), validateBody(changeReservePriceSchema), async (req, res) => {
    res.json(await changeReservePrice(context, param(req, 'id'), req.body as ChangeReservePriceInput, callerOf(req)));
  });

  router.get('/api/seller/vehicles/:id/dealer-view', requireRole('seller'), async (req, res) => {
    res.json(await previewAsDealersSeeIt(context, param(req, 'id'), callerOf(req)));
  });
}
