import type { ContactAccessEntry } from '@cardirect/contracts';
import { notFound } from '@cardirect/service-kit';
import type { Caller } from './caller';
import type { DomainContext } from './context';
import type { Vehicle } from './types';

/** Called whenever an answer carries the seller's contact details: who saw which cars, and when. */
export async function recordContactAccess(context: DomainContext, vehicles: readonly Pick<Vehicle, 'id'>[], caller: Caller): Promise<void> {
  const at = context.now();
  await context.contactAccess.record(
    vehicles.map((vehicle) => ({
      vehicleId: vehicle.id,
      viewerId: caller.userId ?? caller.email ?? caller.role,
      viewerRole: caller.role,
      viewerEmail: caller.email,
      at,
    })),
  );
}

/** The access log of one car, newest first (admin). */
export async function listContactAccess(context: DomainContext, vehicleId: string): Promise<ContactAccessEntry[]> {
  const vehicle = await context.vehicles.findById(vehicleId);
  if (!vehicle) throw notFound('Vehicle not found');
  const entries = await context.contactAccess.listForVehicle(vehicle.id);
  return entries.map((entry) => ({
    viewerId: entry.viewerId,
    viewerRole: entry.viewerRole,
    ...(entry.viewerEmail ? { viewerEmail: entry.viewerEmail } : {}),
    at: entry.at.toISOString(),
  }));
}
