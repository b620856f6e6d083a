import type { ContactAccessEntry } from '@cardirect/contracts';
import { notFound } from '@cardirect/service-kit';
import type { VehicleDocument } from '../data-access/vehicle-model';
import type { Caller } from './caller';
import type { DomainContext } from './context';

/** Called whenever an answer carries the seller's contact details: who saw which cars, and when. */
export async function recordContactAccess(context: DomainContext, vehicles: Pick<VehicleDocument, '_id'>[], caller: Caller): Promise<void> {
  const at = context.now();
  await context.contactAccess.record(
    vehicles.map((vehicle) => ({
      vehicleId: vehicle._id,
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
  const entries = await context.contactAccess.listForVehicle(vehicle._id);
  return entries.map((entry) => ({
    viewerId: entry.viewerId,
    viewerRole: entry.viewerRole,
    ...(entry.viewerEmail ? { viewerEmail: entry.viewerEmail } : {}),
    at: entry.at.toISOString(),
  }));
}
