import type { DealView, ProposeSlotsInput } from '@cardirect/contracts';
import { postDealStep, useDealStep } from '@cardirect/vehicle-views';

/** POST /api/deals/{dealId}/slots: 1 to 3 appointment times and the place; also the dealer's one reschedule. */
export function proposeSlots(dealId: string, input: ProposeSlotsInput): Promise<DealView> {
  return postDealStep(dealId, 'slots', input);
}

export function useProposeSlots(vehicleId: string) {
  return useDealStep(vehicleId, ({ dealId, input }: { dealId: string; input: ProposeSlotsInput }) => proposeSlots(dealId, input));
}
