import type { OfferView } from '@cardirect/contracts';
import { forbidden, notFound } from '@cardirect/service-kit';
import { isAdmin, isDealer, isSellerOf, type Caller } from '../caller';
import type { DomainContext } from '../context';
import { withDealerRecords } from '../track-record/read-track-records';
import { expireDueOffers } from './expire-offers';
import { withMinimumMarks } from '../reserve-price';
import { isShownToSeller, toOfferView } from './offer-view';

/**
 * The offers on one car, highest first. Offers are sealed: a dealer sees only its own; the seller
 * of the car and admins see all, each with its dealer's track record and whether it is below the
 * seller's minimum price (but the seller not those
 * CarDirect withdrew when it suspended their dealer). Offers past their time are expired before
 * they are shown.
 */
export async function listOffers(context: DomainContext, vehicleId: string, caller: Caller): Promise<OfferView[]> {
  const vehicle = await context.vehicles.findById(vehicleId);
  if (!vehicle) throw notFound('Vehicle not found');
  const isSeller = isSellerOf(caller, vehicle.seller.email);
  const mayReadAll = isAdmin(caller) || isSeller;
  if (!mayReadAll && !isDealer(caller)) throw forbidden('You do not have permission to see the offers on this vehicle');

  await expireDueOffers(context, [vehicle.id]);
  const offers = await context.offers.listForVehicle(vehicle.id, mayReadAll ? undefined : caller.userId);
  const views = (isSeller ? offers.filter(isShownToSeller) : offers).map(toOfferView);
  // A dealer sees its own offers unmarked: it never learns how they compare with the minimum.
  return mayReadAll ? withDealerRecords(context, withMinimumMarks(views, vehicle.reserve)) : views;
}
