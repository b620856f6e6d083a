import type { DealView } from '@cardirect/contracts';
import { postDealStep, useDealStep } from '@cardirect/vehicle-views';

export type PriceChangeDecision = 'accept' | 'refuse';

/** POST /api/deals/{id}/price-change/accept or /refuse: accepting completes the sale at the lower price, refusing cancels the deal as a price dispute. */
export function decidePriceChange(dealId: string, decision: PriceChangeDecision): Promise<DealView> {
  return postDealStep(dealId, `price-change/${decision}`);
}

export function useDecidePriceChange(vehicleId: string) {
  return useDealStep(vehicleId, ({ dealId, decision }: { dealId: string; decision: PriceChangeDecision }) => decidePriceChange(dealId, decision));
}
