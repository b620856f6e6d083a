import { DEAL_PROPOSAL_HOURS, DEAL_PROPOSAL_REMINDER_HOURS, type VehicleStatus } from '@cardirect/contracts';
import type { DomainContext } from '../context';
import type { Offer } from '../types';
import type { Deal, DealCar } from './deal';
import { settleDeal } from './deal-settle';
import { dollars } from './deal-step';

const HOUR_MS = 60 * 60 * 1000;

export interface Acceptance {
  offer: Offer;
  /** The offer's car: the admin's search finds the deal by it and its seller. */
  car: DealCar;
  acceptedAt: Date;
  /** When the dealer's time to propose starts: the acceptance, or the resume pass for a car accepted before deals existed. */
  clockStartsAt: Date;
  dealerPhone?: string;
  vehicleStatusBefore: VehicleStatus;
}

/**
 * Opens the deal of an accepted offer: the dealer owes appointment times within
 * DEAL_PROPOSAL_HOURS, with a reminder half-way. Idempotent: a deal opened already (by the resume
 * pass, or an earlier try) is the one answered. Undefined only when the car has another open deal.
 */
export async function openDeal(context: DomainContext, acceptance: Acceptance): Promise<Deal | undefined> {
  const { offer, car, acceptedAt, clockStartsAt } = acceptance;
  const created = await context.deals.create(
    context.deals.newId(),
    {
      vehicleId: offer.vehicleId,
      offerId: offer.id,
      dealerId: offer.dealerId,
      dealerEmail: offer.dealerEmail,
      dealershipName: offer.dealershipName,
      ...(acceptance.dealerPhone ? { dealerPhone: acceptance.dealerPhone } : {}),
      agreedPrice: offer.amount,
      state: 'accepted',
      vehicleStatusBefore: acceptance.vehicleStatusBefore,
      acceptedAt,
      proposalDueAt: new Date(clockStartsAt.getTime() + DEAL_PROPOSAL_HOURS * HOUR_MS),
      proposalReminderAt: new Date(clockStartsAt.getTime() + DEAL_PROPOSAL_REMINDER_HOURS * HOUR_MS),
      timeline: [{ at: acceptedAt, kind: 'accepted', by: 'seller', text: `Accepted the offer of ${dollars(offer.amount)} from ${offer.dealershipName}` }],
    },
    car,
    // offer.accepted, written with the offer's decision, already tells both sides.
    [],
  );
  const deal = created ?? (await context.deals.findByOfferId(offer.id));
  if (deal) await settleDeal(context, deal);
  return deal;
}
