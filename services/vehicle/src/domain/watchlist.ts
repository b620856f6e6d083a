import { MAX_WATCHED_VEHICLES, type WatchedVehicle, type WatchState, type WatchVehicleInput } from '@cardirect/contracts';
import { conflict, notFound } from '@cardirect/service-kit';
import type { DealerCaller } from './caller';
import type { DomainContext } from './context';
import { dealerMaySee } from './dealer-visibility';
import { shapeVehicle } from './vehicle-view';

/**
 * A dealer stars a car it may see, or takes the star off. The star keeps the dealer's e-mail and
 * dealership name as they are now, as an offer does, so the car's sale or relisting can tell the
 * dealer without asking another service. Starring again keeps the first time it was starred.
 */
export async function watchVehicle(context: DomainContext, vehicleId: string, input: WatchVehicleInput, dealer: DealerCaller): Promise<WatchState> {
  const vehicle = await context.vehicles.findById(vehicleId);
  if (!vehicle || !dealerMaySee(vehicle, dealer.userId)) throw notFound('Vehicle not found');
  const record = await context.dealerRecords.find(dealer.userId, vehicle.id);
  if (!input.watched) {
    if (record?.watch) await context.dealerRecords.setWatch(dealer.userId, vehicle.id, undefined);
    return { vehicleId: vehicle.id, watched: false };
  }
  if (record?.watch) return { vehicleId: vehicle.id, watched: true };
  if ((await context.dealerRecords.countWatchedBy(dealer.userId)) >= MAX_WATCHED_VEHICLES) {
    throw conflict(`You watch ${MAX_WATCHED_VEHICLES} cars, the most a watchlist holds: stop watching one first`);
  }
  const dealershipName = (await context.dealerDirectory.dealershipNameOf(dealer.userId, dealer.requestId)) ?? dealer.email;
  await context.dealerRecords.setWatch(dealer.userId, vehicle.id, { email: dealer.email, dealershipName, at: context.now() });
  return { vehicleId: vehicle.id, watched: true };
}

/**
 * The cars the dealer watches that it may still see, latest starred first, as its car page shows
 * them. A car sold to another dealer, withdrawn or taken off by an admin leaves the list (the
 * dealer was e-mailed of a sale); its star stays, so a car back on the market shows again.
 */
export async function listWatchedVehicles(context: DomainContext, dealer: DealerCaller): Promise<WatchedVehicle[]> {
  const records = await context.dealerRecords.watchedBy(dealer.userId, MAX_WATCHED_VEHICLES);
  const vehicles = await context.vehicles.findByIds(records.map((record) => record.vehicleId));
  return records.flatMap((record) => {
    const vehicle = vehicles.get(record.vehicleId);
    if (!vehicle || !dealerMaySee(vehicle, dealer.userId)) return [];
    // A card, never the seller's contact (even to the buyer): the car's page serves that, and logs who saw it.
    return [{ vehicle: shapeVehicle(vehicle, { kind: 'dealer', record, offerAccepted: false }), watchedAt: record.watch.at.toISOString() }];
  });
}

/**
 * The dealers watching the car, but one (the deal's own dealer) and any suspended, with where to
 * tell them. The sale or the cancellation this serves must not wait for the dealer service: a
 * watcher whose standing cannot be asked is told.
 */
export async function watchersToTell(context: DomainContext, vehicleId: string, exceptDealerId: string): Promise<Array<{ dealershipName: string; email: string }>> {
  const watchers = (await context.dealerRecords.watchersOf(vehicleId)).filter((watcher) => watcher.dealerId !== exceptDealerId);
  const inGoodStanding = await Promise.all(watchers.map((watcher) => context.dealerDirectory.isInGoodStanding(watcher.dealerId).catch(() => true)));
  return watchers.filter((_, index) => inGoodStanding[index]).map(({ dealershipName, email }) => ({ dealershipName, email }));
}
