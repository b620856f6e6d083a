import type { BookSlotInput, DealView } from '@cardirect/contracts';
import { postDealStep, useDealStep } from '@cardirect/vehicle-views';

/** POST /api/deals/{id}/booking: the seller books one of the proposed times (with their street address when the dealer comes to them). */
export function bookSlot(dealId: string, input: BookSlotInput): Promise<DealView> {
  return postDealStep(dealId, 'booking', input);
}

export function useBookSlot(vehicleId: string) {
  return useDealStep(vehicleId, ({ dealId, input }: { dealId: string; input: BookSlotInput }) => bookSlot(dealId, input));
}
