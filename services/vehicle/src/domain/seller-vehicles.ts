import type { AcceptedDealerContact, SellerVehicleView, VehicleView } from '@cardirect/contracts';
import { forbidden, notFound } from '@cardirect/service-kit';
import { isSellerOf, type Caller } from './caller';
import { recordContactAccess } from './contact-access';
import type { DomainContext } from './context';
import { expireDueOffers } from './offers/expire-offers';
import { isShownToSeller, toOfferView } from './offers/offer-view';
import { withMinimumMarks } from './reserve-price';
import { withDealerRecords } from './track-record/read-track-records';
import type { Offer, Vehicle } from './types';
import { listingStateOfVehicle, shapeVehicle } from './vehicle-view';

/** The dealer whose offer the seller accepted: the seller may reach them as they may reach the seller. */
function acceptedDealerOf(vehicle: Vehicle, offers: readonly Offer[]): AcceptedDealerContact | undefined {
  const accepted = vehicle.acceptedOffer;
  const offer = accepted && offers.find((candidate) => candidate.id === accepted.offerId);
  if (!accepted || !offer) return undefined;
  return { dealershipName: offer.dealershipName, email: offer.dealerEmail, ...(accepted.dealerPhone ? { phone: accepted.dealerPhone } : {}) };
}

/**
 * The seller's dashboard: their cars (by the e-mail their code login proved), each with its offers
 * (highest first, each with its dealer's track record, read for all the cars at once, and marked
 * when below the seller's minimum price; not those
 * CarDirect withdrew when it suspended their dealer), where the listing stands for them, the
 * accepted dealer's contact details, and which deal to show (GET /api/vehicles/{id}/deal).
 */
export async function listSellerVehicles(context: DomainContext, seller: Caller & { email: string }): Promise<SellerVehicleView[]> {
  const vehicles = await context.vehicles.findBySellerEmail(seller.email.toLowerCase());
  if (vehicles.length === 0) return [];
  const vehicleIds = vehicles.map((vehicle) => vehicle.id);
  await expireDueOffers(context, vehicleIds);
  const [offers, deals] = await Promise.all([context.offers.listForVehicles(vehicleIds), context.deals.latestForVehicles(vehicleIds)]);
  const offerViews = await withDealerRecords(context, offers.filter(isShownToSeller).map(toOfferView));
  await recordContactAccess(context, vehicles, seller);
  return vehicles.map((vehicle) => {
    const offersOnCar = offers.filter((offer) => offer.vehicleId === vehicle.id);
    const acceptedDealer = acceptedDealerOf(vehicle, offersOnCar);
    const deal = deals.get(vehicle.id);
    return {
      ...shapeVehicle(vehicle, { kind: 'owner' }),
      offers: withMinimumMarks(
        offerViews.filter((offer) => offer.vehicleId === vehicle.id),
        vehicle.reserve,
      ),
      listingState: listingStateOfVehicle(vehicle),
      ...(acceptedDealer ? { acceptedDealer } : {}),
      ...(deal ? { dealId: deal.id, dealState: deal.state } : {}),
    };
  });
}

/**
 * The seller's own car exactly as a dealer who has not had an offer accepted sees it (no contact
 * details, no description), so the seller can check what the listing tells strangers.
 */
export async function previewAsDealersSeeIt(context: DomainContext, vehicleId: string, caller: Caller): Promise<VehicleView> {
  const vehicle = await context.vehicles.findById(vehicleId);
  if (!vehicle) throw notFound('Vehicle not found');
  if (!isSellerOf(caller, vehicle.seller.email)) throw forbidden('Only the seller of this vehicle can preview it');
  return shapeVehicle(vehicle, { kind: 'dealer', offerAccepted: false });
}
