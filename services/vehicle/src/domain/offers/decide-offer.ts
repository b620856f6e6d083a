import type { OfferView } from '@cardirect/contracts';
import { conflict, createEvent, forbidden, notFound } from '@cardirect/service-kit';
import { isSellerOf, type Caller } from '../caller';
import type { DomainContext } from '../context';
import { openDeal } from '../deals/open-deal';
import type { Offer, Vehicle } from '../types';
import { expireOffer } from './expire-offers';
import { toOfferView } from './offer-view';

/** The offer and its car, once the caller is proven to be the car's seller and the offer still open. */
async function openOfferOfSeller(context: DomainContext, offerId: string, caller: Caller): Promise<{ offer: Offer; vehicle: Vehicle }> {
  const offer = await context.offers.findById(offerId);
  if (!offer) throw notFound('Offer not found');
  const vehicle = await context.vehicles.findById(offer.vehicleId);
  if (!vehicle) throw notFound('Offer not found');
  if (!isSellerOf(caller, vehicle.seller.email)) throw forbidden('Only the seller of this vehicle can accept or decline its offers');
  if (vehicle.withdrawal) throw conflict('You withdrew this listing, so its offers can no longer be accepted or declined');
  if (offer.status === 'pending' && offer.expiresAt <= context.now()) {
    await expireOffer(context, offer);
    throw conflict('This offer has expired');
  }
  if (offer.status !== 'pending') throw conflict(`This offer is already ${offer.status}`);
  return { offer, vehicle };
}

function decisionPayload(offer: Offer) {
  return {
    offerId: offer.id,
    vehicleId: offer.vehicleId,
    vehicle: offer.vehicle,
    dealershipName: offer.dealershipName,
    dealerEmail: offer.dealerEmail,
    amount: offer.amount,
  };
}

async function declineOthers(context: DomainContext, accepted: Offer): Promise<void> {
  const others = await context.offers.findOtherPending(accepted.vehicleId, accepted.id);
  for (const other of others) {
    const event = createEvent('offer.declined', { ...decisionPayload(other), reason: 'another-offer-accepted' });
    await context.offers.decide(other.id, 'declined', event, { declineReason: 'another-offer-accepted' });
  }
}

/**
 * The seller accepts an offer: the car becomes `pending`, the other pending offers are declined,
 * and from now on each side may reach the other: the accepted dealer sees the seller's contact
 * details, the seller sees the dealer's (`offer.accepted` carries them to both by e-mail). The
 * sale's deal opens (domain/deals): the dealer owes appointment times, on its clocks.
 */
export async function acceptOffer(context: DomainContext, offerId: string, caller: Caller): Promise<OfferView> {
  const { offer, vehicle } = await openOfferOfSeller(context, offerId, caller);
  const dealerPhone = await context.dealerDirectory.phoneNumberOf(offer.dealerId, caller.requestId);
  const now = context.now();
  // The car is claimed first: it is the lock that keeps two offers from both being accepted.
  const claimed = await context.vehicles.claimForAcceptedOffer(vehicle.id, {
    offerId: offer.id,
    dealerId: offer.dealerId,
    acceptedAt: now,
    ...(dealerPhone ? { dealerPhone } : {}),
    statusBefore: vehicle.status,
  });
  if (!claimed) throw conflict('Another offer on this vehicle has already been accepted');

  const { seller } = vehicle;
  const event = createEvent('offer.accepted', {
    ...decisionPayload(offer),
    ...(dealerPhone ? { dealerPhone } : {}),
    seller: {
      fullName: seller.fullName,
      email: seller.email,
      zipCode: vehicle.zipCode,
      ...(seller.phone ? { phone: seller.phone } : {}),
      ...(seller.city ? { city: seller.city } : {}),
      ...(seller.state ? { state: seller.state } : {}),
    },
  });
  const accepted = await context.offers.decide(offer.id, 'accepted', event, { unexpiredAt: now });
  if (!accepted) {
    await context.vehicles.releaseClaim(vehicle.id, offer.id, vehicle.status);
    throw conflict('This offer is no longer open');
  }
  await declineOthers(context, accepted);
  // Should the process die before this, the deals' resume pass opens it (resume-deals.ts).
  await openDeal(context, { offer: accepted, car: vehicle, acceptedAt: now, clockStartsAt: now, ...(dealerPhone ? { dealerPhone } : {}), vehicleStatusBefore: vehicle.status });
  return toOfferView(accepted);
}

export async function declineOffer(context: DomainContext, offerId: string, caller: Caller): Promise<OfferView> {
  const { offer } = await openOfferOfSeller(context, offerId, caller);
  const declined = await context.offers.decide(offer.id, 'declined', createEvent('offer.declined', decisionPayload(offer)));
  if (!declined) throw conflict('This offer is no longer open');
  return toOfferView(declined);
}
