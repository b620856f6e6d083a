import type { AdminCancelDealInput, CancelDealInput, DealView } from '@cardirect/contracts';
import { postDealStep, useDealStep } from './deal-step';

/** POST /api/deals/{dealId}/cancel: the seller or the dealer with a reason from the short list, an admin with its note. */
export function cancelDeal(dealId: string, input: CancelDealInput | AdminCancelDealInput): Promise<DealView> {
  return postDealStep(dealId, 'cancel', input);
}

/** Cancels the car's deal: the car goes back on the dealers' list, so the car and every list are asked again. */
export function useCancelDeal(vehicleId: string) {
  return useDealStep(vehicleId, ({ dealId, input }: { dealId: string; input: CancelDealInput | AdminCancelDealInput }) => cancelDeal(dealId, input));
}
