import type { Router } from 'express';
import { makeOfferSchema, type MakeOfferInput } from '@cardirect/contracts';
import { forbidden, requireRole, validateBody } from '@cardirect/service-kit';
import { isDealer } from '../domain/caller';
import type { DomainContext } from '../domain/context';
import { acceptOffer, declineOffer } from '../domain/offers/decide-offer';
import { listOffers } from '../domain/offers/list-offers';
import { makeOffer } from '../domain/offers/make-offer';
import { withdrawOffer } from '../domain/offers/withdraw-offer';
import { listSellerVehicles } from '../domain/seller-vehicles';
import { callerOf, param } from './request-context';

/** Dealers' sealed offers and the seller's decisions on them (ARCHITECTURE.md section 3a). */
export function offerRoutes(router: Router, context: DomainContext): void {
  router.post('/api/vehicles/:id/offers', requireRole('dealer'), validateBody(makeOfferSchema), async (req, res) => {
    const dealer = callerOf(req);
    if (!isDealer(dealer)) throw forbidden('Only an approved dealer can make an offer');
    const made = await makeOffer(context, param(req, 'id'), req.body as MakeOfferInput, dealer);
    res.status(made.created ? 201 : 200).json(made.offer);
  });

  router.post('/api/offers/:id/withdraw', requireRole('dealer'), async (req, res) => {
    const dealer = callerOf(req);
    if (!isDealer(dealer)) throw forbidden('Only an approved dealer can withdraw an offer');
    res.json(await withdrawOffer(context, param(req, 'id'), dealer));
  });

  router.get('/api/vehicles/:id/offers', requireRole('admin', 'dealer', 'seller'), async (req, res) => {
    res.json(await listOffers(context, param(req, 'id'), callerOf(req)));
  });

  router.post('/api/offers/:id/accept', requireRole('seller'), async (req, res) => {
    res.json(await acceptOffer(context, param(req, 'id'), callerOf(req)));
  });

  router.post('/api/offers/:id/decline', requireRole('seller'), async (req, res) => {
    res.json(await declineOffer(context, param(req, 'id'), callerOf(req)));
  });

  router.get('/api/seller/vehicles', requireRole('seller'), async (req, res) => {
    const seller = callerOf(req);
    res.json(seller.email ? await listSellerVehicles(context, { ...seller, email: seller.email }) : []);
  });
}
