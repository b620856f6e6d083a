import type { VehicleListQuery, VehicleStatus, VehicleView } from '@cardirect/contracts';
import { forbidden, notFound } from '@cardirect/service-kit';
import type { VehicleDocument } from '../data-access/vehicle-model';
import { isDealer, type Caller } from './caller';
import { recordContactAccess } from './contact-access';
import type { DomainContext } from './context';
import { decodeCursor, encodeCursor } from './cursor';
import { audienceFor, serializeListPage, shapeVehicle, showsContact } from './vehicle-view';

/** The statuses under which a car is on offer to dealers; an admin takes rejected and completed cars off the list. */
export const LISTED_STATUSES: readonly VehicleStatus[] = ['new', 'contacted', 'pending', 'approved'];

export interface VehiclePage {
  /** The page as the JSON array the route answers (see serializeListPage). */
  json: string;
  nextCursor?: string;
}

/** The dealer dashboard's list: newest first, filtered, one page at a time, never with contact details. */
export async function listVehiclesForDealers(context: DomainContext, query: VehicleListQuery, caller: Caller): Promise<VehiclePage> {
  const page = await context.vehicles.findPage(
    {
      statuses: LISTED_STATUSES,
      make: query.make?.toLowerCase(),
      modelKey: query.model?.toLowerCase(),
      year: query.year,
      zipPrefix: query.zipPrefix,
      searchText: query.q?.toLowerCase(),
    },
    query.limit,
    query.cursor ? decodeCursor(query.cursor) : undefined,
  );
  const last = page.vehicles.at(-1);
  const nextCursor = page.hasMore && last ? encodeCursor({ createdAt: last.createdAt, id: String(last._id) }) : undefined;
  if (!isDealer(caller)) return { json: serializeListPage(page.vehicles), nextCursor };

  const records = await context.dealerRecords.findForVehicles(
    caller.userId,
    page.vehicles.map((vehicle) => vehicle._id),
  );
  return { json: serializeListPage(page.vehicles, records), nextCursor };
}

/** The admin's vehicles tab: every car with the seller's contact details (each serving is logged). */
export async function listAllVehicles(context: DomainContext, caller: Caller): Promise<VehicleView[]> {
  const vehicles = await context.vehicles.findAll();
  await recordContactAccess(context, vehicles, caller);
  return vehicles.map((vehicle) => shapeVehicle(vehicle, { kind: 'admin' }));
}

/** Shapes one car for the caller, logging the serving when it carries contact details. */
export async function viewVehicleFor(context: DomainContext, vehicle: VehicleDocument, caller: Caller): Promise<VehicleView> {
  const record = isDealer(caller) ? await context.dealerRecords.find(caller.userId, vehicle._id) : undefined;
  const audience = audienceFor(caller, vehicle, record);
  if (!audience) throw forbidden('You do not have permission to see this vehicle');
  if (showsContact(audience)) await recordContactAccess(context, [vehicle], caller);
  return shapeVehicle(vehicle, audience);
}

export async function getVehicle(context: DomainContext, vehicleId: string, caller: Caller): Promise<VehicleView> {
  const vehicle = await context.vehicles.findById(vehicleId);
  if (!vehicle) throw notFound('Vehicle not found');
  return viewVehicleFor(context, vehicle, caller);
}
