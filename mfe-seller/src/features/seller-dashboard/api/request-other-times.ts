import type { DealView, RequestOtherTimesInput } from '@cardirect/contracts';
import { postDealStep, useDealStep } from '@cardirect/vehicle-views';

/** POST /api/deals/{id}/other-times: none of the proposed times suits the seller (or they reschedule their booking, once). */
export function requestOtherTimes(dealId: string, input: RequestOtherTimesInput): Promise<DealView> {
  return postDealStep(dealId, 'other-times', input);
}

export function useRequestOtherTimes(vehicleId: string) {
  return useDealStep(vehicleId, ({ dealId, input }: { dealId: string; input: RequestOtherTimesInput }) => requestOtherTimes(dealId, input));
}
