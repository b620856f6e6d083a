import { randomUUID } from 'node:crypto';
import { createEvent } from '@cardirect/service-kit';
import type { DealStep } from '../../data-access/deal-repository';
import type { DomainContext } from '../context';
import type { Vehicle } from '../types';
import { vehicleSummaryOf } from '../vehicle-summary';
import { watchersToTell } from '../watchlist';
import type { Deal, DealTimelineItem } from './deal';
import { dealEventBase, sellerAddressOf } from './deal-events';

/**
 * The step that completes a sale at its final price, however it comes (the seller's confirmation,
 * the seller's yes to a lower price, or the completion clock): the car becomes `completed` and
 * both sides get the bill of sale (`deal.completed`), and the dealers watching the car but the buyer
 * hear it is sold (`vehicle.sold`). `timeline` says how it came.
 */
export async function completionStep(context: DomainContext, deal: Deal, vehicle: Vehicle, finalPrice: number, timeline: DealTimelineItem[]): Promise<DealStep> {
  const completedAt = context.now();
  const dealerAddress = await context.dealerDirectory.addressOf(deal.dealerId);
  const sellerAddress = sellerAddressOf(vehicle);
  const event = createEvent('deal.completed', {
    ...dealEventBase(deal, vehicle),
    finalPrice,
    completedAt: completedAt.toISOString(),
    ...(vehicle.vin ? { vin: vehicle.vin } : {}),
    mileage: vehicle.mileage,
    ...(sellerAddress ? { sellerAddress } : {}),
    ...(dealerAddress ? { dealerAddress } : {}),
  });
  const watchers = await watchersToTell(context, deal.vehicleId, deal.dealerId);
  const sold = watchers.length > 0 ? [createEvent('vehicle.sold', { vehicleId: vehicle.id, vehicle: vehicleSummaryOf(vehicle), dealers: watchers })] : [];
  return {
    set: { state: 'completed', completedAt, finalPrice },
    unset: ['completionDueAt', 'appointmentReminderAt'],
    timeline,
    events: [event, ...sold],
    carUpdate: { id: randomUUID(), kind: 'sold' },
    movesVersion: true,
  };
}
