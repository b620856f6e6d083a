import type { RequestHandler, Router } from 'express';
import { NEXT_CURSOR_HEADER, vehicleListQuerySchema, vehicleSubmissionSchema, vehicleUpdateSchema, type VehicleSubmission, type VehicleUpdate } from '@cardirect/contracts';
import { requireRole, validateBody, validateQuery } from '@cardirect/service-kit';
import { listContactAccess } from '../domain/contact-access';
import type { DomainContext } from '../domain/context';
import { getVehicle, listAllVehicles, listVehiclesForDealers } from '../domain/read-vehicles';
import { submitVehicle } from '../domain/submit-vehicle';
import { updateVehicle } from '../domain/update-vehicle';
import { callerOf, param, parsedQuery } from './request-context';

/** The model years move with the calendar, so the schema is built for each request. */
const validateSubmission: RequestHandler = (req, res, next) => validateBody(vehicleSubmissionSchema())(req, res, next);

/** Submitting, listing, reading and following up vehicles (spec section 7, ARCHITECTURE.md section 3). */
export function vehicleRoutes(router: Router, context: DomainContext): void {
  router.post('/api/vehicles', validateSubmission, async (req, res) => {
    const submitted = await submitVehicle(context, req.body as VehicleSubmission);
    res.status(201).json(submitted);
  });

  router.get('/api/vehicles', requireRole('dealer', 'admin'), validateQuery(vehicleListQuerySchema), async (req, res) => {
    const page = await listVehiclesForDealers(context, parsedQuery(req, vehicleListQuerySchema), callerOf(req));
    if (page.nextCursor) res.set(NEXT_CURSOR_HEADER, page.nextCursor);
    // Already JSON (serialized with the page's shared parts precomputed); send adds the ETag as json() would.
    res.type('json').send(page.json);
  });

  router.get('/api/vehicles/all', requireRole('admin'), async (req, res) => {
    res.json(await listAllVehicles(context, callerOf(req)));
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
