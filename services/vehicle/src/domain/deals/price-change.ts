import type { DealView } from '@cardirect/contracts';
import { conflict } from '@cardirect/service-kit';
import type { Caller } from '../caller';
import type { DomainContext } from '../context';
import { cancellationStep } from './cancel-deal';
import { completionStep } from './complete-deal';
import { commitStep, dealForStep, dollars, timelineEntry, type DealAtHand } from './deal-step';

function priceChangeOf(atHand: DealAtHand) {
  const { priceChange } = atHand.deal;
  // Set with the state that lets these steps start: a deal without one cannot be here.
  if (!priceChange) throw conflict('There is no price change to decide');
  return priceChange;
}

/** The seller says yes to the lower price: the sale completes at it. */
export async function acceptPriceChange(context: DomainContext, dealId: string, caller: Caller): Promise<DealView> {
  const atHand = await dealForStep(context, dealId, caller, 'accept-price-change');
  const { price } = priceChangeOf(atHand);
  const step = await completionStep(context, atHand.deal, atHand.vehicle, price, [
    timelineEntry(context, 'price-change-accepted', `Accepted the lower price of ${dollars(price)}`, 'seller'),
    timelineEntry(context, 'completed', `The sale completed at ${dollars(price)}`),
  ]);
  return commitStep(context, atHand, 'accept-price-change', step);
}

/** The seller says no: the deal is cancelled as a price dispute, and the car is listed again. */
export async function refusePriceChange(context: DomainContext, dealId: string, caller: Caller): Promise<DealView> {
  const atHand = await dealForStep(context, dealId, caller, 'refuse-price-change');
  const { price } = priceChangeOf(atHand);
  const step = await cancellationStep(
    context,
    atHand,
    { by: 'seller', reason: 'price-dispute', at: context.now(), dealerLapse: false },
    `Refused the lower price of ${dollars(price)}: the deal is cancelled`,
  );
  return commitStep(context, atHand, 'refuse-price-change', step);
}
