import type { DealView } from '@cardirect/contracts';
import { postDealStep, useDealStep } from '@cardirect/vehicle-views';

/** POST /api/deals/{id}/confirm: the seller confirms the sale the dealer recorded at the agreed price. */
export function confirmSale(dealId: string): Promise<DealView> {
  return postDealStep(dealId, 'confirm');
}

export function useConfirmSale(vehicleId: string) {
  return useDealStep(vehicleId, (dealId: string) => confirmSale(dealId));
}
