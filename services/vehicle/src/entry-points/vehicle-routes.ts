import type { RequestHandler, Response, Router } from 'express';
import { adminVehicleListQuerySchema, NEXT_CURSOR_HEADER, ownRecordsQuerySchema, vehicleCountQuerySchema, vehicleListQuerySchema, vehicleSubmissionSchema, vehicleUpdateSchema, type VehicleCount, type VehicleSubmission, type VehicleUpdate } from '@cardirect/contracts';
import { forbidden, GATEWAY_CACHE_CONTROL_HEADER, requireRole, validateBody, validateQuery } from '@cardirect/service-kit';
import { isDealer } from '../domain/caller';
import { listContactAccess } from '../domain/contact-access';
import type { DomainContext } from '../domain/context';
import { listDealerOwnRecords } from '../domain/dealer-own-records';
import { countVehiclesForDealers, getVehicle, listAllVehicles, listVehiclesForDealers } from '../domain/read-vehicles';
import { submitVehicle } from '../domain/submit-vehicle';
import { updateVehicle } from '../domain/update-vehicle';
import { callerOf, param, parsedQuery } from './request-context';

/** The model years move with the calendar, so the schema is built for each request. */
const validateSubmission: RequestHandler = (req, res, next) => validateBody(vehicleSubmissionSchema())(req, res, next);

/**
 * How long the gateway may serve a page of the list (or its count) again: through one gateway a
 * write is seen at once (it forgets its pages on every write it passes), through another within
 * this. The gateway is the list's only cache: the service reads every page it is asked for.
 */
const SHARED_LIST_MAX_AGE_SECONDS = 1;

/**
 * The list's answers are the same for every caller of the role, so the gateway may serve them again
 * for a second without asking (docs/decisions.md, Gateway); browsers ask again each time. Not a
 * list narrowed by distance: that is measured from the caller's own dealership.
 */
function allowSharing(res: Response, shared: boolean): void {
  res.set('Cache-Control', 'private, no-cache');
  if (shared) res.set(GATEWAY_CACHE_CONTROL_HEADER, `max-age=${SHARED_LIST_MAX_AGE_SECONDS}`);
}

/** Submitting, listing, reading and following up vehicles (spec section 7, ARCHITECTURE.md section 3). */
export function vehicleRoutes(router: Router, context: DomainContext): void {
  router.post('/api/vehicles', validateSubmission, async (req, res) => {
    const submitted = await submitVehicle(context, req.body as VehicleSubmission);
    res.status(201).json(submitted);
  });

  router.get('/api/vehicles', requireRole('dealer', 'admin'), validateQuery(vehicleListQuerySchema), async (req, res) => {
    const query = parsedQuery(req, vehicleListQuerySchema);
    const page = await listVehiclesForDealers(context, query, callerOf(req));
    if (page.nextCursor) res.set(NEXT_CURSOR_HEADER, page.nextCursor);
    allowSharing(res, query.withinMiles === undefined);
    res.json(page.vehicles);
  });

  router.get('/api/vehicles/count', requireRole('dealer', 'admin'), validateQuery(vehicleCountQuerySchema), async (req, res) => {
    const query = parsedQuery(req, vehicleCountQuerySchema);
    const answer: VehicleCount = { count: await countVehiclesForDealers(context, query, callerOf(req)) };
    allowSharing(res, query.withinMiles === undefined);
    res.json(answer);
  });

  router.get('/api/vehicles/mine', requireRole('dealer'), validateQuery(ownRecordsQuerySchema), async (req, res) => {
    const dealer = callerOf(req);
    if (!isDealer(dealer)) throw forbidden('Only an approved dealer has records of its own');
    res.json(await listDealerOwnRecords(context, parsedQuery(req, ownRecordsQuerySchema).vehicleIds, dealer));
  });

  router.get('/api/vehicles/all', requireRole('admin'), validateQuery(adminVehicleListQuerySchema), async (req, res) => {
    const { vehicles, nextCursor } = await listAllVehicles(context, parsedQuery(req, adminVehicleListQuerySchema), callerOf(req));
    if (nextCursor) res.set(NEXT_CURSOR_HEADER, nextCursor);
    res.json(vehicles);
  });

  router.get('/api/vehicles/:id', requireRole('admin', 'dealer', 'seller'), async (req, res) => {
    res.json(await getVehicle(context, param(req, 'id'), callerOf(req)));
  });

  router.patch('/api/vehicles/:id', requireRole('admin', 'dealer'), validateBody(vehicleUpdateSchema), async (req, res) => {
    res.json(await updateVehicle(context, param(req, 'id'), req.body as VehicleUpdate, callerOf(req)));
  });

  router.get('/api/vehicles/:id/access-log', requireRole('admin'), async (req, res) => {
    res.json(await listContactAccess(context, param(req, 'id')));
  });
}
