import type { Buffer } from 'node:buffer';
import type { AdminVehicleListQuery, VehicleListQuery, VehicleView } from '@cardirect/contracts';
import { forbidden, notFound } from '@cardirect/service-kit';
import type { VehicleDocument } from '../data-access/vehicle-model';
import type { AdminVehicleFilter, VehiclePageResult } from '../data-access/vehicle-repository';
import { isDealer, type Caller } from './caller';
import { recordContactAccess } from './contact-access';
import type { DomainContext } from './context';
import { dealerMaySee, LISTED_STATUSES } from './dealer-visibility';
import { decodeCursor, encodeCursor } from './cursor';
import { audienceFor, listPageBytes, shapeVehicle, showsContact } from './vehicle-view';


export interface VehiclePage {
  /** The page as the JSON array the route answers, shared by every caller of the audience (see listPageBytes): never modify it. */
  json: Buffer;
  nextCursor?: string;
}

/** Kept as long as the page itself is (the repository's list cache hands out the same page object). */
const nextCursors = new WeakMap<VehiclePageResult, string | undefined>();

function nextCursorOf(page: VehiclePageResult): string | undefined {
  if (!nextCursors.has(page)) {
    const last = page.vehicles.at(-1);
    nextCursors.set(page, page.hasMore && last ? encodeCursor({ createdAt: last.createdAt, id: String(last._id) }) : undefined);
  }
  return nextCursors.get(page);
}

/**
 * The dealer dashboard's list: newest first, filtered, one page at a time, never with contact
 * details, and the same for every dealer (each dealer's own records: GET /api/vehicles/mine).
 */
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
  return { json: listPageBytes(page.vehicles, isDealer(caller) ? 'dealer-list' : 'admin-list'), nextCursor: nextCursorOf(page) };
}

/** The words of the admin's search, lower-case and each once: a car must match every one. */
export function searchWordsOf(text: string | undefined): string[] {
  return [...new Set((text ?? '').toLowerCase().split(/\s+/).filter(Boolean))];
}

/**
 * The admin's vehicles tab: every car with the seller's contact details (each serving is logged),
 * narrowed by a status and the words of a search. Without a limit, every match at once as the
 * spec's call has it; with one, a page and its cursor.
 */
export async function listAllVehicles(context: DomainContext, query: AdminVehicleListQuery, caller: Caller): Promise<{ vehicles: VehicleView[]; nextCursor?: string }> {
  const filter: AdminVehicleFilter = { status: query.status, searchWords: searchWordsOf(query.q) };
  let vehicles: VehicleDocument[];
  let nextCursor: string | undefined;
  if (query.limit === undefined) {
    vehicles = await context.vehicles.findAll(filter);
  } else {
    const page = await context.vehicles.findAllPage(filter, query.limit, query.cursor ? decodeCursor(query.cursor) : undefined);
    vehicles = page.vehicles;
    nextCursor = nextCursorOf(page);
  }
  await recordContactAccess(context, vehicles, caller);
  return { vehicles: vehicles.map((vehicle) => shapeVehicle(vehicle, { kind: 'admin' })), nextCursor };
}

/** Shapes one car for the caller, logging the serving when it carries contact details. */
export async function viewVehicleFor(context: DomainContext, vehicle: VehicleDocument, caller: Caller): Promise<VehicleView> {
  const record = isDealer(caller) ? await context.dealerRecords.find(caller.userId, vehicle._id) : undefined;
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
