import type { SellerVehicleView } from '@cardirect/contracts';
import type { Caller } from './caller';
import { recordContactAccess } from './contact-access';
import type { DomainContext } from './context';
import { expireDueOffers } from './offers/expire-offers';
import { toOfferView } from './offers/offer-view';
import { shapeVehicle } from './vehicle-view';

/** The seller's dashboard: their cars (by the e-mail their code login proved), each with its offers, highest first. */
export async function listSellerVehicles(context: DomainContext, seller: Caller & { email: string }): Promise<SellerVehicleView[]> {
  const vehicles = await context.vehicles.findBySellerEmail(seller.email.toLowerCase());
  if (vehicles.length === 0) return [];
  const vehicleIds = vehicles.map((vehicle) => vehicle._id);
  await expireDueOffers(context, vehicleIds);
  const offers = await context.offers.listForVehicles(vehicleIds);
  await recordContactAccess(context, vehicles, seller);
  return vehicles.map((vehicle) => ({
    ...shapeVehicle(vehicle, { kind: 'owner' }),
    offers: offers.filter((offer) => offer.vehicleId.equals(vehicle._id)).map(toOfferView),
  }));
}
