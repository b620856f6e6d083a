import { wholeNumberText, type DealAction, type DealParty, type DealTimelineKind, type DealView } from '@cardirect/contracts';
import { conflict, notFound } from '@cardirect/service-kit';
import type { DealStep, DealStepCondition } from '../../data-access/deal-repository';
import { isAdmin, isDealer, isSellerOf, type Caller } from '../caller';
import { recordContactAccess } from '../contact-access';
import type { DomainContext } from '../context';
import type { Vehicle } from '../types';
import type { Deal, DealTimelineItem } from './deal';
import { refusalOf } from './deal-machine';
import { settleDeal } from './deal-settle';
import { carriesSellerAddressToDealer, toDealView } from './deal-view';

/** A deal with its car and the part the caller has in it. */
export interface DealAtHand {
  deal: Deal;
  vehicle: Vehicle;
  party: DealParty;
  caller: Caller;
}

/** The caller's part in the deal: the car's seller, the deal's dealer, an admin, or none. */
export function partyOf(caller: Caller, deal: Pick<Deal, 'dealerId'>, vehicle: Pick<Vehicle, 'seller'>): DealParty | undefined {
  if (isAdmin(caller)) return 'admin';
  if (isDealer(caller)) return caller.userId === deal.dealerId ? 'dealer' : undefined;
  return isSellerOf(caller, vehicle.seller.email) ? 'seller' : undefined;
}

/** The deal for one of its parties; to anyone else it does not exist (404), as sealed offers do not. */
export async function findDealFor(context: DomainContext, dealId: string, caller: Caller): Promise<DealAtHand> {
  const deal = await context.deals.findById(dealId);
  const vehicle = deal && (await context.vehicles.findById(deal.vehicleId));
  const party = deal && vehicle && partyOf(caller, deal, vehicle);
  if (!deal || !vehicle || !party) throw notFound('Deal not found');
  return { deal, vehicle, party, caller };
}

/** The deal, once the state machine lets this party take this step now (else 403 or 409, saying why). */
export async function dealForStep(context: DomainContext, dealId: string, caller: Caller, action: DealAction): Promise<DealAtHand> {
  const atHand = await findDealFor(context, dealId, caller);
  const refusal = refusalOf(action, atHand.deal, atHand.party);
  if (refusal) throw refusal;
  return atHand;
}

export function timelineEntry(context: DomainContext, kind: DealTimelineKind, text: string, by?: DealParty): DealTimelineItem {
  return { at: context.now(), kind, ...(by ? { by } : {}), text };
}

export function dollars(amount: number): string {
  return `$${wholeNumberText(amount)}`;
}

/** The deal as this party sees it; a dealer served the seller's street address is logged like any serving of contact details. */
export async function viewDealFor(context: DomainContext, deal: Deal, party: DealParty, caller: Caller): Promise<DealView> {
  if (carriesSellerAddressToDealer(deal, party)) await recordContactAccess(context, [{ id: deal.vehicleId }], caller);
  return toDealView(deal, party);
}

/**
 * Writes the step only if the deal is still the version it was read at (and, for a cancel, as
 * overdue as it was read): of two steps at once exactly one wins, the other is refused with the
 * reason the deal now gives (e.g. "These times were already booked"). Then settles the deal
 * (car changes, clocks) and answers it as the caller sees it.
 */
export async function commitStep(
  context: DomainContext,
  atHand: DealAtHand,
  action: DealAction,
  step: DealStep,
  condition: Omit<DealStepCondition, 'version'> = {},
): Promise<DealView> {
  const updated = await context.deals.applyStep(atHand.deal, condition, step, context.now());
  if (!updated) {
    const current = await context.deals.findById(atHand.deal.id);
    throw (current && refusalOf(action, current, atHand.party)) ?? conflict('This deal changed at the same time; reload it and try again');
  }
  await settleDeal(context, updated);
  return viewDealFor(context, updated, atHand.party, atHand.caller);
}
