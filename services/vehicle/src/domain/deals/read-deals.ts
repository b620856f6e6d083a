import type { DealerOfferSummary, DealerOffersAnswer, DealView } from '@cardirect/contracts';
import { notFound } from '@cardirect/service-kit';
import type { Caller, DealerCaller } from '../caller';
import { recordContactAccess } from '../contact-access';
import type { DomainContext } from '../context';
import { currentStateOf } from '../offers/my-latest-offers';
import type { PhotoToServe } from '../read-photo';
import { trackRecordOfDealer } from '../track-record/read-track-records';
import type { Offer } from '../types';
import { carriesSellerAddressToDealer, toDealView } from './deal-view';
import { findDealFor, partyOf, viewDealFor } from './deal-step';

/** The offers a dealer's "My offers and deals" lists: the newest this many (a dealer makes a few a day). */
export const MY_OFFERS_LIMIT = 200;

/**
 * The car's latest deal (open, or the last completed or cancelled) for the car's seller, that
 * deal's dealer (a cancelled deal's dealer too, without the seller's address) or an admin; to
 * anyone else there is none.
 */
export async function getVehicleDeal(context: DomainContext, vehicleId: string, caller: Caller): Promise<DealView> {
  const vehicle = await context.vehicles.findById(vehicleId);
  const deal = vehicle && (await context.deals.latestForVehicle(vehicle.id));
  const party = deal && vehicle && partyOf(caller, deal, vehicle);
  if (!deal || !party) throw notFound('No deal on this vehicle');
  return viewDealFor(context, deal, party, caller);
}

function summaryOf(context: DomainContext, offer: Offer, deal: DealView | undefined): DealerOfferSummary {
  const { vehicle } = offer;
  // An offer keeps the car's make and model as the forms store them ('honda'); the list shows the catalogue's names.
  const names = vehicle.makeName && vehicle.modelName ? { makeName: vehicle.makeName, modelName: vehicle.modelName } : context.catalogueNames(vehicle.make, vehicle.model);
  return {
    id: offer.id,
    vehicleId: offer.vehicleId,
    vehicle: {
      year: vehicle.year,
      make: vehicle.make,
      model: vehicle.model,
      ...names,
      ...(vehicle.trim ? { trim: vehicle.trim } : {}),
    },
    amount: offer.amount,
    status: offer.status,
    ...(offer.declineReason ? { declineReason: offer.declineReason } : {}),
    createdAt: offer.createdAt.toISOString(),
    expiresAt: offer.expiresAt.toISOString(),
    ...(deal ? { deal } : {}),
  };
}

/**
 * A dealer's "My offers and deals": every offer it made (the newest MY_OFFERS_LIMIT), newest first,
 * each accepted one with its deal, and its own track record with the figures sellers see.
 */
export async function listMyOffers(context: DomainContext, dealer: DealerCaller): Promise<DealerOffersAnswer> {
  const offers = await Promise.all((await context.offers.listOfDealer(dealer.userId, MY_OFFERS_LIMIT)).map((offer) => currentStateOf(context, offer)));
  const deals = await context.deals.findByOfferIds(offers.filter((offer) => offer.status === 'accepted').map((offer) => offer.id));
  const withAddress = [...deals.values()].filter((deal) => carriesSellerAddressToDealer(deal, 'dealer'));
  if (withAddress.length > 0) await recordContactAccess(context, withAddress.map((deal) => ({ id: deal.vehicleId })), dealer);
  // The name its newest offer carries, as sellers read it beside that offer.
  const record = await trackRecordOfDealer(context, dealer.userId, offers[0]?.dealershipName ?? dealer.email);
  return {
    record,
    offers: offers.map((offer) => {
      const deal = deals.get(offer.id);
      return summaryOf(context, offer, deal && toDealView(deal, 'dealer'));
    }),
  };
}

/** A photo of the faults of a deal's price change, for the car's seller, the deal's dealer and admins only. */
export async function readDealPhoto(context: DomainContext, dealId: string, photoId: string, caller: Caller): Promise<PhotoToServe> {
  const { deal } = await findDealFor(context, dealId, caller);
  const photo = deal.priceChange?.photos.find((candidate) => candidate.id === photoId);
  if (!photo) throw notFound('Photo not found');
  return {
    etag: `"${photo.id}"`,
    async read() {
      const file = await context.photos.open(photo.id);
      if (!file) throw notFound('Photo not found');
      return file;
    },
  };
}
