import type { VehicleUpdate, VehicleView } from '@cardirect/contracts';
import { forbidden, notFound } from '@cardirect/service-kit';
import { isAdmin, isDealer, type Caller } from './caller';
import type { DomainContext } from './context';
import { viewVehicleFor } from './read-vehicles';

function definedOnly<T extends object>(changes: T): Partial<T> {
  return Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)) as Partial<T>;
}

/**
 * The Actions form: an admin changes the vehicle itself; a dealer's status, notes and flags go to
 * that dealer's own working record for the car. Answers the updated vehicle as the caller sees it.
 */
export async function updateVehicle(context: DomainContext, vehicleId: string, update: VehicleUpdate, caller: Caller): Promise<VehicleView> {
  const vehicle = await context.vehicles.findById(vehicleId);
  if (!vehicle) throw notFound('Vehicle not found');

  if (isAdmin(caller)) {
    const updated = await context.vehicles.updateFollowUp(vehicleId, definedOnly(update));
    if (!updated) throw notFound('Vehicle not found');
    return viewVehicleFor(context, updated, caller);
  }
  if (isDealer(caller)) {
    if (update.streetAddress !== undefined) throw forbidden('Only an admin can change the street address');
    const { notes, status, contacted, offerMade } = update;
    await context.dealerRecords.save(caller.userId, vehicle.id, definedOnly({ notes, status, contacted, offerMade }));
    return viewVehicleFor(context, vehicle, caller);
  }
  throw forbidden('Only an admin or a dealer can update a vehicle');
}
