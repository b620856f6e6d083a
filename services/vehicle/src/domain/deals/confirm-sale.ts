import type { DealView } from '@cardirect/contracts';
import type { Caller } from '../caller';
import type { DomainContext } from '../context';
import { completionStep } from './complete-deal';
import { commitStep, dealForStep, dollars, timelineEntry } from './deal-step';

/** The seller confirms the sale at the agreed price, after the appointment or once the dealer recorded it. */
export async function confirmSale(context: DomainContext, dealId: string, caller: Caller): Promise<DealView> {
  const atHand = await dealForStep(context, dealId, caller, 'confirm-sale');
  const { agreedPrice } = atHand.deal;
  const step = await completionStep(context, atHand.deal, atHand.vehicle, agreedPrice, [
    timelineEntry(context, 'completed', `Confirmed the sale at the agreed ${dollars(agreedPrice)}`, 'seller'),
  ]);
  return commitStep(context, atHand, 'confirm-sale', step);
}
