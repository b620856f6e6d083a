import type { DealView, PriceChangeVerdictInput } from '@cardirect/contracts';
import { postDealStep, useDealStep } from '@cardirect/vehicle-views';

/** POST /api/deals/{dealId}/price-change/verdict (admin): whether the dealer's lower price was justified; the answer is the deal with the verdict. */
export function judgePriceChange(dealId: string, input: PriceChangeVerdictInput): Promise<DealView> {
  return postDealStep(dealId, 'price-change/verdict', input);
}

/**
 * Judges the car's deal's price change. An unjustified one changes the dealer's record, which the
 * car's offers carry: they are under the car's key, which every step of the deal asks again.
 */
export function useJudgePriceChange(vehicleId: string) {
  return useDealStep(vehicleId, ({ dealId, input }: { dealId: string; input: PriceChangeVerdictInput }) => judgePriceChange(dealId, input));
}
