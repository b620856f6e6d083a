import type { DomainContext } from '../context';
import type { Deal } from './deal';
import { scheduleClocks } from './deal-schedule';

/** Applies the car changes the deal's steps left to do (each idempotent), forgetting each once done. */
export async function applyCarUpdates(context: DomainContext, deal: Deal): Promise<void> {
  for (const update of deal.carUpdates) {
    switch (update.kind) {
      case 'street-address':
        await context.vehicles.updateFollowUp(deal.vehicleId, { streetAddress: update.streetAddress });
        break;
      case 'sold':
        await context.vehicles.markSold(deal.vehicleId, deal.offerId);
        break;
      case 'listed-again':
        await context.vehicles.releaseClaim(deal.vehicleId, deal.offerId, update.statusBefore);
        break;
    }
    await context.deals.clearCarUpdate(deal.id, update.id);
  }
}

/**
 * What follows a step once it is written: the car changes it left, and the clocks of the deal's
 * new version. Should the process die before this, the resume pass does both (resume-deals.ts).
 */
export async function settleDeal(context: DomainContext, deal: Deal): Promise<void> {
  await applyCarUpdates(context, deal);
  await scheduleClocks(context, deal);
}
