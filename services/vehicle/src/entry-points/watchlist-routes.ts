import type { Router } from 'express';
import { watchVehicleSchema, type WatchVehicleInput } from '@cardirect/contracts';
import { forbidden, requireRole, validateBody } from '@cardirect/service-kit';
import { isDealer, type DealerCaller } from '../domain/caller';
import type { DomainContext } from '../domain/context';
import { listWatchedVehicles, watchVehicle } from '../domain/watchlist';
import { callerOf, param } from './request-context';

function dealerOf(caller: ReturnType<typeof callerOf>): DealerCaller {
  if (!isDealer(caller)) throw forbidden('Only an approved dealer has a watchlist');
  return caller;
}

/** The dealer's watchlist: star a car, take the star off, and list the cars starred. Registered before GET /api/vehicles/:id. */
export function watchlistRoutes(router: Router, context: DomainContext): void {
  router.get('/api/vehicles/watched', requireRole('dealer'), async (req, res) => {
    res.json(await listWatchedVehicles(context, dealerOf(callerOf(req))));
  });

  router.post('/api/vehicles/:id/watch', requireRole('dealer'), validateBody(watchVehicleSchema), async (req, res) => {
    res.json(await watchVehicle(context, param(req, 'id'), req.body as WatchVehicleInput, dealerOf(callerOf(req))));
  });
}
