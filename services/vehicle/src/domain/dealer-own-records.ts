import type { DealerOwnRecord } from '@cardirect/contracts';
import type { DealerCaller } from './caller';
import type { DomainContext } from './context';
import { listMyLatestOffers } from './offers/my-latest-offers';
import { dealerRecordFields } from './vehicle-view';

/**
 * A dealer's dashboard: that dealer's own side of each car on screen, which the list (the same for
 * every dealer) leaves out: its working record and its latest offer, in the order the cars were
 * asked for. Cars it has neither on, and unknown ids, are left out. Never another dealer's.
 */
export async function listDealerOwnRecords(context: DomainContext, vehicleIds: string[], dealer: DealerCaller): Promise<DealerOwnRecord[]> {
  const [records, offersByVehicle] = await Promise.all([context.dealerRecords.findForVehicles(dealer.userId, vehicleIds), listMyLatestOffers(context, vehicleIds, dealer)]);
  return vehicleIds.flatMap((vehicleId) => {
    const record = records.get(vehicleId);
    const offer = offersByVehicle.get(vehicleId);
    if (!record && !offer) return [];
    const own = dealerRecordFields(record);
    return [{ vehicleId, status: own.status, contacted: own.contacted, offerMade: own.offerMade, ...(own.notes ? { notes: own.notes } : {}), ...(record?.watch ? { watched: true } : {}), ...(offer ? { offer } : {}) }];
  });
}
