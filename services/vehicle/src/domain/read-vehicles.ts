import type { AdminVehicleListQuery, VehicleCountQuery, VehicleListQuery, VehicleView } from '@cardirect/contracts';
import { badRequest, forbidden, notFound } from '@cardirect/service-kit';
import { isDealer, type Caller } from './caller';
import { recordContactAccess } from './contact-access';
import type { DomainContext } from './context';
import { dealerMaySee } from './dealer-visibility';
import { listedCarsFilter } from './listed-cars-filter';
import { decodeCursor, encodeCursor } from './cursor';
import type { AdminVehicleFilter, Page, Vehicle, VehicleListFilter } from './types';
import { audienceFor, shapeListedVehicle, shapeVehicle, showsContact } from './vehicle-view';

/** A page of a list as its callers see it, and the cursor of the next page (absent on the last). */
export interface VehicleViewPage {
  vehicles: VehicleView[];
  nextCursor?: string;
}

function nextCursorOf(page: Page<unknown>): string | undefined {
  return page.next && encodeCursor(page.next);
}

function distanceRefused(message: string) {
  return badRequest({ withinMiles: message }, message);
}

/** The dealer list's filter; a distance is refused to a caller without a dealership, or whose ZIP distances cannot be measured from. */
async function dealerListFilterOf(context: DomainContext, query: VehicleCountQuery, caller: Caller): Promise<VehicleListFilter> {
  if (query.withinMiles !== undefined && !isDealer(caller)) throw distanceRefused('Distance is measured from a dealership: only a dealer can narrow the list by it');
  const filter = await listedCarsFilter(context, { ...query, searchWords: searchWordsOf(query.q) }, caller.userId, caller.requestId);
  if (!filter) throw distanceRefused("Your dealership's ZIP code is not one distances can be measured from");
  return filter;
}

/**
 * The dealer dashboard's list: filtered, in the chosen order (newest listed by default), one page at
 * a time, never with contact details. The page is the same for every dealer (each dealer's own
 * records: GET /api/vehicles/mine), except that a distance is measured from the dealer's own ZIP.
 */
export async function listVehiclesForDealers(context: DomainContext, query: VehicleListQuery, caller: Caller): Promise<VehicleViewPage> {
  const after = query.cursor ? decodeCursor(query.cursor, query.sort) : undefined;
  const filter = await dealerListFilterOf(context, query, caller);
  const page = await context.vehicles.findPage(filter, query.sort, query.limit, after);
  const audience = isDealer(caller) ? 'dealer-list' : 'admin-list';
  return { vehicles: page.vehicles.map((vehicle) => shapeListedVehicle(vehicle, audience)), nextCursor: nextCursorOf(page) };
}

/** How many cars the dealer list holds with these filters (the dashboard's "N vehicles"). */
export async function countVehiclesForDealers(context: DomainContext, query: VehicleCountQuery, caller: Caller): Promise<number> {
  return context.vehicles.count(await dealerListFilterOf(context, query, caller));
}

/** The words of a search (the admin's and the dealers'), lower-case and each once: a car must match every one, in any order. */
export function searchWordsOf(text: string | undefined): string[] {
  return [...new Set((text ?? '').toLowerCase().split(/\s+/).filter(Boolean))];
}

/**
 * The admin's vehicles tab: every car with the seller's contact details (each serving is logged),
 * narrowed by a status and the words of a search. Without a limit, every match at once as the
 * spec's call has it; with one, a page and its cursor.
 */
export async function listAllVehicles(context: DomainContext, query: AdminVehicleListQuery, caller: Caller): Promise<VehicleViewPage> {
  const filter: AdminVehicleFilter = { status: query.status, searchWords: searchWordsOf(query.q) };
  let vehicles: Vehicle[];
  let nextCursor: string | undefined;
  if (query.limit === undefined) {
    vehicles = await context.vehicles.findAll(filter);
  } else {
    const page = await context.vehicles.findAllPage(filter, query.limit, query.cursor ? decodeCursor(query.cursor, 'newest') : undefined);
    vehicles = page.vehicles;
    nextCursor = nextCursorOf(page);
  }
  await recordContactAccess(context, vehicles, caller);
  return { vehicles: vehicles.map((vehicle) => shapeVehicle(vehicle, { kind: 'admin' })), nextCursor };
}

/** Shapes one car for the caller, logging the serving when it carries contact details. */
export async function viewVehicleFor(context: DomainContext, vehicle: Vehicle, caller: Caller): Promise<VehicleView> {
  const record = isDealer(caller) ? await context.dealerRecords.find(caller.userId, vehicle.id) : undefined;
  const audience = audienceFor(caller, vehicle, record);
  if (!audience) throw forbidden('You do not have permission to see this vehicle');
  if (showsContact(audience)) await recordContactAccess(context, [vehicle], caller);
  return shapeVehicle(vehicle, audience);
}

/** A car for whoever may see it; to a dealer that may not (see dealerMaySee), it does not exist. */
export async function getVehicle(context: DomainContext, vehicleId: string, caller: Caller): Promise<VehicleView> {
  const vehicle = await context.vehicles.findById(vehicleId);
  if (!vehicle || (isDealer(caller) && !dealerMaySee(vehicle, caller.userId))) throw notFound('Vehicle not found');
  return viewVehicleFor(context, vehicle, caller);
}
