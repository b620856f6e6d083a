import type { VehicleView, WithdrawListingInput } from '@cardirect/contracts';
import { conflict, createEvent, forbidden, notFound } from '@cardirect/service-kit';
import { isSellerOf, type Caller } from './caller';
import type { DomainContext } from './context';
import type { Vehicle } from './types';
import { shapeVehicle } from './vehicle-view';

const afterAcceptance =
  'You accepted an offer on this car, so the listing can no longer be withdrawn. Cancel the sale on your dashboard instead.';

const beforeConfirmation =
  'This listing is not confirmed yet, so dealers do not see it; it is removed by itself if you do not confirm it.';

function refusalOf(vehicle: Pick<Vehicle, 'acceptedOffer' | 'withdrawal' | 'pendingConfirmation'>): string | undefined {
  if (vehicle.withdrawal) return 'This listing is already withdrawn';
  if (vehicle.acceptedOffer) return afterAcceptance;
  // A confirmation after a withdrawal would announce a withdrawn car to dealers: only a confirmed listing is withdrawn.
  if (vehicle.pendingConfirmation) return beforeConfirmation;
  return undefined;
}

/** Every offer still pending on the car is declined as "withdrawn", each with its own event: its dealer is told by e-mail. */
async function declinePendingOffers(context: DomainContext, vehicle: Vehicle): Promise<void> {
  const pending = await context.offers.listForVehicle(vehicle.id);
  for (const offer of pending.filter((candidate) => candidate.status === 'pending')) {
    const event = createEvent('offer.declined', {
      offerId: offer.id,
      vehicleId: offer.vehicleId,
      vehicle: offer.vehicle,
      dealershipName: offer.dealershipName,
      dealerEmail: offer.dealerEmail,
      amount: offer.amount,
      reason: 'withdrawn',
    });
    // Undefined when it expired or was decided meanwhile: nothing left to decline.
    await context.offers.decide(offer.id, 'declined', event, { declineReason: 'withdrawn' });
  }
}

/**
 * The seller takes their listing off the market, saying why: dealers no longer see it, and every
 * pending offer on it is declined. Not once an offer is accepted: a sale is under way with a
 * dealer who has the seller's contact details, and is called off by cancelling its deal. Nor
 * before the listing is confirmed: it is not on the market yet, and goes by itself unconfirmed.
 */
export async function withdrawListing(context: DomainContext, vehicleId: string, input: WithdrawListingInput, caller: Caller): Promise<VehicleView> {
  const vehicle = await context.vehicles.findById(vehicleId);
  if (!vehicle) throw notFound('Vehicle not found');
  if (!isSellerOf(caller, vehicle.seller.email)) throw forbidden('Only the seller of this vehicle can withdraw it');
  const refusal = refusalOf(vehicle);
  if (refusal) throw conflict(refusal);

  const withdrawal = { reason: input.reason, ...(input.note ? { note: input.note } : {}), at: context.now() };
  if (!(await context.vehicles.withdraw(vehicle.id, withdrawal))) {
    // An acceptance (or another withdrawal) came first: say which.
    const current = await context.vehicles.findById(vehicleId);
    throw conflict((current && refusalOf(current)) ?? afterAcceptance);
  }
  await declinePendingOffers(context, vehicle);
  return shapeVehicle({ ...vehicle, withdrawal }, { kind: 'owner' });
}
