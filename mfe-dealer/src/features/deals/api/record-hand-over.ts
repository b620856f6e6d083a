import type { DealView, RecordHandOverInput } from '@cardirect/contracts';
import { postDealStep, useDealStep } from '@cardirect/vehicle-views';

/** POST /api/deals/{dealId}/hand-over: the sale at the agreed price, or a lower price with the faults' reason and photos. */
export function recordHandOver(dealId: string, input: RecordHandOverInput): Promise<DealView> {
  return postDealStep(dealId, 'hand-over', input);
}

export function useRecordHandOver(vehicleId: string) {
  return useDealStep(vehicleId, ({ dealId, input }: { dealId: string; input: RecordHandOverInput }) => recordHandOver(dealId, input));
}
